package org.imbrex.kernels.asm;

import org.imbrex.kernels.asm.Declarations.Tgsm;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.RWTexture2D;
import org.imbrex.kernels.resource.StructuredBuffer;

/**
 * 32-bit words of some memory, addressed as the instruction that names it addresses them: the common
 * ground of {@code ld_raw}, {@code ld_structured}, {@code store_*} and the atomics.
 *
 * <pre>
 *   raw (t#, u#, g#)             locate(byteAddress, ·)        word byteAddress / 4
 *   structured (t#, u#, g#)      locate(index, byteOffset)     word (index · stride + byteOffset) / 4
 *   typed R32 buffer (u#)        locate(index, ·)              element index
 *   typed R32 texture2d (u#)     locate(x, y)                  element y · width + x
 * </pre>
 * {@code locate} returns −1 out of bounds (spec §4.5: reads give 0, writes are dropped; for g#, which the
 * FS leaves undefined, imbrex does the same). A raw byte address that is not a multiple of 4 (undefined in
 * the FS) names the word that holds it: its two low bits are ignored, bounds included, as DXVK's raw
 * accesses do (addendum §A1). Example: a {@code dcl_tgsm_structured g0, 8, 4} view locates
 * (index 2, offset 4) at word 5.
 */
interface MemoryView {
    int locate(int first, int second);

    int get(int word);

    void set(int word, int value);

    /** The view an operand names: g# from the machine, t#/u# from the bound resources (null when empty). */
    static MemoryView of(GroupMachine m, Operand op) {
        return switch (op.type) {
            case GROUPSHARED -> groupShared(m.groupShared[op.index], m.program.declarations().groupShared.get(op.index));
            case RESOURCE -> srv(m.bound.srvs[op.index]);
            case UAV -> uav(m.bound.uavs[op.index]);
            default -> throw new IllegalStateException(op.type + " is not memory");
        };
    }

    MemoryView EMPTY = new MemoryView() {
        @Override
        public int locate(int first, int second) {
            return -1;
        }

        @Override
        public int get(int word) {
            return 0;
        }

        @Override
        public void set(int word, int value) {
        }
    };

    private static MemoryView groupShared(int[] words, Tgsm declared) {
        int stride = declared.stride();
        int count = declared.count();
        boolean structured = declared.structured();
        return new Words(words) {
            @Override
            public int locate(int first, int second) {
                if (!structured) {
                    return Integer.compareUnsigned(first >>> 2, words.length) < 0 ? first >>> 2 : -1;
                }
                boolean in = Integer.compareUnsigned(first, count) < 0 && Integer.compareUnsigned(second, stride - 4) <= 0;
                return in ? (first * stride + second) >>> 2 : -1;
            }
        };
    }

    private static MemoryView srv(Object view) {
        if (view instanceof ByteAddressBuffer raw) {
            return new ReadOnly((first, second) -> raw.byteSize() >= 4L * (first >>> 2) + 4 ? first >>> 2 : -1,
                    word -> raw.word(word << 2));
        }
        if (view instanceof StructuredBuffer s) {
            int per = s.stride() / 4;
            return new ReadOnly((first, second) -> Integer.compareUnsigned(first, s.numElements()) < 0
                    && Integer.compareUnsigned(second, s.stride() - 4) <= 0 ? first * per + (second >>> 2) : -1,
                    word -> s.word(word / per, (word % per) * 4));
        }
        return EMPTY;
    }

    private static MemoryView uav(Object view) {
        if (view instanceof RWByteAddressBuffer raw) {
            return new Uav(raw::loadWord, raw::storeWord, (first, second) -> raw.inBounds(first) ? first >>> 2 : -1);
        }
        if (view instanceof RWStructuredBuffer s) {
            int per = s.stride() / 4;
            return new Uav(s::loadWord, s::storeWord,
                    (first, second) -> s.inBounds(first, second) ? first * per + (second >>> 2) : -1);
        }
        if (view instanceof RWBuffer buffer) {
            requireR32(buffer.format(), "u");
            int[] rgba = new int[4];
            return new Uav(word -> buffer.uint(word, 0), (word, value) -> {
                rgba[0] = value;
                buffer.store(word, rgba);
            }, (first, second) -> Integer.compareUnsigned(first, buffer.numElements()) < 0 ? first : -1);
        }
        if (view instanceof RWTexture2D texture) {
            requireR32(texture.format(), "u");
            int[] rgba = new int[4];
            int width = texture.width();
            return new Uav(word -> {
                texture.load(word % width, word / width, rgba);
                return rgba[0];
            }, (word, value) -> {
                rgba[0] = value;
                texture.store(word % width, word / width, rgba);
            }, (first, second) -> Integer.compareUnsigned(first, width) < 0
                    && Integer.compareUnsigned(second, texture.height()) < 0 ? second * width + first : -1);
        }
        return EMPTY;
    }

    private static void requireR32(DxgiFormat format, String what) {
        if (format != DxgiFormat.R32_UINT && format != DxgiFormat.R32_SINT && format != DxgiFormat.R32_FLOAT) {
            throw new IllegalStateException("word access to a typed " + what + "AV needs an R32_UINT, R32_SINT or "
                    + "R32_FLOAT view, not " + format);
        }
    }

    /** Locates a word from the two address components. */
    @FunctionalInterface
    interface Locator {
        int locate(int first, int second);
    }

    /** An int[]-backed view (groupshared). */
    abstract class Words implements MemoryView {
        private final int[] words;

        Words(int[] words) {
            this.words = words;
        }

        @Override
        public int get(int word) {
            return words[word];
        }

        @Override
        public void set(int word, int value) {
            words[word] = value;
        }
    }

    /** A shader resource view: writes are impossible (the parser only lets t# be read). */
    record ReadOnly(Locator locator, java.util.function.IntUnaryOperator reader) implements MemoryView {
        @Override
        public int locate(int first, int second) {
            return locator.locate(first, second);
        }

        @Override
        public int get(int word) {
            return reader.applyAsInt(word);
        }

        @Override
        public void set(int word, int value) {
            throw new IllegalStateException("a shader resource view is read-only");
        }
    }

    /** A UAV, through its word accessors. */
    record Uav(java.util.function.IntUnaryOperator reader, Writer writer, Locator locator) implements MemoryView {
        @Override
        public int locate(int first, int second) {
            return locator.locate(first, second);
        }

        @Override
        public int get(int word) {
            return reader.applyAsInt(word);
        }

        @Override
        public void set(int word, int value) {
            writer.write(word, value);
        }
    }

    /** Writes one word. */
    @FunctionalInterface
    interface Writer {
        void write(int word, int value);
    }
}
