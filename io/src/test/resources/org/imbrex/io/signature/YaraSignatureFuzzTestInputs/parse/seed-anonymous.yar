rule p { strings: $ = { 01 } $ = { 02 } condition: any of them }
rule q : t1 t2 { meta: a = 1 b = "x" strings: $ = { 03 ?? } $s = "t" wide $r = /a[b]c/i condition: any of them and $s matches /x/ }
