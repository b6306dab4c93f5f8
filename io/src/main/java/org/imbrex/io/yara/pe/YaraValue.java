package org.imbrex.io.yara.pe;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * One value of a YARA module field: an integer, a byte string, or YARA's {@code YR_UNDEFINED}.
 *
 * <p>A condition over an undefined value is false in YARA ({@code pe.entry_point == 0} on a text file),
 * so a condition evaluator must keep the three apart.
 *
 * <p>Example: for a PE32 file with three sections, {@code module.lookup("sections", 0, "name")} is
 * {@code Bytes(".text")}, {@code module.lookup("machine")} is {@code Integer(332)} and
 * {@code module.lookup("sections", 3, "name")} is {@code Undefined}.
 */
public sealed interface YaraValue {

    /** YARA's {@code YR_UNDEFINED}. */
    YaraValue UNDEFINED = new Undefined();

    /** An integer field, always a 64-bit signed value in YARA. */
    record Integer(long value) implements YaraValue {}

    /**
     * A string field. YARA strings are bytes; {@code latin1} holds one char per byte (ISO-8859-1), so it
     * is lossless and compares like the bytes do.
     */
    record Bytes(String latin1) implements YaraValue {
        /** The bytes of this string. */
        public byte[] bytes() {
            return latin1.getBytes(StandardCharsets.ISO_8859_1);
        }

        @Override
        public String toString() {
            return "Bytes[hex=" + HexFormat.of().formatHex(bytes()) + "]";
        }
    }

    /** The undefined value; use {@link #UNDEFINED}. */
    record Undefined() implements YaraValue {}

    /** Whether this value is defined. */
    default boolean isDefined() {
        return !(this instanceof Undefined);
    }
}
