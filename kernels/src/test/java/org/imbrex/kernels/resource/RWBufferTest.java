package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Typed UAV buffers (spec §4): conversion on store, out-of-bounds drops, Arrow storage and its lifetime. */
@ExtendWith(ArrowExtension.class)
class RWBufferTest {

    private static int f(float value) {
        return Float.floatToRawIntBits(value);
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().withUpperCase().formatHex(bytes);
    }

    @Test
    void store_atNumElementsOrNegative_writesNothingVector32(BufferAllocator allocator) {
        try (RWBuffer u0 = RWBuffer.allocate(DxgiFormat.R32_UINT, 4, allocator)) {
            u0.storeUint(4, 0xAA);
            u0.storeUint(-1, 0xBB);
            u0.store(0x80000000, new int[] {1, 1, 1, 1});
            u0.storeUint4(4, 1, 2, 3, 4);
            assertThat(u0.contents()).containsOnly(0);
            u0.storeUint(3, 0xCC);
            assertThat(hex(u0.contents())).isEqualTo("000000000000000000000000CC000000");
        }
    }

    @Test
    void storeUint4_uint4View_writesWordsAndReadsBack(BufferAllocator allocator) {
        try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 2, allocator)) {
            accum.storeUint4(1, 153, 6, 92, 113);
            assertThat(accum.uint(1, 2)).isEqualTo(92);
            int[] rgba = new int[4];
            accum.load(1, rgba);
            assertThat(rgba).containsExactly(153, 6, 92, 113);
            accum.load(2, rgba);
            assertThat(rgba).containsExactly(0, 0, 0, 0);
        }
    }

    @Test
    void readWords_uint4View_copiesComponentsInMemoryOrderFromAnyWord(BufferAllocator allocator) {
        try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 3, allocator)) {
            accum.storeUint4(0, 1, 2, 3, 4);
            accum.storeUint4(1, 5, 6, 7, 0xFFFF_FFFF);
            accum.storeUint4(2, 9, 10, 11, 12);
            int[] words = new int[6];

            accum.readWords(2, words, 6);

            assertThat(words).containsExactly(3, 4, 5, 6, 7, 0xFFFF_FFFF);
            assertThat(words[3]).isEqualTo(accum.uint(1, 1));
        }
    }

    @Test
    void storeUint4_narrowView_convertsLikeStore(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R8G8_UINT, 4, allocator)) {
            u.storeUint4(3, 1, 300, 3, 4);
            assertThat(hex(u.contents())).isEqualTo("00000000000001FF");
        }
    }

    @Test
    void storeUint4Lanes_writesInterleavedElementsAndDropsOutOfBounds(BufferAllocator allocator) {
        try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 5, allocator)) {
            int[] lanes = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
            accum.storeUint4Lanes(3, lanes, 4);
            int[] rgba = new int[4];
            accum.load(3, rgba);
            assertThat(rgba).containsExactly(10, 11, 12, 13);
            accum.load(4, rgba);
            assertThat(rgba).containsExactly(14, 15, 16, 17);
            accum.load(0, rgba);
            assertThat(rgba).containsExactly(0, 0, 0, 0);
            accum.storeUint4Lanes(0xFFFFFFFF, lanes, 4);
            accum.load(0, rgba);
            assertThat(rgba).as("index 0xFFFFFFFF + 1 wraps to 0").containsExactly(14, 15, 16, 17);
        }
    }

    @Test
    void load_rgbaFormatOutOfBounds_readsZeroAlpha(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R8G8B8A8_UINT, 1, allocator)) {
            int[] rgba = {9, 9, 9, 9};
            u.load(1, rgba);
            assertThat(rgba).containsExactly(0, 0, 0, 0);
        }
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R32_FLOAT, 1, allocator)) {
            int[] rgba = {9, 9, 9, 9};
            u.load(1, rgba);
            assertThat(rgba).containsExactly(0, 0, 0, 0x3F800000);
        }
    }

    @ParameterizedTest
    @EnumSource(DxgiFormat.class)
    void allocate_everyFormat_isZeroedArrowMemoryOfTheElementSize(DxgiFormat format, BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(format, 3, allocator)) {
            assertThat(allocator.getAllocatedMemory()).isPositive();
            assertThat(u.contents()).hasSize(3 * format.byteSize()).containsOnly(0);
            assertThat(u.vector().getValueCount()).as("not published before the Dispatch ends").isZero();
            u.store(2, new int[] {f(1f), f(1f), 1, 1});
            byte[] stored = u.contents();
            assertThat(java.util.Arrays.copyOfRange(stored, 0, 2 * format.byteSize())).as("elements 0, 1 untouched")
                    .containsOnly(0);
            u.endDispatch();
            assertThat(u.vector().getValueCount()).isEqualTo(3);
            assertThat(u.contents()).as("publishing keeps the data").isEqualTo(stored);
        }
        assertThat(allocator.getAllocatedMemory()).as("closed by its owner").isZero();
    }

    /**
     * A UAV's elements are all valid (non-null) Arrow values once published, components too, for counts that
     * leave part of a validity byte unused.
     */
    @ParameterizedTest
    @EnumSource(value = DxgiFormat.class, names = {"R32_UINT", "R8G8B8A8_UNORM", "R32G32B32A32_UINT"})
    void allocate_awkwardCounts_everyElementAndComponentIsValid(DxgiFormat format, BufferAllocator allocator) {
        for (int count : new int[] {1, 7, 8, 9, 1_001}) {
            try (RWBuffer u = RWBuffer.allocate(format, count, allocator)) {
                u.endDispatch();
                FieldVector vector = u.vector();
                assertThat(vector.getNullCount()).as("%s × %d", format, count).isZero();
                if (vector instanceof FixedSizeListVector list) {
                    assertThat(list.getDataVector().getNullCount()).isZero();
                    assertThat(list.getDataVector().getValueCount()).isEqualTo(count * format.components().size());
                }
            }
        }
    }

    /**
     * Spec test vectors 20–28 (typed UAV store conversions), stored through a view and read back as bytes:
     * FORMAT, the four shader components (hex words), the element's little-endian bytes.
     */
    @ParameterizedTest(name = "{0} {1} → {2}")
    @CsvSource(delimiter = '|', value = {
        "R8_UNORM          | 3F000000 0 0 0                   | 80",
        "R8_UNORM          | 3DCCCCCD 0 0 0                   | 1A",
        "R8_UNORM          | 7FC00000 0 0 0                   | 00",
        "R16_UNORM         | 3DCCCCCD 0 0 0                   | 9A19",
        "R8_SNORM          | BF800000 0 0 0                   | 81",
        "R8_SNORM          | C0000000 0 0 0                   | 81",
        "R16_SNORM         | BF800000 0 0 0                   | 0180",
        "R10G10B10A2_UNORM | 3F800000 3F000000 0 3F000000     | FF030880",
        "R8_UINT           | 12C 0 0 0                        | FF",
        "R16_UINT          | FFFFFFFF 0 0 0                   | FFFF",
        "R8G8B8A8_SINT     | 7F 80 FFFFFF7F FFFFFFFF          | 7F7F80FF",
        "R16_SINT          | 80000000 0 0 0                   | 0080",
        "R16_FLOAT         | 477FF000 0 0 0                   | FF7B",
        "R16_FLOAT         | 3F801800 0 0 0                   | 003C",
        "R16_FLOAT         | 33C00000 0 0 0                   | 0100",
        "R11G11B10_FLOAT   | 3F800000 40000000 3F000000 0     | C0032070",
        "R32_FLOAT         | 00000001 0 0 0                   | 01000000"})
    void store_specVectors_writeTheSpecsBytes(String format, String components, String bytes,
            BufferAllocator allocator) {
        String[] words = components.trim().split("\\s+");
        int[] rgba = new int[4];
        for (int c = 0; c < 4; c++) {
            rgba[c] = Integer.parseUnsignedInt(words[c], 16);
        }
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.parse(format), 1, allocator)) {
            u.store(0, rgba);
            assertThat(hex(u.contents())).isEqualTo(bytes);
        }
    }

    @Test
    void vector_types_followTheFormat(BufferAllocator allocator) {
        try (RWBuffer r32 = RWBuffer.allocate(DxgiFormat.R32_UINT, 2, allocator);
                RWBuffer uint4 = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 2, allocator);
                RWBuffer r8 = RWBuffer.allocate(DxgiFormat.R8_UNORM, 2, allocator);
                RWBuffer snorm = RWBuffer.allocate(DxgiFormat.R8_SNORM, 2, allocator);
                RWBuffer half = RWBuffer.allocate(DxgiFormat.R16_FLOAT, 2, allocator);
                RWBuffer packed = RWBuffer.allocate(DxgiFormat.R10G10B10A2_UNORM, 2, allocator)) {
            assertThat(r32.vector()).isInstanceOf(UInt4Vector.class);
            assertThat(uint4.vector()).isInstanceOf(FixedSizeListVector.class);
            assertThat(r8.vector()).isInstanceOf(UInt1Vector.class);
            assertThat(snorm.vector()).isInstanceOf(TinyIntVector.class);
            assertThat(half.vector()).isInstanceOf(Float2Vector.class);
            assertThat(packed.vector()).isInstanceOf(UInt4Vector.class);

            r32.storeUint(1, 0xFFFFFFFE);
            uint4.storeUint4(1, 7, 8, 9, 0xFFFFFFFF);
            new ShaderResources().setUnorderedAccessView(0, r32).setUnorderedAccessView(1, uint4).endDispatch();
            UInt4Vector words = (UInt4Vector) r32.vector();
            assertThat(words.getValueCount()).isEqualTo(2);
            assertThat(words.get(1)).isEqualTo(0xFFFFFFFE);
            assertThat(words.isNull(0)).as("UAV memory is always defined").isFalse();
            FixedSizeListVector list = (FixedSizeListVector) uint4.vector();
            assertThat(list.getValueCount()).isEqualTo(2);
            FieldVector data = list.getDataVector();
            assertThat(data.getValueCount()).isEqualTo(8);
            assertThat(((UInt4Vector) data).getValueAsLong(7)).isEqualTo(0xFFFFFFFFL);
            assertThat(list.isNull(1)).isFalse();
        }
    }

    @Test
    void initialize_shorterData_leavesTheRestZero(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R16_UINT, 3, allocator)) {
            u.initialize(new byte[] {1, 2, 3});
            assertThat(hex(u.contents())).isEqualTo("010203000000");
            u.initialize(new byte[10]);
            assertThat(u.contents()).containsOnly(0);
        }
    }

    @Test
    void allocate_zeroElements_isAnEmptyView(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 0, allocator)) {
            u.storeUint4(0, 1, 2, 3, 4);
            u.endDispatch();
            assertThat(u.contents()).isEmpty();
            assertThat(u.vector().getValueCount()).isZero();
        }
    }

    @Test
    void allocate_badSizes_areRejected(BufferAllocator allocator) {
        assertThatThrownBy(() -> RWBuffer.allocate(DxgiFormat.R32_UINT, -1, allocator)).hasMessageContaining("-1");
        assertThatThrownBy(() -> RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, Integer.MAX_VALUE / 8, allocator))
                .hasMessageContaining(String.valueOf(Integer.MAX_VALUE / 8));
    }
}
