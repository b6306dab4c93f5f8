//
// Msad4Search.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc Msad4Search.asm Msad4Search.hlsl
//
// msad4 is lowered as fxc lowers it: ushr, bfi, mov, msad (spec section 1.2).
//
// Buffer Definitions: 
//
// cbuffer Params
// {
//
//   uint REF_SIZE;                     // Offset:    0 Size:     4
//
// }
//
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// buf_ref                           texture    uint         buf             t0      1 
// buf_src                           texture    uint         buf             t1      1 
// buf_accum                             UAV   uint4         buf             u0      1 
// Params                            cbuffer      NA          NA            cb0      1 
//
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Input
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Output
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_input vThreadID.x
dcl_temps 5
dcl_thread_group 64, 1, 1
mov r0.xyzw, l(0,0,0,0)
mov r1.x, l(0)
loop 
  uge r1.y, r1.x, cb0[0].x
  breakc_nz r1.y
  ld_indexable(buffer)(uint,uint,uint,uint) r1.y, r1.xxxx, t0.yxzw
  iadd r1.z, r1.x, vThreadID.x
  ld_indexable(buffer)(uint,uint,uint,uint) r2.x, r1.zzzz, t1.xyzw
  iadd r1.z, r1.z, l(1)
  ld_indexable(buffer)(uint,uint,uint,uint) r2.y, r1.zzzz, t1.yxzw
  ushr r3.xyz, r2.xxxx, l(8, 16, 24, 0)
  bfi r4.yzw, l(0, 8, 16, 24), l(0, 24, 16, 8), r2.yyyy, r3.xxyz
  mov r4.x, r2.x
  msad r0.xyzw, r1.yyyy, r4.xyzw, r0.xyzw
  iadd r1.x, r1.x, l(1)
endloop 
store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xyzw
ret 
// Approximately 16 instruction slots used
