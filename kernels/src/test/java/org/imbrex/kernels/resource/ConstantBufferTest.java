package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code cb#} reads: register·4 + component, little-endian words, zeros past the end. */
class ConstantBufferTest {

    @Test
    void ofWords_padsToRegistersAndReadsZeroPastTheEnd() {
        ConstantBuffer cb = ConstantBuffer.ofWords(16, 2, 3, 4, 5);
        assertThat(cb.registers()).isEqualTo(2);
        assertThat(cb.word(0)).isEqualTo(16);
        assertThat(cb.get(1, 0)).isEqualTo(5);
        assertThat(cb.get(1, 3)).isZero();
        assertThat(cb.word(8)).isZero();
        assertThat(cb.word(-1)).isZero();
    }

    @Test
    void of_bytes_readsLittleEndianWordsWithPartialTail() {
        ConstantBuffer cb = ConstantBuffer.of(new byte[] {0x10, 0, 0, 0, 1, 2, 3});
        assertThat(cb.word(0)).isEqualTo(16);
        assertThat(cb.word(1)).isEqualTo(0x030201);
        assertThat(cb.registers()).isEqualTo(1);
    }

    @Test
    void emptySlot_readsZero() {
        assertThat(new ShaderResources().constantBuffer(13).word(0)).isZero();
        assertThat(ConstantBuffer.ofWords().registers()).isZero();
    }
}
