package org.imbrex.io.yara.strings;

/**
 * The value of a YARA string definition, the part between {@code =} and the modifiers.
 * <pre>
 *   $a = "MZ\x90"          {@link TextString}          bytes 4D 5A 90
 *   $b = { 4D 5A [2-4] 00 } {@link HexString}           tokens byte, byte, jump, byte
 *   $c = /MZ.{2}PE/is      {@link RegularExpression}   recognised, not matched
 * </pre>
 * Example: {@code StringDefinitionReader.read("r.yar", "$a = \"MZ\"").value()} is a {@code TextString}
 * whose {@code bytes()} are {@code 4D 5A}.
 */
public sealed interface StringValue permits TextString, HexString, RegularExpression {
}
