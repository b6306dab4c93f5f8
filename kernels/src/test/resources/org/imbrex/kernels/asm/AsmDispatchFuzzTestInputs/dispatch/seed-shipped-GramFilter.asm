//
// GramFilter.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc GramFilter.asm GramFilter.hlsl
//
// The four grams of a thread are one vector r1 (x: bytes 0-1, y: 1-2, z: 2-3, w: 3 and the next word's 0),
// so the key word indices are a vector too, class k's table 2048 words further for component k: the key
// words are fetched with one ld per component and the bits tested as a vector.
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// buf_src                           texture    uint         buf             t0      1 
// buf_keys                          texture    uint         buf             t1      1 
// buf_hits                              UAV    uint         buf             u0      1 
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
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_input vThreadID.x
dcl_temps 4
dcl_thread_group 64, 1, 1
ld_indexable(buffer)(uint,uint,uint,uint) r0.x, vThreadID.xxxx, t0.xyzw
iadd r0.y, vThreadID.x, l(1)
ld_indexable(buffer)(uint,uint,uint,uint) r0.y, r0.yyyy, t0.yxzw
and r1.x, r0.x, l(0x0000ffff)
ubfe r1.y, l(16), l(8), r0.x
ushr r1.z, r0.x, l(16)
ushr r0.x, r0.x, l(24)
bfi r1.w, l(8), l(8), r0.y, r0.x
ushr r2.xyzw, r1.xyzw, l(5, 5, 5, 5)
iadd r2.yzw, r2.yyzw, l(0, 2048, 4096, 6144)
ld_indexable(buffer)(uint,uint,uint,uint) r3.x, r2.xxxx, t1.xyzw
ld_indexable(buffer)(uint,uint,uint,uint) r3.y, r2.yyyy, t1.yxzw
ld_indexable(buffer)(uint,uint,uint,uint) r3.z, r2.zzzz, t1.yzxw
ld_indexable(buffer)(uint,uint,uint,uint) r3.w, r2.wwww, t1.yzwx
and r1.xyzw, r1.xyzw, l(31, 31, 31, 31)
ushr r1.xyzw, r3.xyzw, r1.xyzw
and r1.xyzw, r1.xyzw, l(1, 1, 1, 1)
ishl r1.yzw, r1.xyzw, l(0, 1, 2, 3)
or r0.x, r1.y, r1.x
or r0.x, r0.x, r1.z
or r0.x, r0.x, r1.w
store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx
ret 
// Approximately 23 instruction slots used
