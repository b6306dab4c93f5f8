package org.imbrex.kernels.asm;

import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.FormatConversion;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWTexture2D;
import org.imbrex.kernels.resource.ShaderResourceView;
import org.imbrex.kernels.resource.Texture2D;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The rows of the memory opcodes: typed loads and stores (spec §3, §4), raw and structured loads and
 * stores (FS §22.4.10–13, OOB per spec §4.5), and the no-op {@code sync_*} barriers.
 *
 * <pre>
 *   ld            d, address, t#.swz        buffer: address.x; texture2d: address.xy, mip address.w
 *   ld_uav_typed  d, address, u#.swz        the same on a typed UAV (spec §4.4)
 *   store_uav_typed u#.xyzw, address, v     all four components of v go to the format's R, G, B, A
 *   ld_raw        d, byteAddress, t#|u#|g#.swz       d.c ← word at byteAddress + 4·swz[c]
 *   ld_structured d, index, byteOffset, t#|u#|g#.swz d.c ← word at (index, byteOffset + 4·swz[c])
 *   store_raw     u#|g#.mask, byteAddress, v          word at byteAddress + 4·c ← v.c for c in mask
 *   store_structured u#|g#.mask, index, byteOffset, v
 * </pre>
 * The result of a load is a 4-vector: the resource swizzle picks from it per destination component, then
 * the destination mask applies. Stores run for the active lanes in {@code SV_GroupIndex} order. A barrier
 * needs no work: every lane finishes an instruction before the next starts. Example: {@code ld r1.y,
 * r4.xxxy, t0.x} writes element r4.x's R into r1.y.
 */
final class MemoryOpcodes {
    private static final String[] SYNCS = {"sync_g", "sync_g_t", "sync_ugroup", "sync_ugroup_t", "sync_ugroup_g",
        "sync_ugroup_g_t", "sync_uglobal", "sync_uglobal_t", "sync_uglobal_g", "sync_uglobal_g_t", "sync_t"};

    private MemoryOpcodes() {
    }

    static void register() {
        OpcodeTable.add("ld", "f", "uT", false, MemoryOpcodes::ld, OpcodeTrait.LOADS);
        OpcodeTable.add("ld_uav_typed", "f", "uU", false, MemoryOpcodes::ldUavTyped, OpcodeTrait.LOADS);
        OpcodeTable.add("store_uav_typed", "W", "uf", false, MemoryOpcodes::storeUavTyped, OpcodeTrait.STORES);
        OpcodeTable.add("ld_raw", "f", "uR", false, (ins, m) -> load(ins, m, false), OpcodeTrait.LOADS);
        OpcodeTable.add("ld_structured", "f", "uuR", false, (ins, m) -> load(ins, m, true), OpcodeTrait.LOADS);
        OpcodeTable.add("store_raw", "M", "uf", false, (ins, m) -> store(ins, m, false), OpcodeTrait.STORES);
        OpcodeTable.add("store_structured", "M", "uuf", false, (ins, m) -> store(ins, m, true), OpcodeTrait.STORES);
        for (String sync : SYNCS) {
            OpcodeTable.add(sync, "", "", false, (ins, m) -> {
            }, OpcodeTrait.BARRIER);
        }
    }

    private static void ld(Instruction ins, GroupMachine m) {
        ShaderResourceView view = m.bound.srvs[ins.operands[2].index];
        int[] x = m.read(ins, 1, 0);
        if (view instanceof Texture2D texture) {
            int[] y = m.read(ins, 1, 1);
            int[] mip = m.read(ins, 1, 3);
            int[] rgba = new int[4];
            for (int lane = 0; lane < m.lanes; lane++) {
                texture.ld(x[lane], y[lane], mip[lane], rgba);
                spread(ins, m, rgba, lane);
            }
        } else {
            TypedBuffer buffer = view == null ? TypedBuffer.unbound() : (TypedBuffer) view;
            if (isWordFormat(buffer)) {
                ldWords(ins, m, buffer, x);
            } else {
                int[] rgba = new int[4];
                for (int lane = 0; lane < m.lanes; lane++) {
                    buffer.ld(x[lane], rgba);
                    spread(ins, m, rgba, lane);
                }
            }
        }
        m.commit(ins, 0, m.result);
    }

    private static boolean isWordFormat(TypedBuffer buffer) {
        DxgiFormat f = buffer.format();
        return f == DxgiFormat.R32_UINT || f == DxgiFormat.R32_SINT || f == DxgiFormat.R32_FLOAT;
    }

    /** The fast path of a 32-bit single-component view: (word, 0, 0, 1) per lane. */
    private static void ldWords(Instruction ins, GroupMachine m, TypedBuffer buffer, int[] x) {
        Operand dest = ins.operands[0];
        Operand t = ins.operands[2];
        int one = FormatConversion.missingComponent(3, buffer.format().componentType());
        for (int c = 0; c < 4; c++) {
            if ((dest.mask & (1 << c)) == 0) {
                continue;
            }
            int[] out = m.result[c];
            switch (t.swizzle[c]) {
                case 0 -> loadX(buffer, x, out, m);
                case 3 -> java.util.Arrays.fill(out, 0, m.lanes, one);
                default -> java.util.Arrays.fill(out, 0, m.lanes, 0);
            }
        }
    }

    /**
     * {@code ld(x[lane]).x} for every lane: one load when they all read the same element (as {@code
     * buf_ref[i]} does), one bulk copy when the lanes read consecutive elements (as {@code buf_src[DTid.x +
     * i]} does), else lane by lane. The first check fails at once for consecutive lanes.
     */
    private static void loadX(TypedBuffer buffer, int[] x, int[] out, GroupMachine m) {
        int n = m.lanes;
        if (m.same(x)) {
            java.util.Arrays.fill(out, 0, n, buffer.ldX(x[0]));
        } else if (m.consecutive(x)) {
            buffer.ldRange(x[0], out, n);
        } else {
            for (int lane = 0; lane < n; lane++) {
                out[lane] = buffer.ldX(x[lane]);
            }
        }
    }

