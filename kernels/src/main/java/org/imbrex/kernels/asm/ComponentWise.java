package org.imbrex.kernels.asm;

/**
 * Executors for component-wise instructions: for each component c of the destination mask, one lane loop
 * over source component c (after swizzle and modifiers) into a result array; then the destination is
 * written through the mask.
 *
 * <pre>
 *   iadd r0.yz, r1.wzyx, l(1)     c = y: result ← r1.z + 1      c = z: result ← r1.y + 1
 * </pre>
 * Each opcode supplies its lane loop as a lambda, so HotSpot compiles (and vectorizes) every loop on its
 * own. Example: {@code ComponentWise.binary((a, b, out, n) -> { for (int l = 0; l < n; l++) out[l] =
 * a[l] + b[l]; })} is {@code iadd}.
 */
final class ComponentWise {
    private ComponentWise() {
    }

    /** One source: {@code out[l] = f(a[l])}. */
    @FunctionalInterface
    interface Lanes1 {
        void apply(int[] a, int[] out, int n);
    }

    /** Two sources. */
    @FunctionalInterface
    interface Lanes2 {
        void apply(int[] a, int[] b, int[] out, int n);
    }

    /** Three sources. */
    @FunctionalInterface
    interface Lanes3 {
        void apply(int[] a, int[] b, int[] c, int[] out, int n);
    }

    /** Four sources ({@code bfi}). */
    @FunctionalInterface
    interface Lanes4 {
        void apply(int[] a, int[] b, int[] c, int[] d, int[] out, int n);
    }

    /** Two sources, the second one value for every lane ({@link GroupMachine#uniform}): a shift by an immediate. */
    @FunctionalInterface
    interface Lanes2Uniform {
        void apply(int[] a, int b, int[] out, int n);
    }

    /** Four sources, the first two one value for every lane: {@code bfi} with immediate width and offset. */
    @FunctionalInterface
    interface Lanes4Uniform {
        void apply(int a, int b, int[] c, int[] d, int[] out, int n);
    }

    static Executor unary(Lanes1 op) {
        return (ins, m) -> {
            int mask = ins.operands[0].mask;
            if (ins.operands[0].type == RegisterType.NULL) {
                return;
            }
            for (int c = 0; c < 4; c++) {
                if ((mask & (1 << c)) != 0) {
                    op.apply(m.read(ins, 1, c), m.result[c], m.lanes);
                }
            }
            m.commit(ins, 0, m.result);
        };
    }

    static Executor binary(Lanes2 op) {
        return binary(op, null);
    }

    /**
     * Two sources, with a second lane loop for a second source that is the same for every lane: then the
     * value is passed as a scalar, e.g. {@code ushr r3.xyz, r2.xxxx, l(8, 16, 24, 0)} shifts every lane
     * by 8 for x. HotSpot vectorizes a shift by one count better than a shift by a count per lane. A null
     * {@code uniformOp} always runs {@code op}.
     */
    static Executor binary(Lanes2 op, Lanes2Uniform uniformOp) {
        return (ins, m) -> {
            int mask = ins.operands[0].mask;
            if (ins.operands[0].type == RegisterType.NULL) {
                return;
            }
            boolean uniform = uniformOp != null && m.uniform(ins, 2);
            for (int c = 0; c < 4; c++) {
                if ((mask & (1 << c)) != 0) {
                    if (uniform) {
                        uniformOp.apply(m.read(ins, 1, c), m.read(ins, 2, c)[0], m.result[c], m.lanes);
                    } else {
                        op.apply(m.read(ins, 1, c), m.read(ins, 2, c), m.result[c], m.lanes);
                    }
                }
            }
            m.commit(ins, 0, m.result);
        };
    }

    static Executor ternary(Lanes3 op) {
        return (ins, m) -> {
            int mask = ins.operands[0].mask;
            if (ins.operands[0].type == RegisterType.NULL) {
                return;
            }
            for (int c = 0; c < 4; c++) {
                if ((mask & (1 << c)) != 0) {
                    op.apply(m.read(ins, 1, c), m.read(ins, 2, c), m.read(ins, 3, c), m.result[c], m.lanes);
                }
            }
            m.commit(ins, 0, m.result);
        };
    }

    static Executor quaternary(Lanes4 op) {
        return quaternary(op, null);
    }

    /** Four sources, with a second lane loop (if not null) for when the first two are the same for every lane. */
    static Executor quaternary(Lanes4 op, Lanes4Uniform uniformOp) {
        return (ins, m) -> {
            int mask = ins.operands[0].mask;
            if (ins.operands[0].type == RegisterType.NULL) {
                return;
            }
            boolean uniform = uniformOp != null && m.uniform(ins, 1) && m.uniform(ins, 2);
            for (int c = 0; c < 4; c++) {
                if ((mask & (1 << c)) != 0) {
                    if (uniform) {
                        uniformOp.apply(m.read(ins, 1, c)[0], m.read(ins, 2, c)[0], m.read(ins, 3, c),
                                m.read(ins, 4, c), m.result[c], m.lanes);
                    } else {
                        op.apply(m.read(ins, 1, c), m.read(ins, 2, c), m.read(ins, 3, c), m.read(ins, 4, c),
                                m.result[c], m.lanes);
                    }
                }
            }
            m.commit(ins, 0, m.result);
        };
    }

    /**
     * Two destinations from two sources ({@code udiv q, r}, {@code imul hi, lo}): both are computed from
     * the old sources before either is written; a {@code null} destination is skipped.
     */
    static Executor twoResults(Lanes2 first, Lanes2 second) {
        return (ins, m) -> {
            Operand d0 = ins.operands[0];
            Operand d1 = ins.operands[1];
            for (int c = 0; c < 4; c++) {
                boolean want0 = d0.type != RegisterType.NULL && (d0.mask & (1 << c)) != 0;
                boolean want1 = d1.type != RegisterType.NULL && (d1.mask & (1 << c)) != 0;
                if (want0 || want1) {
                    int[] a = m.read(ins, 2, c);
                    int[] b = m.read(ins, 3, c);
                    if (want0) {
                        first.apply(a, b, m.result[c], m.lanes);
                    }
                    if (want1) {
                        second.apply(a, b, m.result2[c], m.lanes);
                    }
                }
            }
            m.commit(ins, 0, m.result);
            m.commit(ins, 1, m.result2);
        };
    }
}
