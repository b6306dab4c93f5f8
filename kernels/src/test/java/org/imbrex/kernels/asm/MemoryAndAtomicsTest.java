package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderFault;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.RWTexture2D;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.StructuredBuffer;
import org.imbrex.kernels.resource.Texture2D;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Raw and structured loads and stores, texture loads, typed UAV loads and atomics through assembly, with
 * the out-of-bounds rules of spec §4.5 (reads 0, writes dropped) and §3 (typed loads), and their edges as
 * addendum §A1–§A5 ({@code docs/d3d11-compute-addendum.md}) states them: addresses whose arithmetic would
 * wrap past 2^32, structure indexes whose byte offset overflows 32 bits, atomics out of bounds, the order
 * atomics see the lanes and groups in, and a selector no case takes.
 */
class MemoryAndAtomicsTest {
    private BufferAllocator allocator;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static void dispatch(String asm, ShaderResources resources, int groups) {
        new DeviceContext().dispatch(AsmShader.parse("memory.asm", asm), resources, Dispatch.of(groups));
    }

    @Test
    void rawBuffers_copyWordsAndDropOutOfBoundsWrites() {
        String asm = """
                cs_5_0
                dcl_thread_group 4, 1, 1
                dcl_resource_raw t0
                dcl_uav_raw u0
                dcl_input vThreadID.x
                dcl_temps 2
                ishl r0.x, vThreadID.x, l(3)
                ld_raw r1.xy, r0.x, t0.xyxx
                store_raw u0.xy, r0.x, r1.yxyy
                ret
                """;
        try (RWByteAddressBuffer out = RWByteAddressBuffer.allocate(28, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, ByteAddressBuffer.ofWords(1, 2, 3, 4, 5, 6, 7))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // thread 3 reads words 6 and 7 (7 is out of bounds → 0) and writes 0 at 24, 7 at 28 (dropped)
            assertThat(words(out.contents())).containsExactly(2, 1, 4, 3, 6, 5, 0);
        }
    }

    @Test
    void structuredBuffers_addressByIndexAndOffset() {
        String asm = """
                cs_5_0
                dcl_thread_group 3, 1, 1
                dcl_resource_structured t0, 8
                dcl_uav_structured u0, 8
                dcl_input vThreadID.x
                dcl_temps 1
                ld_structured r0.xy, vThreadID.x, l(0), t0.yxxx
                iadd r0.x, r0.x, l(100)
                store_structured u0.xy, vThreadID.x, l(0), r0.xyxx
                ret
                """;
        try (RWStructuredBuffer out = RWStructuredBuffer.allocate(8, 2, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, StructuredBuffer.ofWords(8, 10, 11, 20, 21))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            assertThat(words(out.contents())).containsExactly(111, 10, 121, 20);
        }
    }

