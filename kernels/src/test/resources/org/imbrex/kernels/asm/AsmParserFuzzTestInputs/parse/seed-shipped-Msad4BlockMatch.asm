//
// Msad4BlockMatch.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc Msad4BlockMatch.asm Msad4BlockMatch.hlsl
//
// msad4 is lowered as fxc lowers it: ushr, bfi, mov, msad (spec section 1.2).
//
//
// Buffer Definitions: 
//
// cbuffer Params
// {
//
//   uint WIDTH;                        // Offset:    0 Size:     4
//   uint HEIGHT;                       // Offset:    4 Size:     4
//   uint BLOCK;                        // Offset:    8 Size:     4
//   uint RANGE;                        // Offset:   12 Size:     4
//   uint PITCH;                        // Offset:   16 Size:     4
//   uint BAND_ROWS;                    // Offset:   20 Size:     4
//   uint BANDS;                        // Offset:   24 Size:     4
//   uint X_GROUPS;                     // Offset:   28 Size:     4
//   uint CUR_ROW0;                     // Offset:   32 Size:     4
//   uint PREV_ROW0;                    // Offset:   36 Size:     4
//   uint BLOCK_ROW0;                   // Offset:   40 Size:     4
//   uint CANDIDATES;                   // Offset:   44 Size:     4
//
// }
//
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// cur_luma                          texture    uint         buf             t0      1 
// prev_luma                         texture    uint         buf             t1      1 
// cand_sad                              UAV   uint4         buf             u0      1 
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
//
// Registers after the set-up, before the band loop:
//
//   r0.x  BLOCK / 4         r0.y  curWord           r0.z  prevWord          r0.w  band
//   r1.y  base              r2    inWindow (~0 / 0 per x-candidate)
//   r1.z  r                 r1.w  (band + 1) * BAND_ROWS
//   r3    accum             r4.y  r * PITCH         r4.z  k
//   r5.x  src               r5.y  cur_luma word     r6.xy prev_luma words   r8  windows W_0 .. W_3
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[3], immediateIndexed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_input vThreadID.xyz
dcl_temps 9
dcl_thread_group 64, 1, 1
uge r0.x, vThreadID.x, cb0[2].w
if_nz r0.x
  ret 
endif 
imul null, r0.x, vThreadID.y, cb0[0].z
iadd r0.y, vThreadID.z, cb0[2].z
imul null, r0.y, r0.y, cb0[0].z
udiv r1.x, r1.y, vThreadID.x, cb0[1].w
iadd r0.z, r1.x, -cb0[0].w
ushr r0.w, r0.x, l(2)
iadd r1.x, cb0[0].w, l(3)
ushr r1.x, r1.x, l(2)
iadd r1.x, r0.w, -r1.x
iadd r1.x, r1.y, r1.x
iadd r0.z, r0.y, r0.z
ishl r1.y, r1.x, l(2)
iadd r2.xyzw, r1.yyyy, l(0, 1, 2, 3)
udiv r1.yz, null, cb0[0].xxyx, cb0[0].zzzz
iadd r3.xy, r1.yzyy, l(-1, -1, 0, 0)
imul null, r3.xy, r3.xyxx, cb0[0].zzzz
ige r4.xyzw, r2.xyzw, l(0, 0, 0, 0)
ige r5.xyzw, r3.xxxx, r2.xyzw
and r4.xyzw, r4.xyzw, r5.xyzw
iadd r2.xyzw, -r0.xxxx, r2.xyzw
imax r2.xyzw, -r2.xyzw, r2.xyzw
ige r2.xyzw, cb0[0].wwww, r2.xyzw
and r2.xyzw, r2.xyzw, r4.xyzw
ige r3.x, r0.z, l(0)
and r2.xyzw, r2.xyzw, r3.xxxx
ige r3.x, r3.y, r0.z
and r2.xyzw, r2.xyzw, r3.xxxx
imad r1.y, vThreadID.z, r1.y, vThreadID.y
imad r1.y, r1.y, cb0[2].w, vThreadID.x
imul null, r1.y, r1.y, cb0[1].z
iadd r0.y, r0.y, -cb0[2].x
imad r0.y, r0.y, cb0[1].x, r0.w
iadd r0.z, r0.z, -cb0[2].y
imad r0.z, r0.z, cb0[1].x, r1.x
ushr r0.x, cb0[0].z, l(2)
mov r0.w, l(0)
loop 
  uge r1.x, r0.w, cb0[1].z
  breakc_nz r1.x
  mov r3.xyzw, l(0,0,0,0)
  imul null, r1.z, r0.w, cb0[1].y
  iadd r1.w, r0.w, l(1)
  imul null, r1.w, r1.w, cb0[1].y
  loop 
    uge r4.x, r1.z, r1.w
    breakc_nz r4.x
    imul null, r4.y, r1.z, cb0[1].x
    mov r4.z, l(0)
    loop 
      uge r4.w, r4.z, r0.x
      breakc_nz r4.w
      iadd r4.w, r4.y, r4.z
      iadd r5.x, r0.z, r4.w
      iadd r4.w, r0.y, r4.w
      ld_indexable(buffer)(uint,uint,uint,uint) r5.y, r4.wwww, t0.yxzw
      ld_indexable(buffer)(uint,uint,uint,uint) r6.x, r5.xxxx, t1.xyzw
      iadd r5.x, r5.x, l(1)
      ld_indexable(buffer)(uint,uint,uint,uint) r6.y, r5.xxxx, t1.yxzw
      ushr r7.xyz, r6.xxxx, l(8, 16, 24, 0)
      bfi r8.yzw, l(0, 8, 16, 24), l(0, 24, 16, 8), r6.yyyy, r7.xxyz
      mov r8.x, r6.x
      msad r3.xyzw, r5.yyyy, r8.xyzw, r3.xyzw
      iadd r4.z, r4.z, l(1)
    endloop 
    iadd r1.z, r1.z, l(1)
  endloop 
  movc r3.xyzw, r2.xyzw, r3.xyzw, l(-1,-1,-1,-1)
  iadd r1.x, r1.y, r0.w
  store_uav_typed u0.xyzw, r1.xxxx, r3.xyzw
  iadd r0.w, r0.w, l(1)
endloop 
ret 
// Approximately 76 instruction slots used
