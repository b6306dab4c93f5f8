package org.imbrex.io.yara.strings;

/**
 * One modifier as written after a string, with its argument: the text between the parentheses of {@code
 * xor(1-31)} or {@code base64("…")}, kept verbatim and not interpreted, or empty when there is none.
 *
 * <p>Example: {@code $a = "MZ" xor(0x01-0xff) wide} has modifiers {@code Modifier(XOR, "0x01-0xff")} and
 * {@code Modifier(WIDE, "")}.
 */
public record Modifier(StringModifier kind, String argument) {

    public static Modifier of(StringModifier kind) {
        return new Modifier(kind, "");
    }

    @Override
    public String toString() {
        return argument.isEmpty() ? kind.keyword() : kind.keyword() + "(" + argument + ")";
    }
}
