package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The interpreter's lane loops take shortcuts: a shift or {@code bfi} whose count, width or offset is the
 * same for every lane (an immediate or a fixed {@code cb0} element), a load whose lanes read consecutive
 * elements or one element, a store to consecutive elements from a fully active group, and branch-free
 * compares. Each shortcut must give exactly what the plain per-lane rule gives. This test runs one
 * program that reaches every shortcut and its per-lane form side by side, on random words (edge values
 * included), and checks each result against a Java oracle of the FS rules:
 * <pre>
 *   ishl/ishr/ushr   count &amp; 31 (FS §22.13.x)        bfi   width, offset &amp; 31 (IntegerMath)
 *   ieq … uge        0xFFFFFFFF or 0                   ld    out of bounds reads 0 (spec §3)
 *   store_uav_typed  out of bounds writes nothing (spec §4.3)
 * </pre>
 * Thread t reads a = t0[2t], b = t0[2t + 1] (a stride: lane by lane), c = t0[t + base] (consecutive; past
 * the end or wrapping past 0xFFFFFFFF) and d = t0[base] (one element). numthreads(67) is not a multiple
 * of any vector width.
 */
class LaneLoopPathsTest {
    private static final int GROUP = 67;
    /** Words each thread writes to u0. */
    private static final int OUTPUTS = 17;

    /** One run: per-thread words, the immediates and constants, and the Dispatch size. */
    record Case(int[] source, int shift, int width, int offset, int cbShift, int cbWidth, int cbOffset, int base,
            int groups) {
        int threads() {
            return GROUP * groups;
        }
    }

    @Property(tries = 80)
    void laneLoops_shortcutsAndPerLaneForms_matchTheOracle(@ForAll("cases") Case run) {
        Results actual = run(run);
        Results expected = oracle(run);
        assertThat(actual.u0).isEqualTo(expected.u0);
        assertThat(actual.u1).isEqualTo(expected.u1);
        assertThat(actual.u2).isEqualTo(expected.u2);
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<Integer> groups = Arbitraries.integers().between(1, 3);
        Arbitrary<Integer> count = Arbitraries.integers().between(0, 40);
        Arbitrary<Integer> anyInt = Arbitraries.integers();
        Arbitrary<Integer> base = Arbitraries.oneOf(Arbitraries.integers().between(0, 400),
                Arbitraries.integers().between(-80, -1), anyInt);
        // words repeat often, so that compares see equal operands
        Arbitrary<int[]> source = Arbitraries.oneOf(anyInt, Arbitraries.of(0, -1, 1, Integer.MIN_VALUE,
                Integer.MAX_VALUE, 0x80, 0xFF00)).array(int[].class).ofMinSize(2 * GROUP * 3 - 6)
                .ofMaxSize(2 * GROUP * 3 + 6);
        return Combinators.combine(source, count, count, count, count, count, count, base)
                .flatAs((src, s, w, o, cs, cw, co, b) -> groups.map(g ->
                        new Case(src, s, w, o, cs, cw, co, b, g)));
    }

    private static String program(Case run) {
        return """
                cs_5_0
                dcl_constantBuffer cb0[1], immediateIndexed
                dcl_resource_buffer (uint,uint,uint,uint) t0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u1
                dcl_uav_typed_buffer (uint,uint,uint,uint) u2
                dcl_input vThreadID.x
                dcl_temps 8
                dcl_thread_group 67, 1, 1
                ishl r0.x, vThreadID.x, l(1)
                ld_indexable(buffer)(uint,uint,uint,uint) r1.x, r0.xxxx, t0.xxxx
                iadd r0.y, r0.x, l(1)
                ld_indexable(buffer)(uint,uint,uint,uint) r1.y, r0.yyyy, t0.xxxx
                iadd r0.z, vThreadID.x, cb0[0].w
                ld_indexable(buffer)(uint,uint,uint,uint) r1.z, r0.zzzz, t0.xxxx
                mov r0.w, cb0[0].w
                ld_indexable(buffer)(uint,uint,uint,uint) r1.w, r0.wwww, t0.xxxx
                ishl r2.x, r1.x, l(SHIFT)
                ushr r2.y, r1.x, cb0[0].x
                ishr r2.z, r1.x, r1.y
                ishr r2.w, r1.y, l(SHIFT)
                bfi r3.x, l(WIDTH), l(OFFSET), r1.x, r1.y
                bfi r3.y, cb0[0].y, cb0[0].z, r1.y, r1.x
                bfi r3.z, r1.z, r1.w, r1.x, r1.y
                ushr r3.w, r1.y, r1.x
                ieq r4.x, r1.x, r1.y
                ine r4.y, r1.x, r1.y
                ilt r4.z, r1.x, r1.y
                ige r4.w, r1.x, r1.y
                ult r5.x, r1.x, r1.y
                uge r5.y, r1.x, r1.y
                imul null, r6.x, vThreadID.x, l(17)
                mov r7.y, r1.x
                """.replace("SHIFT", Integer.toString(run.shift()))
                .replace("WIDTH", Integer.toString(run.width()))
                .replace("OFFSET", Integer.toString(run.offset()))
                + stores()
                + """
                store_uav_typed u1.xyzw, vThreadID.xxxx, r2.xyzw
                and r7.x, r1.x, l(1)
                if_nz r7.x
                  store_uav_typed u2.xyzw, vThreadID.xxxx, r3.xyzw
                  iadd r7.y, r7.y, l(5)
                endif
                iadd r6.y, r6.x, l(16)
                store_uav_typed u0.xyzw, r6.yyyy, r7.yyyy
                ret
                """;
    }

