package org.imbrex.kernels.asm;

/**
 * The rows of the integer, bit and data-movement opcodes (FS §22.11–22.13), plus {@code mov}, {@code
 * movc}, {@code swapc} (which keep bits: no denormal flush) and {@code msad} (spec §1.1).
 *
 * <pre>
 *   shifts use src1 &amp; 31 (Java's int shifts do the same)      compares give 0xFFFFFFFF or 0
 *   movc d, c, a, b   d = c ≠ 0 ? a : b  (any set bit selects a)
 *   msad d, ref, src, accum   |ref_i − src_i| summed over byte lanes whose ref byte ≠ 0, wrapping
 * </pre>
 * Example: {@code ishl r0.x, l(1), l(33)} gives 2.
 */
final class IntegerOpcodes {
    private IntegerOpcodes() {
    }

    static void register() {
        movement();
        arithmetic();
        bits();
        compares();
        OpcodeTable.add("msad", "u", "uuu", false, ComponentWise.ternary(IntegerOpcodes::msad));
    }

    private static void movement() {
        OpcodeTable.add("mov", "f", "f", true, ComponentWise.unary((a, o, n) -> System.arraycopy(a, 0, o, 0, n)));
        OpcodeTable.add("movc", "f", "uff", true, ComponentWise.ternary((c, a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = c[l] != 0 ? a[l] : b[l];
            }
        }));
        OpcodeTable.add("swapc", "ff", "uff", false, (ins, m) -> {
            for (int c = 0; c < 4; c++) {
                int[] cond = m.read(ins, 2, c);
                int[] a = m.read(ins, 3, c);
                int[] b = m.read(ins, 4, c);
                for (int l = 0; l < m.lanes; l++) {
                    m.result[c][l] = cond[l] != 0 ? b[l] : a[l];
                    m.result2[c][l] = cond[l] != 0 ? a[l] : b[l];
                }
            }
            m.commit(ins, 0, m.result);
            m.commit(ins, 1, m.result2);
        });
    }

    private static void arithmetic() {
        OpcodeTable.add("iadd", "i", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] + b[l];
            }
        }));
        OpcodeTable.add("ineg", "i", "i", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = -a[l];
            }
        }));
        ComponentWise.Lanes2 low = (a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] * b[l];
            }
        };
        OpcodeTable.add("imul", "ii", "ii", false, ComponentWise.twoResults((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.imulHi(a[l], b[l]);
            }
        }, low));
        OpcodeTable.add("umul", "uu", "uu", false, ComponentWise.twoResults((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.umulHi(a[l], b[l]);
            }
        }, low));
        ComponentWise.Lanes3 mad = (a, b, c, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] * b[l] + c[l];
            }
        };
        OpcodeTable.add("imad", "i", "iii", false, ComponentWise.ternary(mad));
        OpcodeTable.add("umad", "u", "uuu", false, ComponentWise.ternary(mad));
        OpcodeTable.add("udiv", "uu", "uu", false, ComponentWise.twoResults((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.udiv(a[l], b[l]);
            }
        }, (a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.urem(a[l], b[l]);
            }
        }));
        OpcodeTable.add("imin", "i", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Math.min(a[l], b[l]);
            }
        }));
        OpcodeTable.add("imax", "i", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Math.max(a[l], b[l]);
            }
        }));
        OpcodeTable.add("umin", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Integer.compareUnsigned(a[l], b[l]) < 0 ? a[l] : b[l];
            }
        }));
        OpcodeTable.add("umax", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Integer.compareUnsigned(a[l], b[l]) > 0 ? a[l] : b[l];
            }
        }));
    }

    private static void bits() {
        OpcodeTable.add("ishl", "i", "iu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] << b[l];
            }
        }, (a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] << b;
            }
        }));
        OpcodeTable.add("ishr", "i", "iu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] >> b[l];
            }
        }, (a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] >> b;
            }
        }));
        OpcodeTable.add("ushr", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] >>> b[l];
            }
        }, (a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] >>> b;
            }
        }));
        OpcodeTable.add("and", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] & b[l];
            }
        }));
        OpcodeTable.add("or", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] | b[l];
            }
        }));
        OpcodeTable.add("xor", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = a[l] ^ b[l];
            }
        }));
        OpcodeTable.add("not", "u", "u", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = ~a[l];
            }
        }));
        OpcodeTable.add("bfi", "u", "uuuu", false, ComponentWise.quaternary((w, f, i, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.bfi(w[l], f[l], i[l], b[l]);
            }
        }, (w, f, i, b, o, n) -> {
            int mask = IntegerMath.bfi(w, f, -1, 0);
            int offset = f & 31;
            for (int l = 0; l < n; l++) {
                o[l] = ((i[l] << offset) & mask) | (b[l] & ~mask);
            }
        }));
        OpcodeTable.add("ubfe", "u", "uuu", false, ComponentWise.ternary((w, f, v, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.ubfe(w[l], f[l], v[l]);
            }
        }));
        OpcodeTable.add("ibfe", "i", "uui", false, ComponentWise.ternary((w, f, v, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.ibfe(w[l], f[l], v[l]);
            }
        }));
        OpcodeTable.add("bfrev", "u", "u", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Integer.reverse(a[l]);
            }
        }));
        OpcodeTable.add("countbits", "u", "u", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Integer.bitCount(a[l]);
            }
        }));
        OpcodeTable.add("firstbit_hi", "u", "u", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.firstbitHi(a[l]);
            }
        }));
        OpcodeTable.add("firstbit_lo", "u", "u", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.firstbitLo(a[l]);
            }
        }));
        OpcodeTable.add("firstbit_shi", "u", "i", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.firstbitShi(a[l]);
            }
        }));
    }

    private static void compares() {
        OpcodeTable.add("ieq", "u", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = ~IntegerMath.notZero(a[l] ^ b[l]);
            }
        }));
        OpcodeTable.add("ine", "u", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.notZero(a[l] ^ b[l]);
            }
        }));
        OpcodeTable.add("ilt", "u", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.lessThan(a[l], b[l]);
            }
        }));
        OpcodeTable.add("ige", "u", "ii", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = ~IntegerMath.lessThan(a[l], b[l]);
            }
        }));
        OpcodeTable.add("ult", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = IntegerMath.lessThanUnsigned(a[l], b[l]);
            }
        }));
        OpcodeTable.add("uge", "u", "uu", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = ~IntegerMath.lessThanUnsigned(a[l], b[l]);
            }
        }));
    }

    /**
     * {@code msad} over the lanes without branches: a lane's byte difference is kept by the mask {@code
     * −(r ≠ 0)}, computed as {@code (−r) >> 31} since r is 0..255. One byte per lane loop: HotSpot
     * vectorizes a loop only when its body is small enough to unroll, and four bytes are not.
     * <pre>
     *   byte 0   out = accum + |r0 − s0|·(r0 ≠ 0)        (r_k, s_k: byte k of ref, src)
     *   byte k   out = out   + |r_k − s_k|·(r_k ≠ 0)     k = 1, 2, 3
     * </pre>
     * {@code out} is a result array, never a source, so every loop reads the sources' old values.
     */
    private static void msad(int[] ref, int[] src, int[] accum, int[] out, int n) {
        for (int l = 0; l < n; l++) {
            int r = ref[l] & 0xFF;
            out[l] = accum[l] + (Math.abs(r - (src[l] & 0xFF)) & (-r >> 31));
        }
        for (int shift = 8; shift < 32; shift += 8) {
            msadByte(ref, src, out, n, shift);
        }
    }

    /** Adds byte {@code shift / 8}'s masked difference to {@code out}. */
    private static void msadByte(int[] ref, int[] src, int[] out, int n, int shift) {
        for (int l = 0; l < n; l++) {
            int r = (ref[l] >>> shift) & 0xFF;
            out[l] += Math.abs(r - ((src[l] >>> shift) & 0xFF)) & (-r >> 31);
        }
    }
}
