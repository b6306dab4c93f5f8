package org.imbrex.io.yara.strings;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One token of a YARA hex string: a byte (exact, {@code ??} or a nibble wildcard), a jump, or a group of
 * alternatives. Their {@code toString} is the token as YARA writes it.
 * <pre>
 *   4D        HexByte(0x4D, 0xFF)     the byte b matches when (b &amp; mask) == value
 *   ??        HexByte(0x00, 0x00)
 *   4?        HexByte(0x40, 0xF0)     high nibble 4
 *   ?D        HexByte(0x0D, 0x0F)     low nibble D
 *   [2-4]     HexJump(2, 4)           2, 3 or 4 arbitrary bytes
 *   [3]       HexJump(3, 3)
 *   [2-] [-]  HexJump(2, UNBOUNDED), HexJump(0, UNBOUNDED)
 *   ( 4D | 5A ?? )  HexAlternatives([[4D], [5A, ??]])
 * </pre>
 * Example: {@code { 4D ( 5A | 5B [1-2] 00 ) }} is {@code [HexByte(4D), HexAlternatives([[HexByte(5A)],
 * [HexByte(5B), HexJump(1, 2), HexByte(00)]])]}.
 */
public sealed interface HexToken {

    /** A byte that matches {@code b} when {@code (b & mask) == value}; no bit of {@code value} is outside the mask. */
    record HexByte(int value, int mask) implements HexToken {
        public HexByte {
            if (mask != 0x00 && mask != 0x0F && mask != 0xF0 && mask != 0xFF || (value & ~mask) != 0) {
                throw new IllegalArgumentException("not a YARA hex byte: value " + value + ", mask " + mask);
            }
        }

        public static HexByte exactly(int value) {
            return new HexByte(value, 0xFF);
        }

        public boolean matches(int b) {
            return (b & mask) == value;
        }

        @Override
        public String toString() {
            String hex = String.format("%02X", value);
            return switch (mask) {
                case 0xFF -> hex;
                case 0xF0 -> hex.charAt(0) + "?";
                case 0x0F -> "?" + hex.charAt(1);
                default -> "??";
            };
        }
    }

    /** Between {@code min} and {@code max} arbitrary bytes; {@code max} is {@link #UNBOUNDED} for {@code [n-]}. */
    record HexJump(int min, int max) implements HexToken {
        /** The {@code max} of {@code [n-]} and {@code [-]}, as YARA stores it ({@code INT_MAX}). */
        public static final int UNBOUNDED = Integer.MAX_VALUE;

        public HexJump {
            if (min < 0 || min > max) {
                throw new IllegalArgumentException("invalid jump [" + min + "-" + max + "]");
            }
        }

        public boolean unbounded() {
            return max == UNBOUNDED;
        }

        @Override
        public String toString() {
            if (unbounded()) {
                return min == 0 ? "[-]" : "[" + min + "-]";
            }
            return min == max ? "[" + min + "]" : "[" + min + "-" + max + "]";
        }
    }

    /** {@code ( A | B | … )}: YARA tries the alternatives in the order written. */
    record HexAlternatives(List<List<HexToken>> alternatives) implements HexToken {
        public HexAlternatives {
            alternatives = alternatives.stream().map(List::copyOf).toList();
            if (alternatives.isEmpty() || alternatives.stream().anyMatch(List::isEmpty)) {
                throw new IllegalArgumentException("alternatives need at least one token each");
            }
        }

        @Override
        public String toString() {
            return alternatives.stream().map(HexString::render).collect(Collectors.joining(" | ", "( ", " )"));
        }
    }
}
