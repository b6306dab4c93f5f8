package org.imbrex.kernels.asm;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.asm.Declarations.Tgsm;
import org.imbrex.kernels.dispatch.GroupContext;

/**
 * Runs an {@link AsmProgram} one thread group at a time, SIMT: each instruction runs for all active lanes
 * of the group over per-lane register arrays, under an execution mask that divergent flow control narrows
 * ({@link FlowControl}).
 *
 * <p>The register file is laid out component-major, so an instruction's lane loop is a tight loop over int
 * arrays:
 * <pre>
 *   temps[4·r + c][lane]      r3.y of lane 17 = temps[13][17]
 *   exec[lane]                −1 when the lane runs the current instruction, 0 when it is masked off
 * </pre>
 * Sources are read into arrays (registers directly, modifiers and gathers through scratch arrays), every
 * enabled component is computed into {@code result} arrays, and only then written through the mask: so
 * {@code add r0.xy, r0.yx, r0.xy} reads the old r0 for both components (spec §6, example 38). One machine
 * per thread: it keeps its registers between groups. Groups that cannot observe each other
 * ({@link GroupIndependence}) run several per call, side by side: lane i is thread i % groupSize of the
 * call's group i / groupSize, so each instruction's lane loop is longer and its fixed cost is shared.
 * Example: {@code new GroupMachine(program, program.groupsPerCall(), AsmShader.DEFAULT_INSTRUCTION_LIMIT)
 * .run(group)}.
 *
 * <p>A call runs at most {@code instructionLimit} instructions (each counted once however many lanes run
 * it; {@link AsmShader#DEFAULT_INSTRUCTION_LIMIT} unless the shader says otherwise), so a {@code loop} that
 * never ends fails instead of hanging: the call stops with an {@link IllegalStateException} naming the
 * limit and the instruction it stopped at, which the Dispatch reports as a {@link
 * org.imbrex.kernels.dispatch.ShaderFault} of the group.
 */
final class GroupMachine {
    static final int SLOTS = 6;

    final AsmProgram program;
    final Instruction[] code;
    /** Threads per group. */
    final int groupSize;
    /** Lanes of the register file: a group, or several side by side; a call may use fewer. */
    final int lanes;
    final int[][] temps;
    final int[][][] indexable;
    final int[][] inputs;
    final int[][] scratch;
    final int[][] result;
    final int[][] result2;
    final int[] exec;
    /** A store's four components lane by lane, (x, y, z, w) per lane, for a bulk store. */
    final int[] interleaved;
    int active;
    int pc;
    final FlowControl flow;
    final BoundResources bound;
    final int[][] groupShared;
    private final int[] zero;
    /** Each fixed-index constant buffer operand's four components as lane arrays, filled for each call. */
    private final Map<Operand, int[][]> constantLanes = new IdentityHashMap<>();
    private final int[] allLanes;
    /** {@code 0, 1, 2, …}: a lane's index in the call. */
    private final int[] laneIndex;
    private final int[] steps;
    /** Instructions one call may run before it stops ({@link AsmShader#DEFAULT_INSTRUCTION_LIMIT}). */
    private final long instructionLimit;

    /**
     * A machine for calls of up to {@code groupsPerCall} groups side by side ({@link GroupIndependence}),
     * each running at most {@code instructionLimit} instructions.
     */
    GroupMachine(AsmProgram program, int groupsPerCall, long instructionLimit) {
        this.instructionLimit = instructionLimit;
        this.program = program;
        this.code = program.instructions().toArray(new Instruction[0]);
        Declarations declared = program.declarations();
        this.groupSize = declared.numThreads().count();
        this.lanes = groupSize * groupsPerCall;
        this.temps = new int[4 * declared.temps()][lanes];
        int indexables = declared.indexableTemps.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        this.indexable = new int[indexables][][];
        declared.indexableTemps.forEach((x, size) -> indexable[x] = new int[4 * size][lanes]);
        this.inputs = new int[4 * SystemValue.values().length][];
        this.scratch = new int[4 * SLOTS][lanes];
        this.result = new int[4][lanes];
        this.result2 = new int[4][lanes];
        this.exec = new int[lanes];
        for (Instruction ins : code) {
            for (Operand op : ins.operands) {
                if (isFixedConstant(op)) {
                    constantLanes.put(op, new int[4][lanes]);
                }
            }
        }
        this.interleaved = new int[4 * lanes];
        this.zero = new int[lanes];
        this.allLanes = new int[lanes];
        Arrays.fill(allLanes, -1);
        this.laneIndex = new int[lanes];
        Arrays.setAll(laneIndex, lane -> lane);
        this.steps = new int[lanes];
        this.flow = new FlowControl(this, program.flowDepth());
        this.bound = new BoundResources(declared);
        int groupSharedSlots = declared.groupShared.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        this.groupShared = new int[groupSharedSlots][];
        for (Map.Entry<Integer, Tgsm> g : declared.groupShared.entrySet()) {
            groupShared[g.getKey()] = new int[g.getValue().words()];
        }
        int[] index = new int[lanes];
        Arrays.setAll(index, lane -> lane % groupSize);
        for (int c = 0; c < 4; c++) {
            inputs[4 * SystemValue.GROUP_INDEX.ordinal() + c] = index;
            inputs[4 * SystemValue.GROUP_ID.ordinal() + c] = new int[lanes];
        }
    }

