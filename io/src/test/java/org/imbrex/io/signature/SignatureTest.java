package org.imbrex.io.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SignatureTest {

    @Test
    void ofHex_spacedAndPacked_readTheSameBytes() {
        Signature spaced = Signature.ofHex("mz", "4D 5A ?? 00");
        Signature packed = Signature.ofHex("mz", "4d5a??00");

        assertThat(packed).isEqualTo(spaced);
        assertThat(spaced.length()).isEqualTo(4);
        assertThat(spaced.byteAt(0)).isEqualTo(0x4D);
        assertThat(spaced.byteAt(1)).isEqualTo(0x5A);
        assertThat(spaced.isWildcard(2)).isTrue();
        assertThat(spaced.isWildcard(3)).isFalse();
        assertThat(spaced.byteAt(3)).isZero();
        assertThat(spaced.toHex()).isEqualTo("4D 5A ?? 00");
    }

    @Test
    void constructor_wildcardPosition_storesZeroByte() {
        Signature signature = new Signature("w", new byte[] {0x11, 0x22}, new boolean[] {false, true});

        assertThat(signature.byteAt(1)).isZero();
        assertThat(signature.toHex()).isEqualTo("11 ??");
    }

    @Test
    void accessors_returnCopies_soTheSignatureNeverChanges() {
        byte[] bytes = {1, 2, 3};
        Signature signature = new Signature("s", bytes, new boolean[3]);
        bytes[0] = 9;
        signature.pattern()[1] = 9;
        signature.wildcard()[2] = true;

        assertThat(signature.toHex()).isEqualTo("01 02 03");
    }

    @Test
    void constructor_lengthOutsideLimits_isRefused() {
        assertThatThrownBy(() -> new Signature("e", new byte[0], new boolean[0]))
                .hasMessageContaining("'e' has 0 bytes; 1..65536");
        assertThatThrownBy(() -> new Signature("big", new byte[65537], new boolean[65537]))
                .hasMessageContaining("65537 bytes");
        assertThat(new Signature("max", new byte[65536], new boolean[65536]).length()).isEqualTo(65536);
    }

    @Test
    void constructor_maskOfOtherLength_isRefused() {
        assertThatThrownBy(() -> new Signature("m", new byte[2], new boolean[3]))
                .hasMessageContaining("wildcard mask of 3");
    }

    @Test
    void ofHex_badCharacter_namesItsColumn() {
        assertThatThrownBy(() -> Signature.ofHex("x", "4D 5G"))
                .isInstanceOf(SignatureFormatException.class)
                .hasMessage("x:1:4: incomplete byte '5' in signature 'x': a byte is two hex digits, a wildcard is ??");
    }

    @Test
    void equals_sameBytesOtherName_differs() {
        assertThat(Signature.ofHex("a", "01")).isNotEqualTo(Signature.ofHex("b", "01"))
                .isEqualTo(Signature.ofHex("a", "01"))
                .hasSameHashCodeAs(Signature.ofHex("a", "01"));
    }
}
