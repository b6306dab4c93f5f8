package org.imbrex.kernels.asm;

/**
 * Structured flow control over a SIMT group: a stack of execution masks, one frame per open {@code
 * if}/{@code loop}/{@code switch}.
 *
 * <pre>
 *   if_nz c      saved ← exec;  else-lanes ← exec ∧ ¬c;  exec ← exec ∧ c
 *   else         exec ← else-lanes                       endif   exec ← saved
 *   loop         saved ← exec                            endloop exec ← exec ∨ continued; again if any
 *                                                                 else exec ← saved (the lanes that broke)
 *   break        the lanes leave every frame above the loop/switch; they resume at its end
 *   continue     the lanes leave every frame above the loop and wait in its continued mask
 *   ret          the lanes leave every frame for good
 * </pre>
 * When {@code exec} becomes empty, execution jumps to the next point where lanes can come back: the else
 * or endif of the innermost if, the endloop of the innermost loop, the next case label of the innermost
 * switch; with no frame open the group is done. Example: in {@code loop / breakc_nz r0.x / ... /
 * endloop}, lanes with r0.x ≠ 0 stop while the others go on; the loop ends when none is left.
 */
final class FlowControl {
    /** The flow-control construct a frame is open for. */
    private enum Kind {
        IF, LOOP, SWITCH
    }

    private static final class Frame {
        Kind kind;
        int at;
        boolean inElse;
        final int[] saved;
        final int[] other;
        final int[] selector;

        Frame(int lanes) {
            saved = new int[lanes];
            other = new int[lanes];
            selector = new int[lanes];
        }
    }

    private final GroupMachine m;
    private final Frame[] frames;
    private final int[] lanesLeaving;
    private int depth;

    FlowControl(GroupMachine machine, int maxDepth) {
        this.m = machine;
        this.frames = new Frame[maxDepth];
        for (int i = 0; i < maxDepth; i++) {
            frames[i] = new Frame(machine.lanes);
        }
        this.lanesLeaving = new int[machine.lanes];
    }

    void reset() {
        depth = 0;
    }

    /** {@code if_nz c} ({@code zero} false) or {@code if_z c}. */
    void ifBegin(Instruction ins, boolean zero) {
        Frame f = push(Kind.IF, ins);
        int[] c = m.read(ins, 0, 0);
        int[] e = m.exec;
        for (int lane = 0; lane < m.lanes; lane++) {
            int taken = zero ? (c[lane] == 0 ? -1 : 0) : (c[lane] != 0 ? -1 : 0);
            f.saved[lane] = e[lane];
            f.other[lane] = e[lane] & ~taken;
            e[lane] &= taken;
        }
        settle();
    }

    void ifElse() {
        Frame f = frames[depth - 1];
        f.inElse = true;
        System.arraycopy(f.other, 0, m.exec, 0, m.lanes);
        settle();
    }

    void ifEnd() {
        pop();
    }

    void loopBegin(Instruction ins) {
        Frame f = push(Kind.LOOP, ins);
        System.arraycopy(m.exec, 0, f.saved, 0, m.lanes);
        java.util.Arrays.fill(f.other, 0);
    }

    void loopEnd(Instruction ins) {
        Frame f = frames[depth - 1];
        int[] e = m.exec;
        int any = 0;
        for (int lane = 0; lane < m.lanes; lane++) {
            e[lane] |= f.other[lane];
            f.other[lane] = 0;
            any |= e[lane];
        }
        if (any != 0) {
            m.recount();
            m.pc = ins.jump + 1;
            return;
        }
        pop();
    }

    void switchBegin(Instruction ins) {
        Frame f = push(Kind.SWITCH, ins);
        int[] c = m.read(ins, 0, 0);
        System.arraycopy(m.exec, 0, f.saved, 0, m.lanes);
        System.arraycopy(m.exec, 0, f.other, 0, m.lanes);
        System.arraycopy(c, 0, f.selector, 0, m.lanes);
        java.util.Arrays.fill(m.exec, 0);
        m.active = 0;
    }