    /**
     * u0[17t + s] ← the s-th result (r2, r3, r4, r5.xy, r1.zw), lane by lane: a stride of 17. The 17th,
     * written after the {@code if_nz}, is r7.y: a, plus 5 in the lanes where a is odd (a masked write to a
     * register that an unmasked one wrote before).
     */
    private static String stores() {
        String[] results = {"r2.x", "r2.y", "r2.z", "r2.w", "r3.x", "r3.y", "r3.z", "r3.w", "r4.x", "r4.y", "r4.z",
            "r4.w", "r5.x", "r5.y", "r1.z", "r1.w"};
        StringBuilder asm = new StringBuilder();
        for (int s = 0; s < results.length; s++) {
            String r = results[s];
            String all = r + r.charAt(r.length() - 1) + r.charAt(r.length() - 1) + r.charAt(r.length() - 1);
            asm.append("iadd r6.y, r6.x, l(").append(s).append(")\n")
                    .append("store_uav_typed u0.xyzw, r6.yyyy, ").append(all).append('\n');
        }
        return asm.toString();
    }

    /** The UAVs' words: u0 (R32_UINT), u1 and u2 (R32G32B32A32_UINT, four words per element). */
    record Results(int[] u0, int[] u1, int[] u2) {
    }

    /** u1 is 5 elements short of the threads (its last stores are out of bounds); u2 has one per thread. */
    private static int u1Elements(Case run) {
        return run.threads() - 5;
    }

    private static Results run(Case run) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int threads = run.threads();
            Results out = new Results(new int[OUTPUTS * threads], new int[4 * u1Elements(run)], new int[4 * threads]);
            try (RWBuffer u0 = RWBuffer.allocate(DxgiFormat.R32_UINT, OUTPUTS * threads, allocator);
                    RWBuffer u1 = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, u1Elements(run), allocator);
                    RWBuffer u2 = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, threads, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, run.source(),
                                run.source().length))
                        .setUnorderedAccessView(0, u0)
                        .setUnorderedAccessView(1, u1)
                        .setUnorderedAccessView(2, u2)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(run.cbShift(), run.cbWidth(), run.cbOffset(),
                                run.base()));
                new DeviceContext().dispatch(AsmShader.parse("lanes.asm", program(run)), resources,
                        Dispatch.of(run.groups()));
                for (int i = 0; i < out.u0.length; i++) {
                    out.u0[i] = u0.uint(i, 0);
                }
                for (int i = 0; i < out.u1.length; i++) {
                    out.u1[i] = u1.uint(i / 4, i % 4);
                }
                for (int i = 0; i < out.u2.length; i++) {
                    out.u2[i] = u2.uint(i / 4, i % 4);
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return out;
        }
    }

    private static Results oracle(Case run) {
        int threads = run.threads();
        int[] u0 = new int[OUTPUTS * threads];
        int[] u1 = new int[4 * u1Elements(run)];
        int[] u2 = new int[4 * threads];
        for (int t = 0; t < threads; t++) {
            int a = element(run.source(), 2 * t);
            int b = element(run.source(), 2 * t + 1);
            int c = element(run.source(), t + run.base());
            int d = element(run.source(), run.base());
            int[] r2 = {a << (run.shift() & 31), a >>> (run.cbShift() & 31), a >> (b & 31), b >> (run.shift() & 31)};
            int[] r3 = {bfi(run.width(), run.offset(), a, b), bfi(run.cbWidth(), run.cbOffset(), b, a), bfi(c, d, a, b),
                b >>> (a & 31)};
            int[] compares = {mask(a == b), mask(a != b), mask(a < b), mask(a >= b),
                mask(Integer.compareUnsigned(a, b) < 0), mask(Integer.compareUnsigned(a, b) >= 0)};
            int[] results = new int[OUTPUTS];
            System.arraycopy(r2, 0, results, 0, 4);
            System.arraycopy(r3, 0, results, 4, 4);
            System.arraycopy(compares, 0, results, 8, 6);
            results[14] = c;
            results[15] = d;
            results[16] = (a & 1) != 0 ? a + 5 : a;
            System.arraycopy(results, 0, u0, OUTPUTS * t, OUTPUTS);
            if (t < u1Elements(run)) {
                System.arraycopy(r2, 0, u1, 4 * t, 4);
            }
            if ((a & 1) != 0) {
                System.arraycopy(r3, 0, u2, 4 * t, 4);
            }
        }
        return new Results(u0, u1, u2);
    }

    /** {@code t0[index]} with uint32 indices; 0 out of bounds (spec §3). */
    private static int element(int[] words, int index) {
        return Integer.compareUnsigned(index, words.length) < 0 ? words[index] : 0;
    }

    /** bfi as FS §22.13 states it, bit by bit: bits offset .. offset + width − 1 of base come from insert. */
    private static int bfi(int width, int offset, int insert, int base) {
        int w = width & 31;
        int o = offset & 31;
        int result = base;
        for (int bit = 0; bit < w && o + bit < 32; bit++) {
            int from = (insert >>> bit) & 1;
            result = (result & ~(1 << (o + bit))) | (from << (o + bit));
        }
        return result;
    }

    private static int mask(boolean condition) {
        return condition ? -1 : 0;
    }
}
