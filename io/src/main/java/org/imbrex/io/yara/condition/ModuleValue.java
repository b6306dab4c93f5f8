package org.imbrex.io.yara.condition;

/**
 * The value of a module field for one file, as {@link FileFacts#moduleValue} gives it: an integer, a text
 * (bytes), or undefined (the field has no value for this file, e.g. {@code pe.entry_point} of a file that
 * is not a PE, or {@code pe.sections[9]} of a PE with 3 sections).
 *
 * <p>Example: for a PE whose first section is {@code .text}, {@code pe.sections[0].name} is {@code new
 * ModuleValue.Text(".text".getBytes(US_ASCII))}; for a text file, {@code pe.is_pe} is {@code new
 * ModuleValue.Integer(0)} and {@code pe.machine} is {@link ModuleValue#UNDEFINED}.
 */
public sealed interface ModuleValue {

    /** The undefined value. */
    ModuleValue UNDEFINED = new Undefined();

    /** An integer field's value. */
    record Integer(long value) implements ModuleValue {
    }

    /** A text field's value. */
    record Text(byte[] bytes) implements ModuleValue {
        public Text {
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Text text && java.util.Arrays.equals(bytes, text.bytes);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Text[" + new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1) + "]";
        }
    }

    /** No value. */
    record Undefined() implements ModuleValue {
    }
}