    /** Runs every thread of {@code group} to its {@code ret}. */
    void run(GroupContext group) {
        bindGroup(group);
        // Lanes past the call's groups (the last call of a row may hold fewer) stay masked off throughout.
        Arrays.fill(exec, 0, group.lanes(), -1);
        Arrays.fill(exec, group.lanes(), lanes, 0);
        active = group.lanes();
        pc = 0;
        flow.reset();
        for (int[] g : groupShared) {
            if (g != null) {
                Arrays.fill(g, 0);
            }
        }
        Instruction[] program = code;
        long left = instructionLimit;
        while (pc < program.length) {
            if (--left < 0) {
                throw instructionLimitReached(program[pc]);
            }
            Instruction ins = program[pc++];
            ins.opcode.executor().execute(ins, this);
        }
    }

    private IllegalStateException instructionLimitReached(Instruction next) {
        return new IllegalStateException("stopped after " + instructionLimit + " instructions, the limit per thread "
                + "group, before " + next + " (a loop that never ends?); AsmShader.withInstructionLimit sets it");
    }

    private void bindGroup(GroupContext group) {
        bound.bind(group.resources());
        // a fixed constant buffer element is the same for every lane and for the whole call
        constantLanes.forEach((op, lanesOf) -> {
            ConstantBuffer cb = bound.constantBuffers[op.index];
            for (int c = 0; c < 4; c++) {
                Arrays.fill(lanesOf[c], op.elementOffset < cb.registers() ? cb.get(op.elementOffset, c) : 0);
            }
        });
        setInput(SystemValue.DISPATCH_THREAD_ID, group.dispatchThreadIdX(), group.dispatchThreadIdY(),
                group.dispatchThreadIdZ());
        setInput(SystemValue.GROUP_THREAD_ID, group.groupThreadIdX(), group.groupThreadIdY(), group.groupThreadIdZ());
        int base = 4 * SystemValue.GROUP_ID.ordinal();
        //   lane        0 … groupSize−1 | groupSize … 2·groupSize−1 | …
        //   SV_GroupID  (gx, gy, gz)    | (gx + 1, gy, gz)          | …
        int[] groupX = inputs[base];
        for (int lane = 0; lane < lanes; lane++) {
            groupX[lane] = group.groupIdX() + lane / groupSize;
        }
        Arrays.fill(inputs[base + 1], group.groupIdY());
        Arrays.fill(inputs[base + 2], group.groupIdZ());
    }

    private void setInput(SystemValue value, int[] x, int[] y, int[] z) {
        int base = 4 * value.ordinal();
        inputs[base] = x;
        inputs[base + 1] = y;
        inputs[base + 2] = z;
        inputs[base + 3] = zero;
    }

    /** True when every lane of the group runs the current instruction. */
    boolean allActive() {
        return active == lanes;
    }

    /** Recounts {@link #active} after {@link #exec} changed. */
    void recount() {
        if (Arrays.mismatch(exec, allLanes) < 0) {
            active = lanes;
        } else if (!anyLane(exec)) {
            active = 0;
        } else {
            int n = 0;
            for (int lane = 0; lane < lanes; lane++) {
                n -= exec[lane];
            }
            active = n;
        }
    }

    /**
     * Component {@code c} of source operand {@code i}, after swizzle and modifiers, one value per lane. The
     * array may be a register itself: read it, never write it.
     */
    int[] read(Instruction ins, int i, int c) {
        Operand op = ins.operands[i];
        int selector = op.swizzle[c];
        int[] values = switch (op.type) {
            case TEMP -> temps[4 * op.index + selector];
            case IMMEDIATE -> op.immediateLanes[selector];
            case INPUT -> inputs[4 * op.systemValue.ordinal() + selector];
            case CONSTANT_BUFFER -> constantBuffer(op, selector, scratch[4 * i + c]);
            case INDEXABLE_TEMP -> indexableRead(op, selector, scratch[4 * i + c]);
            default -> throw new IllegalStateException(op.type + " is not a value source");
        };
        if (op.negate || op.abs) {
            return modify(values, ins.opcode.operandType(i) == 'f', op, scratch[4 * i + c]);
        }
        return values;
    }

    /**
     * True when {@code x[lane] = x[0] + lane} (modulo 2^32) for every lane: {@code DTid.x + i}. The checks
     * compare arrays ({@link Arrays#mismatch} runs vectorized) rather than reduce them in a lane loop.
     * <pre>
     *   x              7  8  9 10        step = x − laneIndex:  7 7 7 7   → every element equals the next
     * </pre>
     */
    boolean consecutive(int[] x) {
        int[] step = steps;
        int[] index = laneIndex;
        for (int lane = 0; lane < lanes; lane++) {
            step[lane] = x[lane] - index[lane];
        }
        return same(step);
    }

