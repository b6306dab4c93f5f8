package org.imbrex.kernels.intrinsics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Swizzles, write masks and register values of spec §6, test vectors 36–38. */
class SwizzleTest {

    private static final Vec4 R1 = Vec4.ofFloats(1, 2, 3, 4);

    @Test
    void mov_maskedSwizzledSource_alignsSelectorsWithDestVector36() {
        Vec4 r0 = Vec4.ofFloats(9, 9, 9, 9);
        r0 = r0.write(WriteMask.parse("yz"), R1.swizzle(Swizzle.parse("wzyx")));
        assertThat(r0).isEqualTo(Vec4.ofFloats(9, 3, 2, 9));
    }

    @Test
    void add_shortSwizzleAndScalarImmediate_replicateVector37() {
        Vec4 r0 = Vec4.map(R1.swizzle(Swizzle.parse(".xy")), Vec4.splat(Fp32.ONE), Fp32::add);
        assertThat(r0).isEqualTo(Vec4.ofFloats(2, 3, 3, 3));
    }

    @Test
    void add_sourcesOverlappingDest_readBeforeWriteVector38() {
        Vec4 r0 = Vec4.ofFloats(1, 2, 7, 8);
        r0 = r0.write(WriteMask.parse("xy"), Vec4.map(r0.swizzle(Swizzle.parse("yx")), r0.swizzle(Swizzle.parse("xy")),
                Fp32::add));
        assertThat(r0).isEqualTo(Vec4.ofFloats(3, 3, 7, 8));
    }

    @Test
    void parse_shortSwizzle_repeatsLastLetter() {
        assertThat(Swizzle.parse("xy")).isEqualTo(new Swizzle(0, 1, 1, 1));
        assertThat(Swizzle.parse("wzx")).isEqualTo(new Swizzle(3, 2, 0, 0));
        assertThat(Swizzle.parse(".z")).isEqualTo(new Swizzle(2, 2, 2, 2));
        assertThat(Swizzle.parse("rgba")).isEqualTo(Swizzle.IDENTITY);
        assertThat(Swizzle.parse("xxwy").toString()).isEqualTo(".xxwy");
        assertThat(Swizzle.parse("xy").selector(3)).isEqualTo(1);
    }

    @Test
    void parse_badSwizzle_namesTheText() {
        assertThatThrownBy(() -> Swizzle.parse("xyzwx")).hasMessageContaining("xyzwx");
        assertThatThrownBy(() -> Swizzle.parse("")).hasMessageContaining("1 to 4");
        assertThatThrownBy(() -> Swizzle.parse("xq")).hasMessageContaining("'q'");
        assertThatThrownBy(() -> new Swizzle(0, 4, 0, 0)).hasMessageContaining("4");
    }

    @Test
    void writeMask_parse_keepsOrderAndRejectsDisorder() {
        WriteMask yz = WriteMask.parse(".yz");
        assertThat(new boolean[] {yz.writes(0), yz.writes(1), yz.writes(2), yz.writes(3)})
                .containsExactly(false, true, true, false);
        assertThat(yz.toString()).isEqualTo(".yz");
        assertThat(WriteMask.parse("xyzw")).isEqualTo(WriteMask.ALL);
        assertThatThrownBy(() -> WriteMask.parse("zy")).hasMessageContaining("in order");
        assertThatThrownBy(() -> WriteMask.parse("xx")).hasMessageContaining("in order");
        assertThatThrownBy(() -> WriteMask.parse("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void vec4_writeAll_replacesEveryComponentAndSplatReplicates() {
        assertThat(Vec4.splat(5).write(WriteMask.ALL, new Vec4(1, 2, 3, 4))).isEqualTo(new Vec4(1, 2, 3, 4));
        assertThat(Vec4.splat(7)).isEqualTo(new Vec4(7, 7, 7, 7));
        assertThat(R1.getFloat(3)).isEqualTo(4f);
        assertThat(R1.swizzle(Swizzle.IDENTITY)).isEqualTo(R1);
    }
}
