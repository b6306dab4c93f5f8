import "pe"
include "other.yar"
private global rule r { strings: $a = { 4D 5A /* c */ 00 // x
 } $b = "q" xor(1-2) base64("ab") condition: $a at 0 and "}" != "{" }
