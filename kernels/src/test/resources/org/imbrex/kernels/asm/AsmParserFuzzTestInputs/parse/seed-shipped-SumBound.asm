//
// SumBound.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc SumBound.asm SumBound.hlsl
//
// abs(int4) is lowered as fxc lowers it: ineg and imax. The four offsets of a thread are the vector r3/r4.
//
// Buffer Definitions: 
//
// cbuffer Params
// {
//
//   uint RUNS;                         // Offset:    0 Size:     4
//
// }
//
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// buf_prefix                        texture    uint         buf             t0      1 
// buf_runs                          texture    uint         buf             t1      1 
// buf_at                            texture    uint         buf             t2      1 
// buf_bound                             UAV   uint4         buf             u0      1 
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
dcl_resource_buffer (uint,uint,uint,uint) t2
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_input vThreadID.x
dcl_temps 6
dcl_thread_group 64, 1, 1
ld_indexable(buffer)(uint,uint,uint,uint) r0.x, vThreadID.xxxx, t2.xyzw
ishl r0.x, r0.x, l(2)
iadd r0.xyzw, r0.xxxx, l(0, 1, 2, 3)
mov r1.xyzw, l(0,0,0,0)
mov r2.w, l(0)
loop 
  uge r2.x, r2.w, cb0[0].x
  breakc_nz r2.x
  ishl r2.x, r2.w, l(1)
  iadd r2.x, r2.x, r2.w
  ld_indexable(buffer)(uint,uint,uint,uint) r5.x, r2.xxxx, t1.xyzw
  iadd r2.y, r2.x, l(1)
  ld_indexable(buffer)(uint,uint,uint,uint) r5.y, r2.yyyy, t1.yxzw
  iadd r2.z, r2.x, l(2)
  ld_indexable(buffer)(uint,uint,uint,uint) r5.z, r2.zzzz, t1.yzxw
  iadd r3.xyzw, r0.xyzw, r5.yyyy
  iadd r4.xyzw, r0.xyzw, r5.xxxx
  ld_indexable(buffer)(uint,uint,uint,uint) r2.x, r3.xxxx, t0.xyzw
  ld_indexable(buffer)(uint,uint,uint,uint) r2.y, r3.yyyy, t0.yxzw
  ld_indexable(buffer)(uint,uint,uint,uint) r2.z, r3.zzzz, t0.yzxw
  ld_indexable(buffer)(uint,uint,uint,uint) r3.x, r3.wwww, t0.xyzw
  ld_indexable(buffer)(uint,uint,uint,uint) r3.y, r4.xxxx, t0.yxzw
  ld_indexable(buffer)(uint,uint,uint,uint) r3.z, r4.yyyy, t0.yzxw
  ld_indexable(buffer)(uint,uint,uint,uint) r3.w, r4.zzzz, t0.yzwx
  ld_indexable(buffer)(uint,uint,uint,uint) r4.x, r4.wwww, t0.xyzw
  ineg r3.yzw, r3.yyzw
  iadd r2.xyz, r2.xyzx, r3.yzwy
  ineg r4.x, r4.x
  iadd r4.x, r3.x, r4.x
  ineg r5.w, r5.z
  iadd r3.xyz, r2.xyzx, r5.wwww
  iadd r3.w, r4.x, r5.w
  ineg r4.xyzw, r3.xyzw
  imax r3.xyzw, r3.xyzw, r4.xyzw
  iadd r1.xyzw, r1.xyzw, r3.xyzw
  iadd r2.w, r2.w, l(1)
endloop 
store_uav_typed u0.xyzw, vThreadID.xxxx, r1.xyzw
ret 
// Approximately 36 instruction slots used