    @Test
    void texture2dLd_readsTexelsAndOutOfBoundsDefaults() {
        String asm = """
                cs_5_0
                dcl_thread_group 3, 1, 1
                dcl_resource_texture2d (uint,uint,uint,uint) t0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_input vThreadID.x
                dcl_temps 1
                mov r0.xy, vThreadID.xxxx
                mov r0.zw, l(0, 0, 0, 0)
                ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, r0.xyzw, t0.xyzw
                ishl r0.y, vThreadID.x, l(1)
                store_uav_typed u0.xyzw, r0.yyyy, r0.xxxx
                iadd r0.y, r0.y, l(1)
                store_uav_typed u0.xyzw, r0.yyyy, r0.wwww
                ret
                """;
        ByteBuffer texels = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(2).putInt(3).putInt(4)
                .flip();
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 6, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, Texture2D.of(DxgiFormat.R32_UINT, 2, 2, texels))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // thread t loads (t, t) at mip 0 (address .w): (0,0) = 1, (1,1) = 4, (2,2) out of bounds = (0, 0, 0, 1)
            assertThat(words(out.contents())).containsExactly(1, 1, 4, 1, 0, 1);
        }
    }

    @Test
    void atomics_onTypedUavAndGroupshared_combineEveryLane() {
        String asm = """
                cs_5_0
                dcl_thread_group 8, 1, 1
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_tgsm_raw g0, 8
                dcl_input vThreadIDInGroupFlattened.x
                dcl_temps 2
                atomic_iadd u0, l(0), vThreadIDInGroupFlattened.x
                atomic_umax u0, l(1), vThreadIDInGroupFlattened.x
                imm_atomic_iadd r0.x, g0, l(4), l(1)
                atomic_or g0, l(0), l(1)
                imm_atomic_cmp_exch r1.x, u0, l(2), l(0), l(7)
                sync_g_t
                ld_raw r0.y, l(4), g0.xxxx
                ieq r0.z, vThreadIDInGroupFlattened.x, l(7)
                if_nz r0.z
                  store_uav_typed u0.xyzw, l(3), r0.xxxx
                  store_uav_typed u0.xyzw, l(4), r0.yyyy
                  store_uav_typed u0.xyzw, l(5), r1.xxxx
                endif
                imm_atomic_exch r1.y, u0, l(6), vThreadIDInGroupFlattened.x
                atomic_iadd u0, l(99), l(1)
                ret
                """;
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 7, allocator)) {
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, out), 2);
            // per group: Σ 0..7 = 28 twice; max 7; lane 7's imm_atomic_iadd saw 7; g0 word 1 = 8;
            // the cmp_exch stored 7 once (group 0, lane 0), so lane 7 of group 1 saw 7; the exch left lane 7
            assertThat(words(out.contents())).containsExactly(56, 7, 7, 7, 8, 7, 7);
        }
    }

    @Test
    void ldUavTyped_readsTheViewAndDefaultsOutOfBounds() {
        String asm = """
                cs_5_0
                dcl_thread_group 2, 1, 1
                dcl_uav_typed_texture2d (float,float,float,float) u0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u1
                dcl_input vThreadID.x
                dcl_temps 1
                ld_uav_typed_indexable(texture2d)(float,float,float,float) r0.xyzw, vThreadID.xxxx, u0.xyzw
                ishl r0.y, vThreadID.x, l(1)
                store_uav_typed u1.xyzw, r0.yyyy, r0.xxxx
                iadd r0.y, r0.y, l(1)
                store_uav_typed u1.xyzw, r0.yyyy, r0.wwww
                ret
                """;
        try (RWTexture2D texture = RWTexture2D.allocate(DxgiFormat.R32_FLOAT, 1, 1, allocator);
             RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 4, allocator)) {
            texture.store(0, 0, new int[] {Float.floatToRawIntBits(2.5f), 0, 0, 0});
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, texture).setUnorderedAccessView(1, out), 1);
            int one = Float.floatToRawIntBits(1f);
            assertThat(words(out.contents())).containsExactly(Float.floatToRawIntBits(2.5f), one, 0, one);
        }
    }

    @Test
    void boundView_ofTheWrongKind_failsNamingTheSlot() {
        String asm = "cs_5_0\ndcl_thread_group 1, 1, 1\ndcl_uav_raw u1\nret\n";
        try (RWBuffer wrong = RWBuffer.allocate(DxgiFormat.R32_UINT, 1, allocator)) {
            assertThatThrownBy(() -> dispatch(asm, new ShaderResources().setUnorderedAccessView(1, wrong), 1))
                    .isInstanceOf(ShaderFault.class).hasMessageContaining("u1 is declared raw but holds a RWBuffer");
        }
    }

    /** Addendum §A1: ld_raw of 4 words at 0xFFFFFFF8 reads 0 for every word; none wraps to word 0 or 1. */
    @Test
    void ldRaw_nearTwoToThe32_readsZeroWithoutWrapping() {
        String asm = """
                cs_5_0
                dcl_thread_group 1, 1, 1
                dcl_resource_raw t0
                dcl_uav_raw u0
                dcl_temps 1
                ld_raw r0.xyzw, l(0xFFFFFFF8), t0.xyzw
                store_raw u0.xyzw, l(0), r0.xyzw
                ld_raw r0.xyzw, l(0xFFFFFFFC), t0.xyzw
                store_raw u0.xyzw, l(16), r0.xyzw
                store_raw u0.xy, l(0xFFFFFFFC), l(7, 8, 0, 0)
                ret
                """;
        try (RWByteAddressBuffer out = RWByteAddressBuffer.allocate(36, allocator)) {
            out.store(32, 0x5555);
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, ByteAddressBuffer.ofWords(11, 22, 33, 44))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // the last store's second word would be at 0x1_0000_0000 = byte 0 after a wrap: it is dropped
            assertThat(words(out.contents())).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0x5555);
        }
    }

    /** Addendum §A1: a raw address that is not a multiple of 4 names the word holding it. */
    @Test
    void rawAccess_misalignedAddress_ignoresTheTwoLowBits() {
        String asm = """
                cs_5_0
                dcl_thread_group 1, 1, 1
                dcl_resource_raw t0
                dcl_uav_raw u0
                dcl_tgsm_raw g0, 16
                dcl_temps 1
                ld_raw r0.xy, l(6), t0.xyxx
                store_raw u0.xy, l(3), r0.xyxx
                store_raw g0.x, l(15), l(9)
                ld_raw r0.x, l(12), g0.xxxx
                store_raw u0.x, l(9), r0.x
                ld_raw r0.x, l(13), t0.xxxx
                store_raw u0.x, l(14), r0.x
                ret
                """;
        try (RWByteAddressBuffer out = RWByteAddressBuffer.allocate(16, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, ByteAddressBuffer.ofWords(11, 22, 33, 44))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // byte 6 → word 1 (22, 33) stored at byte 3 → words 0, 1; g0 byte 15 → word 3 = 9 → u0 byte 9 → word 2;
            // t0 byte 13 → word 3 = 44 → u0 byte 14 → word 3
            assertThat(words(out.contents())).containsExactly(22, 33, 9, 44);
        }
    }

    /**
     * Spec §4.5: an index at or past the element count reads 0 and drops writes, even where index · stride
     * wraps 32 bits to an in-bounds byte (0x1000_0000 · 16 = 2^32 ≡ 0) or the offset plus 4·c would.
     */
    @Test
    void structuredAccess_indexTimesStrideOverflow_isOutOfBounds() {
        String asm = """
                cs_5_0
                dcl_thread_group 1, 1, 1
                dcl_resource_structured t0, 16
                dcl_uav_structured u0, 16
                dcl_tgsm_structured g0, 16, 2
                dcl_temps 2
                store_structured g0.xyzw, l(0), l(0), l(5, 6, 7, 8)
                ld_structured r0.xyzw, l(0x10000000), l(0), t0.xyzw
                store_structured u0.xyzw, l(0), l(0), r0.xyzw
                ld_structured r0.xyzw, l(0), l(0xFFFFFFFC), t0.xyzw
                store_structured u0.xyzw, l(1), l(0), r0.xyzw
                ld_structured r0.xyzw, l(0x10000000), l(0), g0.xyzw
                ld_structured r1.xy, l(0), l(8), t0.xyxx
                mov r0.zw, r1.xxxy
                store_structured u0.xyzw, l(2), l(0), r0.xyzw
                store_structured u0.xyzw, l(0x10000000), l(0), l(9, 9, 9, 9)
                store_structured u0.xy, l(2), l(0xFFFFFFFC), l(9, 9, 0, 0)
                ret
                """;
        try (RWStructuredBuffer out = RWStructuredBuffer.allocate(16, 3, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, StructuredBuffer.ofWords(16, 1, 2, 3, 4, 5, 6, 7, 8))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            assertThat(words(out.contents())).containsExactly(
                    0, 0, 0, 0,   // index 2^28: not element 0
                    0, 0, 0, 0,   // offset 0xFFFFFFFC: no wrap to offsets 0, 4, 8
                    0, 0, 3, 4);  // g0 index 2^28 reads 0; (0, 8).xy = 3, 4; both stores to out-of-bounds dropped
        }
    }

    /**
     * Addendum §A3: an atomic out of bounds writes nothing and its {@code imm_} form returns 0, on typed,
     * raw, structured and groupshared memory.
     */
    @Test
    void atomics_outOfBounds_writeNothingAndReturnZero() {
        String asm = """
                cs_5_0
                dcl_thread_group 2, 1, 1
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_uav_raw u1
                dcl_uav_structured u2, 8
                dcl_uav_typed_buffer (uint,uint,uint,uint) u3
                dcl_tgsm_raw g0, 8
                dcl_input vThreadIDInGroupFlattened.x
                dcl_temps 2
                imm_atomic_iadd r0.x, u0, l(2), l(1)
                imm_atomic_exch r0.y, u1, l(8), l(1)
                imm_atomic_cmp_exch r0.z, u2, l(1, 0, 0, 0), l(50), l(1)
                imm_atomic_umax r0.w, g0, l(8), l(1)
                atomic_iadd u0, l(0xFFFFFFFF), l(1)
                atomic_or u1, l(0xFFFFFFFC), l(1)
                atomic_cmp_store u2, l(0, 8, 0, 0), l(0), l(1)
                ishl r1.x, vThreadIDInGroupFlattened.x, l(2)
                store_uav_typed u3.xyzw, r1.xxxx, r0.xxxx
                iadd r1.x, r1.x, l(1)
                store_uav_typed u3.xyzw, r1.xxxx, r0.yyyy
                iadd r1.x, r1.x, l(1)
                store_uav_typed u3.xyzw, r1.xxxx, r0.zzzz
                iadd r1.x, r1.x, l(1)
                store_uav_typed u3.xyzw, r1.xxxx, r0.wwww
                ret
                """;
        try (RWBuffer typed = RWBuffer.allocate(DxgiFormat.R32_UINT, 2, allocator);
             RWByteAddressBuffer raw = RWByteAddressBuffer.allocate(8, allocator);
             RWStructuredBuffer structured = RWStructuredBuffer.allocate(8, 1, allocator);
             RWBuffer returned = RWBuffer.allocate(DxgiFormat.R32_UINT, 8, allocator)) {
            typed.initialize(bytes(40, 41));
            raw.initialize(bytes(60, 61));
            structured.initialize(bytes(50, 51));
            returned.initialize(bytes(-1, -1, -1, -1, -1, -1, -1, -1));
            ShaderResources resources = new ShaderResources().setUnorderedAccessView(0, typed)
                    .setUnorderedAccessView(1, raw).setUnorderedAccessView(2, structured)
                    .setUnorderedAccessView(3, returned);
            dispatch(asm, resources, 1);
            assertThat(words(typed.contents())).containsExactly(40, 41);
            assertThat(words(raw.contents())).containsExactly(60, 61);
            assertThat(words(structured.contents())).containsExactly(50, 51);
            assertThat(words(returned.contents())).containsExactly(0, 0, 0, 0, 0, 0, 0, 0);
        }
    }

    /**
     * Addendum §A4: atomics see the lanes of a group in {@code SV_GroupIndex} order and the groups in
     * x-fastest Dispatch order, so a chain of {@code imm_atomic_exch} hands each thread its predecessor's id.
     */
    @Test
    void immAtomicExch_chain_seesLanesInGroupIndexOrderAndGroupsXFastest() {
        String asm = """
                cs_5_0
                dcl_thread_group 2, 3, 1
                dcl_uav_raw u0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u1
                dcl_input vThreadGroupID.xy
                dcl_input vThreadIDInGroupFlattened.x
                dcl_temps 2
                imad r0.x, vThreadGroupID.y, l(2), vThreadGroupID.x
                imad r0.x, r0.x, l(6), vThreadIDInGroupFlattened.x
                iadd r0.y, r0.x, l(1)
                imm_atomic_exch r1.x, u0, l(0), r0.y
                store_uav_typed u1.xyzw, r0.xxxx, r1.xxxx
                ret
                """;
        int threads = 2 * 2 * 6;
        try (RWByteAddressBuffer chain = RWByteAddressBuffer.allocate(4, allocator);
             RWBuffer seen = RWBuffer.allocate(DxgiFormat.R32_UINT, threads, allocator)) {
            new DeviceContext().dispatch(AsmShader.parse("memory.asm", asm), new ShaderResources()
                    .setUnorderedAccessView(0, chain).setUnorderedAccessView(1, seen), Dispatch.of(2, 2, 1));
            int[] expected = new int[threads];
            for (int t = 0; t < threads; t++) {
                expected[t] = t; // thread t (1-based id t + 1) sees thread t − 1's id t; thread 0 sees the initial 0
            }
            assertThat(words(seen.contents())).containsExactly(expected);
            assertThat(words(chain.contents())).containsExactly(threads);
        }
    }

    /** Addendum §A5: a selector no case takes, with no {@code default}, runs nothing inside the switch. */
    @Test
    void switch_selectorMatchingNoCase_withoutDefault_skipsToEndswitch() {
        String asm = """
                cs_5_0
                dcl_thread_group 4, 1, 1
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_input vThreadID.x
                dcl_temps 1
                mov r0.x, l(7)
                switch vThreadID.x
                  case l(1)
                    mov r0.x, l(100)
                    break
                  case l(0xFFFFFFFF)
                  case l(3)
                    iadd r0.x, r0.x, l(30)
                endswitch
                store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx
                ret
                """;
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 4, allocator)) {
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, out), 1);
            // 0 and 2 take no case; 3 falls off the end of its case (no break) to endswitch
            assertThat(words(out.contents())).containsExactly(7, 100, 7, 37);
        }
    }

    /**
     * Addendum §A2: groupshared over a 4×3×2 group, written by every thread, then read transposed after
     * {@code sync_g_t}; a plain Java loop over the same indices is the oracle.
     */
    @Test
    void groupshared_threeDimensionalGroup_transposeAfterBarrier_matchesAJavaLoop() {
        String asm = """
                cs_5_0
                dcl_thread_group 4, 3, 2
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_tgsm_structured g0, 8, 24
                dcl_input vThreadGroupID.x
                dcl_input vThreadIDInGroup.xyz
                dcl_input vThreadIDInGroupFlattened.x
                dcl_temps 3
                imul null, r0.x, vThreadGroupID.x, l(1000)
                iadd r0.x, r0.x, vThreadIDInGroupFlattened.x
                imul null, r0.y, vThreadIDInGroupFlattened.x, vThreadIDInGroupFlattened.x
                store_structured g0.xy, vThreadIDInGroupFlattened.x, l(0), r0.xyxx
                sync_g_t
                imad r1.x, vThreadIDInGroup.x, l(6), vThreadIDInGroup.y
                imad r1.x, vThreadIDInGroup.z, l(3), r1.x
                ld_structured r2.xy, r1.x, l(0), g0.xyxx
                iadd r2.x, r2.x, r2.y
                imad r1.y, vThreadGroupID.x, l(24), vThreadIDInGroupFlattened.x
                store_uav_typed u0.xyzw, r1.yyyy, r2.xxxx
                ret
                """;
        int groups = 3;
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 24 * groups, allocator)) {
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, out), groups);
            int[] expected = new int[24 * groups];
            for (int g = 0; g < groups; g++) {
                for (int z = 0; z < 2; z++) {
                    for (int y = 0; y < 3; y++) {
                        for (int x = 0; x < 4; x++) {
                            int gi = (z * 3 + y) * 4 + x;
                            int read = x * 6 + z * 3 + y;
                            expected[g * 24 + gi] = g * 1000 + read + read * read;
                        }
                    }
                }
            }
            assertThat(words(out.contents())).containsExactly(expected);
        }
    }

    private static byte[] bytes(int... words) {
        ByteBuffer b = ByteBuffer.allocate(4 * words.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int w : words) {
            b.putInt(w);
        }
        return b.array();
    }

    private static int[] words(byte[] bytes) {
        int[] words = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        return words;
    }
}
