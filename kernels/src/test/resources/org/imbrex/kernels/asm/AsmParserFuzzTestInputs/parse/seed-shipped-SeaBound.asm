//
// SeaBound.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc SeaBound.asm SeaBound.hlsl
//
// level_bound is inlined once: a loop over the levels computes it except on the first pass of MODE 1, whose
// bounds come from t3. abs(int4) is lowered as fxc lowers it: imax of the value and its negation.
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
//   uint PITCH;                        // Offset:   16 Size:     4 [unused]
//   uint BAND_ROWS;                    // Offset:   20 Size:     4 [unused]
//   uint BANDS;                        // Offset:   24 Size:     4 [unused]
//   uint X_GROUPS;                     // Offset:   28 Size:     4
//   uint CUR_ROW0;                     // Offset:   32 Size:     4 [unused]
//   uint PREV_ROW0;                    // Offset:   36 Size:     4
//   uint BLOCK_ROW0;                   // Offset:   40 Size:     4
//   uint CANDIDATES;                   // Offset:   44 Size:     4
//   uint IPITCH;                       // Offset:   48 Size:     4
//   uint LEVEL;                        // Offset:   52 Size:     4
//   uint MIN_LEVEL;                    // Offset:   56 Size:     4
//   uint MODE;                         // Offset:   60 Size:     4
//
// }
//
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// cur_sat                           texture    uint         buf             t0      1 
// prev_sat                          texture    uint         buf             t1      1 
// best                              texture    uint         buf             t2      1 
// prior                             texture    uint         buf             t3      1 
// cand_bound                            UAV   uint4         buf             u0      1 
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
// Registers:
//
//   r0.x  bx                r0.y  by                r0.z  dy                r0.w  block
//   r1    px                r2    inWindow          r3    rank              r4    bound
//   r5.x  level             r5.y  SAD_BEST          r5.z  RANK_BEST         r5.w  py
//   r6.w  MODE 1's first pass (bounds from t3)      r7.x  s = 1 << level    r7.y  n = BLOCK >> level
//   r16.x c                 r16.y blockCol          r16.z group of the block (Gid.x % groupsPerBlock)
//   r7.z  i                 r8.y  frame n row       r8.z  frame n-1 row     r8.w  j
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[4], immediateIndexed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_resource_buffer (uint,uint,uint,uint) t2
dcl_resource_buffer (uint,uint,uint,uint) t3
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_input vThreadGroupID.xy
dcl_input vThreadIDInGroup.x
dcl_temps 17
dcl_thread_group 64, 1, 1
iadd r16.x, cb0[2].w, l(63)
ushr r16.x, r16.x, l(6)
udiv r16.y, r16.z, vThreadGroupID.x, r16.x
imad r16.x, r16.z, l(64), vThreadIDInGroup.x
uge r6.x, r16.x, cb0[2].w
if_nz r6.x
  ret 
endif 
imul null, r0.x, r16.y, cb0[0].z
iadd r0.y, vThreadGroupID.y, cb0[2].z
imul null, r0.y, r0.y, cb0[0].z
udiv r6.x, r6.y, r16.x, cb0[1].w
iadd r0.z, r6.x, -cb0[0].w
ushr r6.z, r0.x, l(2)
iadd r6.w, cb0[0].w, l(3)
ushr r6.w, r6.w, l(2)
iadd r6.z, r6.z, -r6.w
iadd r6.z, r6.y, r6.z
iadd r5.w, r0.y, r0.z
ishl r6.z, r6.z, l(2)
iadd r1.xyzw, r6.zzzz, l(0, 1, 2, 3)
udiv r6.yz, null, cb0[0].xxyx, cb0[0].zzzz
iadd r7.xy, r6.yzyy, l(-1, -1, 0, 0)
imul null, r7.xy, r7.xyxx, cb0[0].zzzz
ige r8.xyzw, r1.xyzw, l(0, 0, 0, 0)
ige r9.xyzw, r7.xxxx, r1.xyzw
and r8.xyzw, r8.xyzw, r9.xyzw
iadd r9.xyzw, -r0.xxxx, r1.xyzw
imax r10.xyzw, -r9.xyzw, r9.xyzw
ige r10.xyzw, cb0[0].wwww, r10.xyzw
and r8.xyzw, r8.xyzw, r10.xyzw
ige r10.x, r5.w, l(0)
and r8.xyzw, r8.xyzw, r10.xxxx
ige r10.x, r7.y, r5.w
and r2.xyzw, r8.xyzw, r10.xxxx
imad r0.w, vThreadGroupID.y, r6.y, r16.y
ishl r6.x, r0.w, l(1)
ld_indexable(buffer)(uint,uint,uint,uint) r5.y, r6.xxxx, t2.yxzw
iadd r6.x, r6.x, l(1)
ld_indexable(buffer)(uint,uint,uint,uint) r5.z, r6.xxxx, t2.yzxw
iadd r6.x, r0.z, cb0[0].w
ishl r6.y, cb0[0].w, l(1)
iadd r6.y, r6.y, l(1)
imul null, r6.x, r6.x, r6.y
iadd r6.x, r6.x, l(1)
iadd r10.xyzw, r9.xyzw, cb0[0].wwww
iadd r10.xyzw, r6.xxxx, r10.xyzw
ieq r11.xyzw, r9.xyzw, l(0, 0, 0, 0)
ieq r6.x, r0.z, l(0)
and r11.xyzw, r11.xyzw, r6.xxxx
movc r3.xyzw, r11.xyzw, l(0,0,0,0), r10.xyzw
mov r5.x, cb0[3].y
ieq r6.w, cb0[3].w, l(1)
if_nz r6.w
  imad r6.x, r0.w, cb0[2].w, r16.x
  ishl r6.x, r6.x, l(2)
  iadd r7.xyzw, r6.xxxx, l(0, 1, 2, 3)
  ld_indexable(buffer)(uint,uint,uint,uint) r4.x, r7.xxxx, t3.xyzw
  ld_indexable(buffer)(uint,uint,uint,uint) r4.y, r7.yyyy, t3.yxzw
  ld_indexable(buffer)(uint,uint,uint,uint) r4.z, r7.zzzz, t3.yzxw
  ld_indexable(buffer)(uint,uint,uint,uint) r4.w, r7.wwww, t3.yzwx