    /** Puts a lane's loaded 4-vector into the result arrays through the resource swizzle. */
    private static void spread(Instruction ins, GroupMachine m, int[] rgba, int lane) {
        int[] swizzle = ins.operands[2].swizzle;
        for (int c = 0; c < 4; c++) {
            m.result[c][lane] = rgba[swizzle[c]];
        }
    }

    private static void ldUavTyped(Instruction ins, GroupMachine m) {
        Object view = m.bound.uavs[ins.operands[2].index];
        int[] x = m.read(ins, 1, 0);
        int[] y = m.read(ins, 1, 1);
        int[] rgba = new int[4];
        for (int lane = 0; lane < m.lanes; lane++) {
            if (view instanceof RWBuffer buffer) {
                buffer.load(x[lane], rgba);
            } else if (view instanceof RWTexture2D texture) {
                texture.load(x[lane], y[lane], rgba);
            } else {
                java.util.Arrays.fill(rgba, 0);
            }
            spread(ins, m, rgba, lane);
        }
        m.commit(ins, 0, m.result);
    }

    /**
     * Every lane stores to the element after the previous lane's: one bulk store of the lanes' (x, y, z, w)
     * in lane order ({@link RWBuffer#storeUint4Lanes}: out-of-bounds elements are not written).
     * <pre>
     *   v[c][lane]  →  interleaved[4·lane + c]  →  buf[first + lane].c
     * </pre>
     */
    private static void storeConsecutive(RWBuffer buffer, int first, int[][] v, GroupMachine m) {
        int[] xyzw = m.interleaved;
        for (int c = 0; c < 4; c++) {
            int[] component = v[c];
            for (int lane = 0; lane < m.lanes; lane++) {
                xyzw[4 * lane + c] = component[lane];
            }
        }
        buffer.storeUint4Lanes(first, xyzw, m.lanes);
    }

    private static void storeUavTyped(Instruction ins, GroupMachine m) {
        Object view = m.bound.uavs[ins.operands[0].index];
        if (view == null) {
            return;
        }
        int[] x = m.read(ins, 1, 0);
        int[] y = m.read(ins, 1, 1);
        int[][] v = {m.read(ins, 2, 0), m.read(ins, 2, 1), m.read(ins, 2, 2), m.read(ins, 2, 3)};
        if (view instanceof RWBuffer buffer && m.allActive() && m.consecutive(x)) {
            storeConsecutive(buffer, x[0], v, m);
            return;
        }
        int[] rgba = new int[4];
        for (int lane = 0; lane < m.lanes; lane++) {
            if (m.exec[lane] == 0) {
                continue;
            }
            if (view instanceof RWBuffer buffer) {
                buffer.storeUint4(x[lane], v[0][lane], v[1][lane], v[2][lane], v[3][lane]);
            } else {
                for (int c = 0; c < 4; c++) {
                    rgba[c] = v[c][lane];
                }
                ((RWTexture2D) view).store(x[lane], y[lane], rgba);
            }
        }
    }

    /** {@code ld_raw} / {@code ld_structured}. */
    private static void load(Instruction ins, GroupMachine m, boolean structured) {
        Operand memory = ins.operands[structured ? 3 : 2];
        MemoryView view = MemoryView.of(m, memory);
        int[] first = m.read(ins, 1, 0);
        int[] offset = structured ? m.read(ins, 2, 0) : null;
        for (int c = 0; c < 4; c++) {
            if ((ins.operands[0].mask & (1 << c)) == 0) {
                continue;
            }
            int delta = 4 * memory.swizzle[c];
            for (int lane = 0; lane < m.lanes; lane++) {
                int word = locate(view, first[lane], structured ? offset[lane] : 0, delta, structured);
                m.result[c][lane] = word < 0 ? 0 : view.get(word);
            }
        }
        m.commit(ins, 0, m.result);
    }

    /** {@code store_raw} / {@code store_structured}. */
    private static void store(Instruction ins, GroupMachine m, boolean structured) {
        Operand memory = ins.operands[0];
        MemoryView view = MemoryView.of(m, memory);
        int[] first = m.read(ins, 1, 0);
        int[] offset = structured ? m.read(ins, 2, 0) : null;
        int valueOperand = structured ? 3 : 2;
        int[][] v = new int[4][];
        for (int c = 0; c < 4; c++) {
            if ((memory.mask & (1 << c)) != 0) {
                v[c] = m.read(ins, valueOperand, c);
            }
        }
        for (int lane = 0; lane < m.lanes; lane++) {
            if (m.exec[lane] == 0) {
                continue;
            }
            for (int c = 0; c < 4; c++) {
                if (v[c] != null) {
                    int word = locate(view, first[lane], structured ? offset[lane] : 0, 4 * c, structured);
                    if (word >= 0) {
                        view.set(word, v[c][lane]);
                    }
                }
            }
        }
    }

    /** Adds {@code delta} bytes to the byte address (raw) or the offset (structured), refusing a wrap past 2^32. */
    static int locate(MemoryView view, int first, int offset, int delta, boolean structured) {
        long moved = Integer.toUnsignedLong(structured ? offset : first) + delta;
        if (moved > 0xFFFF_FFFFL) {
            return -1;
        }
        return structured ? view.locate(first, (int) moved) : view.locate((int) moved, 0);
    }
}
