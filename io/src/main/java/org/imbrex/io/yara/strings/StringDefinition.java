package org.imbrex.io.yara.strings;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One YARA string definition, {@code $identifier = VALUE MODIFIERS}, as written in a rule's {@code
 * strings:} section, with the place of its {@code $}.
 * <pre>
 *   $mz = "MZ" wide nocase           identifier "mz", TextString 4D 5A, modifiers [wide, nocase]
 *   $   = { 4D 5A [2-4] 00 } private identifier "" (anonymous), HexString, modifiers [private]
 *   $re = /MZ.{2}PE/i                identifier "re", RegularExpression, no modifiers
 * </pre>
 * A text string without {@code ascii} or {@code wide} is matched as ASCII, as YARA does.
 *
 * <p>Example: {@code StringDefinitionReader.read("r.yar", "$mz = \"MZ\" wide").has(StringModifier.WIDE)}
 * is true; {@code ...has(StringModifier.ASCII)} is false, and {@link #matchesAscii()} is false too.
 */
public record StringDefinition(String identifier, StringValue value, List<Modifier> modifiers,
        YaraSource.Position position) {

    public StringDefinition {
        modifiers = List.copyOf(modifiers);
    }

    public boolean has(StringModifier kind) {
        return modifiers.stream().anyMatch(modifier -> modifier.kind() == kind);
    }

    /** True when ASCII occurrences count: {@code ascii} is given, or {@code wide} is not. */
    public boolean matchesAscii() {
        return has(StringModifier.ASCII) || !has(StringModifier.WIDE);
    }

    /** Why {@link StringMatcher} cannot match this string; empty when it can. */
    public Optional<String> unsupportedReason() {
        if (value instanceof RegularExpression) {
            return Optional.of(RegularExpression.UNSUPPORTED_REASON);
        }
        return modifiers.stream().map(modifier -> modifier.kind().unsupportedReason())
                .flatMap(Optional::stream).findFirst();
    }

    /** The definition in YARA syntax, e.g. {@code $a = { 4D ?? } private}. */
    @Override
    public String toString() {
        String text;
        if (value instanceof TextString t) {
            text = TextStringReader.quote(t);
        } else if (value instanceof HexString h) {
            text = "{ " + h + " }";
        } else {
            RegularExpression r = (RegularExpression) value;
            text = "/" + r.source() + "/" + r.flags();
        }
        String suffix = modifiers.stream().map(Modifier::toString).map(m -> " " + m).collect(Collectors.joining());
        return "$" + identifier + " = " + text + suffix;
    }
}
