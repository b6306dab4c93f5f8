cs_5_0
dcl_thread_group 4, 1, 1
dcl_input vThreadIDInGroupFlattened.x
dcl_uav_raw u0
dcl_temps 2
mov r0.x, l(0)
loop
  uge r1.x, r0.x, vThreadIDInGroupFlattened.x
  breakc_nz r1.x
  switch r0.x
    case l(1)
    iadd r0.x, r0.x, l(1)
    break
    default
    iadd r0.x, r0.x, l(1)
    break
  endswitch
endloop
ishl r1.x, vThreadIDInGroupFlattened.x, l(2)
store_raw u0.x, r1.x, r0.x
ret
