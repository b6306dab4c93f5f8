/*
    Rules in the style of public YARA collections: meta, text strings, regular expressions,
    modifiers and conditions next to the hex strings that imbrex searches.
*/
import "pe"
include "common.yar"

rule MZ_Dropper : dropper windows
{
    meta:
        author = "imbrex tests"
        description = "MZ header and PE stub { not a hex string }"
        score = 75
        active = true
        ratio = -1
    strings:
        $mz = { 4D 5A ?? 00 }            // MZ, any byte, a literal zero
        $stub = "This program cannot be run in DOS mode" ascii wide nocase
        $pe = {
            50 45 00 00   /* PE\0\0 */
            4C 01         // i386
        }
        $re = /https?:\/\/[a-z0-9.]+\/(gate|panel)\.php/ nocase
        $ = { 90 90 90 ?? C3 }
        $xored = "cmd.exe" xor(1-255)
        $b64 = "powershell" base64("!@#$%^&*(){}[].,|ABCDEFGHIJ\x09LMNOPQRSTUVWXYZabcdefghijklmnopqrstu")
    condition:
        $mz at 0 and pe.number_of_sections > 2 and ($pe or any of ($re, $stub)) and
        pe.sections[0].name matches /\.te}xt/ and "}" != "{"
}

private global rule Shellcode_Tail
{
    strings:
        $tail={EB FE}
        $loop = {E2FE??00}  private
    condition:
        all of them
}

rule Text_Only { strings: $a = "abc" condition: $a }
