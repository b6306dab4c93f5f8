package org.imbrex.kernels.asm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Matches structured flow control once at parse time, so that execution jumps without searching.
 *
 * <pre>
 *   if_nz   → jump = its else (or endif), end = its endif       else → end = its endif
 *   loop    → end = its endloop                                 endloop → jump = its loop
 *   switch  → labels = its case/default lines then endswitch,   caseValues = the case values
 *   break, breakc_*           need an enclosing loop or switch
 *   continue, continuec_*     need an enclosing loop
 * </pre>
 * Unbalanced constructs are errors at the offending line. Example: an {@code endif} with no open {@code
 * if} fails with {@code a.asm:9:1: endif without a matching if}.
 */
final class FlowMatcher {
    private record Open(String kind, int at, List<Integer> labels, List<Integer> values) {
    }

    private final String file;
    private final List<Instruction> code;
    private final Deque<Open> open = new ArrayDeque<>();
    private int maxDepth;

    private FlowMatcher(String file, List<Instruction> code) {
        this.file = file;
        this.code = code;
    }

    /** Matches every construct of {@code code}; returns the deepest nesting. */
    static int match(String file, List<Instruction> code) {
        FlowMatcher matcher = new FlowMatcher(file, code);
        for (int i = 0; i < code.size(); i++) {
            matcher.visit(i);
        }
        if (!matcher.open.isEmpty()) {
            Instruction unclosed = code.get(matcher.open.peek().at);
            throw new AsmSyntaxException(file, unclosed.line, unclosed.column, unclosed.name() + " is never closed");
        }
        return matcher.maxDepth;
    }

    private void visit(int i) {
        Instruction ins = code.get(i);
        switch (ins.name()) {
            case "if_z", "if_nz" -> push(new Open("if", i, null, null));
            case "else" -> {
                Open top = expect(ins, "if", "else");
                if (code.get(top.at).jump >= 0) {
                    throw error(ins, "a second else for the same if");
                }
                code.get(top.at).jump = i;
            }
            case "endif" -> {
                Instruction start = code.get(pop(ins, "if", "endif").at);
                start.end = i;
                if (start.jump < 0) {
                    start.jump = i;
                } else {
                    code.get(start.jump).end = i;
                }
            }
            case "loop" -> push(new Open("loop", i, null, null));
            case "endloop" -> {
                Open loop = pop(ins, "loop", "endloop");
                code.get(loop.at).end = i;
                ins.jump = loop.at;
            }
            case "switch" -> push(new Open("switch", i, new ArrayList<>(), new ArrayList<>()));
            case "case", "default" -> label(ins, i);
            case "endswitch" -> endSwitch(ins, i);
            case "break", "breakc_z", "breakc_nz" -> enclosing(ins, "loop or switch", "loop", "switch");
            case "continue", "continuec_z", "continuec_nz" -> enclosing(ins, "loop", "loop");
            default -> checkSwitchStart(ins, i);
        }
    }

    private void label(Instruction ins, int i) {
        Open top = expect(ins, "switch", ins.name());
        if (ins.name().equals("case")) {
            if (ins.operands[0].type != RegisterType.IMMEDIATE) {
                throw error(ins, "a case value must be an immediate l(n)");
            }
            int value = ins.operands[0].immediate[0];
            if (top.values.contains(value)) {
                throw error(ins, "case " + Integer.toUnsignedString(value) + " appears twice in one switch");
            }
            top.values.add(value);
        } else {
            for (int at : top.labels) {
                if (code.get(at).name().equals("default")) {
                    throw error(ins, "a second default in one switch");
                }
            }
        }
        top.labels.add(i);
    }

    private void endSwitch(Instruction ins, int i) {
        Open top = pop(ins, "switch", "endswitch");
        top.labels.add(i);
        Instruction start = code.get(top.at);
        start.end = i;
        start.labels = top.labels.stream().mapToInt(Integer::intValue).toArray();
        start.caseValues = top.values.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The first instruction after {@code switch} must be a label: code there would belong to no case. */
    private void checkSwitchStart(Instruction ins, int i) {
        if (i > 0 && code.get(i - 1).name().equals("switch")) {
            throw error(ins, "the first instruction after switch must be case or default, not " + ins.name());
        }
    }

    private void push(Open construct) {
        open.push(construct);
        maxDepth = Math.max(maxDepth, open.size());
    }

    private Open expect(Instruction ins, String kind, String what) {
        if (open.isEmpty() || !open.peek().kind.equals(kind)) {
            throw error(ins, what + " without a matching " + kind);
        }
        return open.peek();
    }

    private Open pop(Instruction ins, String kind, String what) {
        expect(ins, kind, what);
        return open.pop();
    }

    private void enclosing(Instruction ins, String description, String... kinds) {
        for (Open construct : open) {
            for (String kind : kinds) {
                if (construct.kind.equals(kind)) {
                    return;
                }
            }
        }
        throw error(ins, ins.name() + " outside any " + description);
    }

    private AsmSyntaxException error(Instruction ins, String reason) {
        return new AsmSyntaxException(file, ins.line, ins.column, reason);
    }
}
