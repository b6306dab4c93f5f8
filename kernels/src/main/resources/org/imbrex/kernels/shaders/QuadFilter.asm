//
// QuadFilter.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc QuadFilter.asm QuadFilter.hlsl
//
// The four quads of a thread are one vector r1 (x: bytes 0-3, y: 1-4, z: 2-5, w: 3-6, the next word's bytes
// shifted in), hashed by one imul; the key word of each is fetched with one ld per component and the bits
// tested as a vector. The word index is the hash's top 16 bits, the bit its next 5.
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
ushr r1.yzw, r0.xxxx, l(0, 8, 16, 24)
ishl r2.yzw, r0.yyyy, l(0, 24, 16, 8)
or r1.yzw, r1.yyzw, r2.yyzw
mov r1.x, r0.x
imul null, r1.xyzw, r1.xyzw, l(0x9e3779b1, 0x9e3779b1, 0x9e3779b1, 0x9e3779b1)
ushr r2.xyzw, r1.xyzw, l(16, 16, 16, 16)
ubfe r1.xyzw, l(5, 5, 5, 5), l(11, 11, 11, 11), r1.xyzw
ld_indexable(buffer)(uint,uint,uint,uint) r3.x, r2.xxxx, t1.xyzw
ld_indexable(buffer)(uint,uint,uint,uint) r3.y, r2.yyyy, t1.yxzw
ld_indexable(buffer)(uint,uint,uint,uint) r3.z, r2.zzzz, t1.yzxw
ld_indexable(buffer)(uint,uint,uint,uint) r3.w, r2.wwww, t1.yzwx
ushr r1.xyzw, r3.xyzw, r1.xyzw
and r1.xyzw, r1.xyzw, l(1, 1, 1, 1)
ishl r1.yzw, r1.xyzw, l(0, 1, 2, 3)
or r0.x, r1.y, r1.x
or r0.x, r0.x, r1.z
or r0.x, r0.x, r1.w
store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx
ret 
// Approximately 22 instruction slots used
