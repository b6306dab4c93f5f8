package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@code ld} on typed buffer SRVs (spec §3): missing components, out of bounds, unbound slots. */
class TypedBufferTest {

    private static final int ONE_F = 0x3F800000;

    private static ByteBuffer words(int... values) {
        ByteBuffer data = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            data.putInt(v);
        }
        return data.flip();
    }

    private static int[] ld(TypedBuffer buffer, int index) {
        int[] rgba = {7, 7, 7, 7};
        buffer.ld(index, rgba);
        return rgba;
    }

    @Test
    void immutableWords_keepsTheWordsItWasMadeFrom() {
        int[] words = {5, 6, 7};
        TypedBuffer view = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, words);
        words[1] = 99;
        assertThat(view.isImmutable()).isTrue();
        assertThat(view.numElements()).isEqualTo(3);
        assertThat(new int[] {view.ldX(0), view.ldX(1), view.ldX(2), view.ldX(3)}).containsExactly(5, 6, 7, 0);
        assertThat(TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, 3).isImmutable()).isFalse();
    }

    @Test
    void immutableWords_ofTheFirstWords_holdsThoseAndReadsZeroPastThem() {
        int[] words = {5, 6, 7, 8};
        TypedBuffer view = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, words, 2);
        words[0] = 99;
        assertThat(view.isImmutable()).isTrue();
        assertThat(view.numElements()).isEqualTo(2);
        assertThat(new int[] {view.ldX(0), view.ldX(1), view.ldX(2)}).containsExactly(5, 6, 0);
        assertThatThrownBy(() -> TypedBuffer.immutableWords(DxgiFormat.R32_UINT, words, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("count 5 is outside 0..4");
        assertThatThrownBy(() -> TypedBuffer.immutableWords(DxgiFormat.R8_UINT, words, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("R32 format");
    }

    @Test
    void ld_r32Uint_inBoundsAndOutOfBoundsVector29() {
        TypedBuffer t0 = TypedBuffer.of(DxgiFormat.R32_UINT, words(0xDEADBEEF, 1, 2, 3));
        assertThat(t0.numElements()).isEqualTo(4);
        assertThat(ld(t0, 0)).containsExactly(0xDEADBEEF, 0, 0, 1);
        assertThat(ld(t0, 4)).containsExactly(0, 0, 0, 1);
        assertThat(ld(t0, 0xFFFFFFFF)).containsExactly(0, 0, 0, 1);
    }

    @Test
    void ld_r32FloatOutOfBounds_givesFloatOneAlphaVector30() {
        TypedBuffer t0 = TypedBuffer.of(DxgiFormat.R32_FLOAT, words(0x00000001));
        assertThat(ld(t0, 0)).as("denormal moves untouched").containsExactly(1, 0, 0, ONE_F);
        assertThat(ld(t0, 1)).containsExactly(0, 0, 0, ONE_F);
    }

    @Test
    void ld_r8Unorm_inBoundsVector30() {
        TypedBuffer t0 = TypedBuffer.of(DxgiFormat.R8_UNORM, ByteBuffer.wrap(new byte[] {(byte) 0xDE}));
        assertThat(ld(t0, 0)).containsExactly(0x3F5EDEDF, 0, 0, ONE_F);
        assertThat(ld(t0, 1)).containsExactly(0, 0, 0, ONE_F);
    }

    @Test
    void ld_unboundSlot_readsAllZerosVector31() {
        assertThat(ld(TypedBuffer.unbound(), 0)).containsExactly(0, 0, 0, 0);
        assertThat(TypedBuffer.unbound().isUnbound()).isTrue();
        assertThat(TypedBuffer.unbound().ldX(3)).isZero();
        assertThat(new ShaderResources().typedBuffer(5).isUnbound()).isTrue();
    }

    @Test
    void ld_formatWithAlphaOutOfBounds_readsZeroAlpha() {
        TypedBuffer rgba = TypedBuffer.of(DxgiFormat.R8G8B8A8_UNORM, words(0xFFFFFFFF));
        assertThat(ld(rgba, 0)).containsExactly(ONE_F, ONE_F, ONE_F, ONE_F);
        assertThat(ld(rgba, 1)).containsExactly(0, 0, 0, 0);
        TypedBuffer uint4 = TypedBuffer.of(DxgiFormat.R32G32B32A32_UINT, words(1, 2, 3, 4));
        assertThat(ld(uint4, 0)).containsExactly(1, 2, 3, 4);
        assertThat(ld(uint4, 1)).containsExactly(0, 0, 0, 0);
    }

    @Test
    void ld_twoComponentFormats_defaultBAndA() {
        TypedBuffer rg = TypedBuffer.of(DxgiFormat.R16G16_UINT, words(0x00020001));
        assertThat(ld(rg, 0)).containsExactly(1, 2, 0, 1);
        assertThat(ld(rg, 1)).containsExactly(0, 0, 0, 1);
        TypedBuffer snorm = TypedBuffer.of(DxgiFormat.R8G8_SNORM, ByteBuffer.wrap(new byte[] {0x7F, (byte) 0x81}));
        assertThat(ld(snorm, 0)).containsExactly(ONE_F, 0xBF800000, 0, ONE_F);
    }

    @Test
    void of_partialTrailingElement_isNotAnElementAndDataIsCopied() {
        ByteBuffer data = ByteBuffer.wrap(new byte[] {1, 0, 2, 0, 3});
        TypedBuffer t = TypedBuffer.of(DxgiFormat.R16_UINT, data);
        assertThat(t.numElements()).isEqualTo(2);
        data.put(0, (byte) 9);
        assertThat(ld(t, 0)[0]).isEqualTo(1);
        assertThat(ld(t, 2)).containsExactly(0, 0, 0, 1);
    }

    @Test
    void ldX_byteFormat_decodesTheElement() {
        TypedBuffer t = TypedBuffer.of(DxgiFormat.R8_UINT, ByteBuffer.wrap(new byte[] {5, (byte) 200}));
        assertThat(t.ldX(1)).isEqualTo(200);
        assertThat(t.ldX(2)).isZero();
        int[] lanes = new int[3];
        t.ldRange(0, lanes, 3);
        assertThat(lanes).containsExactly(5, 200, 0);
    }

    @Test
    void ofWords_badArguments_areRejected() {
        assertThatThrownBy(() -> TypedBuffer.ofWords(DxgiFormat.R8_UINT, new int[1], 1)).hasMessageContaining("R8_UINT");
        assertThatThrownBy(() -> TypedBuffer.ofWords(DxgiFormat.R32_UINT, new int[1], 2)).hasMessageContaining("2");
        assertThatThrownBy(() -> TypedBuffer.of(DxgiFormat.R8_UINT, ByteBuffer.allocate(1)).words())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void ldRange_indicesWrappingPastUintMax_readFromTheStart() {
        TypedBuffer t = TypedBuffer.ofWords(DxgiFormat.R32_UINT, new int[] {10, 11, 12, 13, 14}, 5);
        int[] lanes = new int[4];
        t.ldRange(0xFFFFFFFE, lanes, 4);
        assertThat(lanes).containsExactly(0, 0, 10, 11);
        t.ldRange(3, lanes, 4);
        assertThat(lanes).containsExactly(13, 14, 0, 0);
    }

    /** Oracle: ld(first + lane).x one lane at a time, uint32 addition, bounds by unsigned compare. */
    @Property(tries = 500)
    void ldRange_anyStart_matchesLaneByLaneLd(@ForAll @IntRange(max = 70) int size, @ForAll int first,
            @ForAll @IntRange(min = -80, max = 80) int nearEnd, @ForAll boolean useNearEnd,
            @ForAll @IntRange(max = 70) int count) {
        int[] data = new int[size];
        for (int i = 0; i < size; i++) {
            data[i] = 1000 + i;
        }
        int start = useNearEnd ? size + nearEnd : first;
        TypedBuffer t = TypedBuffer.ofWords(DxgiFormat.R32_UINT, data, size);
        int[] lanes = new int[count + 1];
        lanes[count] = 0x5A5A5A5A;
        t.ldRange(start, lanes, count);
        for (int lane = 0; lane < count; lane++) {
            long index = (Integer.toUnsignedLong(start) + lane) & 0xFFFF_FFFFL;
            int expected = index < size ? data[(int) index] : 0;
            assertThat(lanes[lane]).as("lane %d", lane).isEqualTo(expected);
        }
        assertThat(lanes[count]).as("nothing past count").isEqualTo(0x5A5A5A5A);
    }
}