endif 
loop 
  if_z r6.w
    ishl r7.x, l(1), r5.x
    ushr r7.y, cb0[0].z, r5.x
    mov r4.xyzw, l(0,0,0,0)
    mov r7.z, l(0)
    loop 
      uge r7.w, r7.z, r7.y
      breakc_nz r7.w
      imul null, r8.x, r7.z, r7.x
      iadd r8.y, r0.y, r8.x
      iadd r8.y, r8.y, -cb0[2].y
      iadd r8.z, r5.w, r8.x
      iadd r8.z, r8.z, -cb0[2].y
      mov r8.w, l(0)
      loop 
        uge r9.x, r8.w, r7.y
        breakc_nz r9.x
        imul null, r9.x, r8.w, r7.x
        iadd r9.y, r0.x, r9.x
        imad r9.z, r8.y, cb0[3].x, r9.y
        iadd r10.x, r8.y, r7.x
        imad r9.w, r10.x, cb0[3].x, r9.y
        iadd r10.xy, r9.zwzz, r7.xxxx
        ld_indexable(buffer)(uint,uint,uint,uint) r11.x, r9.zzzz, t0.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r11.y, r9.wwww, t0.yxzw
        ld_indexable(buffer)(uint,uint,uint,uint) r11.z, r10.xxxx, t0.yzxw
        ld_indexable(buffer)(uint,uint,uint,uint) r11.w, r10.yyyy, t0.yzwx
        iadd r11.w, r11.w, -r11.z
        iadd r11.w, r11.w, -r11.y
        iadd r6.y, r11.w, r11.x
        iadd r10.xyzw, r1.xyzw, r9.xxxx
        imad r11.xyzw, r8.zzzz, cb0[3].xxxx, r10.xyzw
        iadd r6.z, r8.z, r7.x
        imad r12.xyzw, r6.zzzz, cb0[3].xxxx, r10.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r13.x, r11.xxxx, t1.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r13.y, r11.yyyy, t1.yxzw
        ld_indexable(buffer)(uint,uint,uint,uint) r13.z, r11.zzzz, t1.yzxw
        ld_indexable(buffer)(uint,uint,uint,uint) r13.w, r11.wwww, t1.yzwx
        ld_indexable(buffer)(uint,uint,uint,uint) r14.x, r12.xxxx, t1.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r14.y, r12.yyyy, t1.yxzw
        ld_indexable(buffer)(uint,uint,uint,uint) r14.z, r12.zzzz, t1.yzxw
        ld_indexable(buffer)(uint,uint,uint,uint) r14.w, r12.wwww, t1.yzwx
        iadd r11.xyzw, r11.xyzw, r7.xxxx
        iadd r12.xyzw, r12.xyzw, r7.xxxx
        ld_indexable(buffer)(uint,uint,uint,uint) r10.x, r11.xxxx, t1.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r10.y, r11.yyyy, t1.yxzw
        ld_indexable(buffer)(uint,uint,uint,uint) r10.z, r11.zzzz, t1.yzxw
        ld_indexable(buffer)(uint,uint,uint,uint) r10.w, r11.wwww, t1.yzwx
        ld_indexable(buffer)(uint,uint,uint,uint) r15.x, r12.xxxx, t1.xyzw
        ld_indexable(buffer)(uint,uint,uint,uint) r15.y, r12.yyyy, t1.yxzw
        ld_indexable(buffer)(uint,uint,uint,uint) r15.z, r12.zzzz, t1.yzxw
        ld_indexable(buffer)(uint,uint,uint,uint) r15.w, r12.wwww, t1.yzwx
        iadd r15.xyzw, r15.xyzw, -r10.xyzw
        iadd r15.xyzw, r15.xyzw, -r14.xyzw
        iadd r15.xyzw, r15.xyzw, r13.xyzw
        iadd r15.xyzw, r6.yyyy, -r15.xyzw
        imax r15.xyzw, -r15.xyzw, r15.xyzw
        iadd r4.xyzw, r4.xyzw, r15.xyzw
        iadd r8.w, r8.w, l(1)
      endloop 
      iadd r7.z, r7.z, l(1)
    endloop 
  endif 
  mov r6.w, l(0)
  ult r6.x, cb0[3].z, r5.x
  ult r7.xyzw, r4.xyzw, r5.yyyy
  ieq r8.xyzw, r4.xyzw, r5.yyyy
  ult r9.xyzw, r3.xyzw, r5.zzzz
  and r8.xyzw, r8.xyzw, r9.xyzw
  or r7.xyzw, r7.xyzw, r8.xyzw
  and r7.xyzw, r2.xyzw, r7.xyzw
  or r7.xy, r7.xyxx, r7.zwzz
  or r7.x, r7.y, r7.x
  and r6.x, r6.x, r7.x
  breakc_z r6.x
  iadd r5.x, r5.x, l(-1)
endloop 
imad r6.x, r0.w, cb0[2].w, r16.x
movc r4.xyzw, r2.xyzw, r4.xyzw, l(-1,-1,-1,-1)
store_uav_typed u0.xyzw, r6.xxxx, r4.xyzw
ret 
// Approximately 143 instruction slots used
