//
// SeaSelect.hlsl lowered to Shader Model 5 in the listing layout of
//
//   fxc /T cs_5_0 /E main /Fc SeaSelect.asm SeaSelect.hlsl
//
// The bool keep of MODE 1 is a ~0/0 mask, or-ed over the four components as fxc keeps HLSL's || of bools.
//
// Buffer Definitions: 
//
// cbuffer Params
// {
//
//   uint WIDTH;                        // Offset:    0 Size:     4
//   uint HEIGHT;                       // Offset:    4 Size:     4 [unused]
//   uint BLOCK;                        // Offset:    8 Size:     4
//   uint RANGE;                        // Offset:   12 Size:     4
//   uint PITCH;                        // Offset:   16 Size:     4 [unused]
//   uint BAND_ROWS;                    // Offset:   20 Size:     4 [unused]
//   uint BANDS;                        // Offset:   24 Size:     4 [unused]
//   uint X_GROUPS;                     // Offset:   28 Size:     4
//   uint CUR_ROW0;                     // Offset:   32 Size:     4 [unused]
//   uint PREV_ROW0;                    // Offset:   36 Size:     4 [unused]
//   uint BLOCK_ROW0;                   // Offset:   40 Size:     4 [unused]
//   uint CANDIDATES;                   // Offset:   44 Size:     4
//   uint IPITCH;                       // Offset:   48 Size:     4 [unused]
//   uint LEVEL;                        // Offset:   52 Size:     4 [unused]
//   uint MIN_LEVEL;                    // Offset:   56 Size:     4 [unused]
//   uint MODE;                         // Offset:   60 Size:     4
//
// }
//
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// cand_bound                        texture    uint         buf             t0      1 
// best                              texture    uint         buf             t1      1 
// lanes                                 UAV    uint         buf             u0      1 
// lane_count                            UAV    uint         buf             u1      1 
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
//   r0.x  WIDTH / BLOCK     r0.y  block             r0.z  first             r0.w  ceil(RANGE / 4)
//   r1.x  zeroLane          r1.z  low (MODE 0), bx (MODE 1)                 r1.w  lowLane, SAD_BEST
//   r2.x  c                 r2.z  count             r3.y  RANK_BEST         r3.z  bx/4 - ceil(RANGE/4)
//   r3.w  2 * RANGE + 1     r5.y  keep
cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[4], immediateIndexed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_buffer (uint,uint,uint,uint) t1
dcl_uav_typed_buffer (uint,uint,uint,uint) u0
dcl_uav_typed_buffer (uint,uint,uint,uint) u1
dcl_input vThreadID.xy
dcl_temps 8
dcl_thread_group 64, 1, 1
udiv r0.x, null, cb0[0].x, cb0[0].z
uge r0.y, vThreadID.x, r0.x
if_nz r0.y
  ret 
endif 
imad r0.y, vThreadID.y, r0.x, vThreadID.x
imul null, r0.z, r0.y, cb0[2].w
iadd r0.w, cb0[0].w, l(3)
ushr r0.w, r0.w, l(2)
imad r1.x, cb0[0].w, cb0[1].w, r0.w
ieq r1.y, cb0[3].w, l(0)
if_nz r1.y
  iadd r2.y, r0.z, r1.x
  ishl r2.y, r2.y, l(2)
  ld_indexable(buffer)(uint,uint,uint,uint) r1.z, r2.yyyy, t0.yzxw
  mov r1.w, r1.x
  mov r2.x, l(0)
  loop 
    uge r2.y, r2.x, cb0[2].w
    breakc_nz r2.y
    iadd r2.y, r0.z, r2.x
    ishl r2.y, r2.y, l(2)
    mov r2.z, l(0)
    loop 
      uge r2.w, r2.z, l(4)
      breakc_nz r2.w
      iadd r2.w, r2.y, r2.z
      ld_indexable(buffer)(uint,uint,uint,uint) r3.x, r2.wwww, t0.xyzw
      ult r3.y, r3.x, r1.z
      if_nz r3.y
        mov r1.z, r3.x
        mov r1.w, r2.x
      endif 
      iadd r2.z, r2.z, l(1)
    endloop 
    iadd r2.x, r2.x, l(1)
  endloop 
  store_uav_typed u0.xyzw, r0.zzzz, r1.wwww
  mov r2.z, l(1)
else 
  imul null, r1.z, vThreadID.x, cb0[0].z
  ishl r3.x, r0.y, l(1)
  ld_indexable(buffer)(uint,uint,uint,uint) r1.w, r3.xxxx, t1.yzwx
  iadd r3.x, r3.x, l(1)
  ld_indexable(buffer)(uint,uint,uint,uint) r3.y, r3.xxxx, t1.yxzw
  ushr r3.z, r1.z, l(2)
  iadd r3.z, r3.z, -r0.w
  ishl r3.w, cb0[0].w, l(1)
  iadd r3.w, r3.w, l(1)
  mov r2.z, l(0)
  mov r2.x, l(0)
  loop 
    uge r2.y, r2.x, cb0[2].w
    breakc_nz r2.y
    udiv r4.x, r4.y, r2.x, cb0[1].w
    iadd r4.x, r4.x, -cb0[0].w
    iadd r4.y, r3.z, r4.y
    iadd r4.z, r0.z, r2.x
    ishl r4.z, r4.z, l(2)
    iadd r4.w, r4.x, cb0[0].w
    imul null, r4.w, r4.w, r3.w
    ieq r5.x, r4.x, l(0)
    mov r5.y, l(0)
    mov r5.z, l(0)
    loop 
      uge r5.w, r5.z, l(4)
      breakc_nz r5.w
      imad r6.x, r4.y, l(4), r5.z
      iadd r6.y, r4.z, r5.z
      ld_indexable(buffer)(uint,uint,uint,uint) r6.z, r6.yyyy, t0.yzxw
      iadd r6.y, r6.x, -r1.z
      ieq r6.w, r6.y, l(0)
      and r6.w, r5.x, r6.w
      iadd r6.y, r4.w, r6.y
      iadd r6.y, r6.y, cb0[0].w
      iadd r6.y, r6.y, l(1)
      movc r6.y, r6.w, l(0), r6.y
      ine r7.x, r6.z, l(-1)
      ult r7.y, r6.z, r1.w
      ieq r7.z, r6.z, r1.w
      ult r7.w, r6.y, r3.y
      and r7.z, r7.z, r7.w
      or r7.y, r7.y, r7.z
      and r7.x, r7.x, r7.y
      ine r7.y, r6.y, r3.y
      and r7.x, r7.x, r7.y
      or r5.y, r5.y, r7.x
      iadd r5.z, r5.z, l(1)
    endloop 
    if_nz r5.y
      iadd r6.x, r0.z, r2.z
      store_uav_typed u0.xyzw, r6.xxxx, r2.xxxx
      iadd r2.z, r2.z, l(1)
    endif 
    iadd r2.x, r2.x, l(1)
  endloop 
endif 
store_uav_typed u1.xyzw, r0.yyyy, r2.zzzz
ret 
// Approximately 99 instruction slots used