    /** {@code case v}: pending lanes whose selector is v join; {@code default}: pending lanes no case takes. */
    void caseLabel(Instruction ins, boolean isDefault) {
        Frame f = frames[depth - 1];
        int[] values = m.code[f.at].caseValues;
        int value = isDefault ? 0 : ins.operands[0].immediate[0];
        for (int lane = 0; lane < m.lanes; lane++) {
            boolean match = isDefault ? !contains(values, f.selector[lane]) : f.selector[lane] == value;
            int joins = match ? f.other[lane] : 0;
            m.exec[lane] |= joins;
            f.other[lane] &= ~joins;
        }
        settle();
    }

    void switchEnd() {
        pop();
    }

    /** {@code break}/{@code breakc}: {@code condition} null for the unconditional form. */
    void breakLanes(Instruction ins, Boolean nonZero) {
        if (!leaving(ins, nonZero)) {
            return;
        }
        int target = innermost(Kind.LOOP, Kind.SWITCH);
        removeFromFrames(target + 1);
        exitLanes();
    }

    void continueLanes(Instruction ins, Boolean nonZero) {
        if (!leaving(ins, nonZero)) {
            return;
        }
        int target = innermost(Kind.LOOP, Kind.LOOP);
        removeFromFrames(target + 1);
        Frame loop = frames[target];
        for (int lane = 0; lane < m.lanes; lane++) {
            loop.other[lane] |= lanesLeaving[lane];
        }
        exitLanes();
    }

    void returnLanes(Instruction ins, Boolean nonZero) {
        if (!leaving(ins, nonZero)) {
            return;
        }
        removeFromFrames(0);
        exitLanes();
    }

    /** Fills {@link #lanesLeaving} with the active lanes the condition selects; false when there are none. */
    private boolean leaving(Instruction ins, Boolean nonZero) {
        int[] e = m.exec;
        int[] out = lanesLeaving;
        int n = m.lanes;
        if (nonZero == null) {
            System.arraycopy(e, 0, out, 0, n);
        } else {
            // selected = −(c ≠ 0) for the _nz forms, −(c = 0) for the _z forms
            int[] c = m.read(ins, 0, 0);
            int flip = nonZero ? 0 : -1;
            for (int lane = 0; lane < n; lane++) {
                out[lane] = e[lane] & (IntegerMath.notZero(c[lane]) ^ flip);
            }
        }
        return m.anyLane(out);
    }

    private void removeFromFrames(int from) {
        for (int i = from; i < depth; i++) {
            int[] saved = frames[i].saved;
            for (int lane = 0; lane < m.lanes; lane++) {
                saved[lane] &= ~lanesLeaving[lane];
            }
        }
    }

    private void exitLanes() {
        for (int lane = 0; lane < m.lanes; lane++) {
            m.exec[lane] &= ~lanesLeaving[lane];
        }
        settle();
    }

    private int innermost(Kind kind, Kind orKind) {
        for (int i = depth - 1; i >= 0; i--) {
            if (frames[i].kind == kind || frames[i].kind == orKind) {
                return i;
            }
        }
        throw new IllegalStateException("no enclosing construct");
    }

    private Frame push(Kind kind, Instruction ins) {
        Frame f = frames[depth++];
        f.kind = kind;
        f.at = m.pc - 1;
        f.inElse = false;
        return f;
    }

    /** Closes the innermost frame: its saved lanes (less those that left for good) run on. */
    private void pop() {
        Frame f = frames[--depth];
        System.arraycopy(f.saved, 0, m.exec, 0, m.lanes);
        settle();
    }

    /** Recounts the active lanes; with none left, jumps to where lanes can come back. */
    private void settle() {
        m.recount();
        if (m.active > 0) {
            return;
        }
        if (depth == 0) {
            m.pc = m.code.length;
            return;
        }
        Frame f = frames[depth - 1];
        Instruction start = m.code[f.at];
        switch (f.kind) {
            case IF -> m.pc = f.inElse ? start.end : start.jump;
            case LOOP -> m.pc = start.end;
            default -> m.pc = nextLabel(start.labels);
        }
    }

    private int nextLabel(int[] labels) {
        for (int label : labels) {
            if (label >= m.pc) {
                return label;
            }
        }
        return labels[labels.length - 1];
    }

    private static boolean contains(int[] values, int v) {
        for (int x : values) {
            if (x == v) {
                return true;
            }
        }
        return false;
    }
}