    /** True when every lane holds {@code x[0]}. */
    boolean same(int[] x) {
        return Arrays.mismatch(x, 0, lanes - 1, x, 1, lanes) < 0;
    }

    /** True when some lane of {@code mask} is set. */
    boolean anyLane(int[] mask) {
        return Arrays.mismatch(mask, zero) >= 0;
    }

    /**
     * True when source operand {@code i} has one value for every lane: an immediate, or a constant buffer
     * element at a fixed index. Then {@code read(ins, i, c)[0]} is that value for component c.
     */
    boolean uniform(Instruction ins, int i) {
        Operand op = ins.operands[i];
        return op.type == RegisterType.IMMEDIATE || isFixedConstant(op);
    }

    /** A constant buffer element at a fixed index, e.g. {@code cb0[0].x} but not {@code cb0[r1.x + 2]}. */
    private static boolean isFixedConstant(Operand op) {
        return op.type == RegisterType.CONSTANT_BUFFER && !op.hasRelativeElement();
    }

    private int[] modify(int[] in, boolean isFloat, Operand op, int[] out) {
        int n = lanes;
        if (isFloat) {
            int clear = op.abs ? 0x7FFF_FFFF : 0xFFFF_FFFF;
            int flip = op.negate ? 0x8000_0000 : 0;
            for (int lane = 0; lane < n; lane++) {
                out[lane] = (in[lane] & clear) ^ flip;
            }
        } else {
            for (int lane = 0; lane < n; lane++) {
                int v = op.abs ? Math.abs(in[lane]) : in[lane];
                out[lane] = op.negate ? -v : v;
            }
        }
        return out;
    }

    private int[] constantBuffer(Operand op, int selector, int[] out) {
        if (!op.hasRelativeElement()) {
            return constantLanes.get(op)[selector];
        }
        ConstantBuffer cb = bound.constantBuffers[op.index];
        int registers = cb.registers();
        int[] base = temps[4 * op.elementRegister + op.elementComponent];
        for (int lane = 0; lane < lanes; lane++) {
            int element = base[lane] + op.elementOffset;
            out[lane] = Integer.compareUnsigned(element, registers) < 0 ? cb.get(element, selector) : 0;
        }
        return out;
    }

    private int[] indexableRead(Operand op, int selector, int[] out) {
        int[][] x = indexable[op.index];
        int size = x.length / 4;
        for (int lane = 0; lane < lanes; lane++) {
            int element = element(op, lane);
            out[lane] = Integer.compareUnsigned(element, size) < 0 ? x[4 * element + selector][lane] : 0;
        }
        return out;
    }

    private int element(Operand op, int lane) {
        return op.hasRelativeElement() ? temps[4 * op.elementRegister + op.elementComponent][lane] + op.elementOffset
                : op.elementOffset;
    }

    /**
     * Writes {@code values[c]} for each component {@code c} in the mask of destination operand {@code i},
     * for active lanes only; applies {@code _sat} first when the instruction has it. {@code values} must be
     * {@link #result} or {@link #result2}: its arrays may trade places with the registers ({@link #write}).
     */
    void commit(Instruction ins, int i, int[][] values) {
        assert values == result || values == result2 : "commit takes the result arrays only";
        Operand op = ins.operands[i];
        if (op.type == RegisterType.NULL) {
            return;
        }
        for (int c = 0; c < 4; c++) {
            if ((op.mask & (1 << c)) == 0) {
                continue;
            }
            int[] v = values[c];
            if (ins.saturate) {
                FloatMath.saturate(v, lanes);
            }
            if (op.type == RegisterType.TEMP) {
                write(values, c, 4 * op.index + c);
            } else {
                indexableWrite(op, c, v);
            }
        }
    }

    /**
     * Writes {@code values[c]} to register array {@code temps[r]} through the execution mask. With every
     * lane active the arrays trade places instead: the result becomes the register, and the register's old
     * array becomes the next instruction's result scratch (every executor fills its result before commit).
     * <pre>
     *   all active:   temps[r] ⇄ values[c]              some active:   temps[r] ← exec ? values[c] : temps[r]
     * </pre>
     */
    private void write(int[][] values, int c, int r) {
        int[] v = values[c];
        int[] target = temps[r];
        if (active == lanes) {
            temps[r] = v;
            values[c] = target;
            return;
        }
        int[] e = exec;
        for (int lane = 0; lane < lanes; lane++) {
            target[lane] = (v[lane] & e[lane]) | (target[lane] & ~e[lane]);
        }
    }

    private void indexableWrite(Operand op, int c, int[] v) {
        int[][] x = indexable[op.index];
        int size = x.length / 4;
        for (int lane = 0; lane < lanes; lane++) {
            int element = element(op, lane);
            if (exec[lane] != 0 && Integer.compareUnsigned(element, size) < 0) {
                x[4 * element + c][lane] = v[lane];
            }
        }
    }
}
