package org.imbrex.kernels.asm;

import org.imbrex.kernels.resource.ShaderResources;

/**
 * Checks each operand against its opcode row and the declarations: the right register file for its type
 * letter, a declared register, no modifiers where they mean nothing.
 *
 * <pre>
 *   type f/i/u source   r#, x#[], v*, cb#[], l()        type f/i/u destination   r#, x#[], null
 *   type R              t#, u#, g#      type T   t#       type U (source), W (destination)   u#
 *   type M              u#, g# (a destination: stores and atomics)
 * </pre>
 * T, U and W are the typed accesses ({@code ld}, {@code ld_uav_typed}, {@code store_uav_typed}): their
 * register must be declared typed, a buffer or a texture2d. Example: {@code mov r9.x, l(0)} under {@code
 * dcl_temps 4} fails with {@code a.asm:7:5: r9 is not declared (dcl_temps 4 declares r0..r3)}; {@code
 * store_uav_typed u0.xyzw, ...} under {@code dcl_uav_raw u0} with {@code u0 is declared raw; store_uav_typed
 * needs a typed buffer or texture2d}.
 */
final class OperandCheck {
    private final String file;
    private final Declarations declared;

    OperandCheck(String file, Declarations declared) {
        this.file = file;
        this.declared = declared;
    }

    void instruction(Instruction ins) {
        for (int i = 0; i < ins.operands.length; i++) {
            Operand op = ins.operands[i];
            char type = ins.opcode.operandType(i);
            boolean dest = ins.opcode.isDest(i);
            kind(ins, op, type, dest);
            declaredRegister(ins, op);
            if (type == 'T' || type == 'U' || type == 'W') {
                typedView(ins, op);
            }
            if (op.hasRelativeElement()) {
                temp(ins, op, op.elementRegister);
            }
        }
    }

    private void kind(Instruction ins, Operand op, char type, boolean dest) {
        RegisterType t = op.type;
        boolean ok = switch (type) {
            case 'R' -> t == RegisterType.RESOURCE || t == RegisterType.UAV || t == RegisterType.GROUPSHARED;
            case 'T' -> t == RegisterType.RESOURCE;
            case 'U', 'W' -> t == RegisterType.UAV;
            case 'M' -> t.isMemory();
            default -> dest ? t.isWritable() : !t.isMemory() && t != RegisterType.RESOURCE && t != RegisterType.NULL;
        };
        if (!ok) {
            throw error(ins, op, ins.name() + " cannot take " + describe(t) + " as operand "
                    + (indexOf(ins, op) + 1));
        }
        if ((dest || Character.isUpperCase(type)) && (op.negate || op.abs)) {
            throw error(ins, op, "source modifiers (-, |x|) apply to sources only");
        }
    }

    private void declaredRegister(Instruction ins, Operand op) {
        switch (op.type) {
            case TEMP -> temp(ins, op, op.index);
            case INDEXABLE_TEMP -> declared(ins, op, declared.indexableTemps.containsKey(op.index), "x");
            case CONSTANT_BUFFER -> {
                if (op.index >= ShaderResources.CB_SLOTS) {
                    throw error(ins, op, "cb" + op.index + " is not a slot; cb0..cb" + (ShaderResources.CB_SLOTS - 1)
                            + " exist");
                }
                declared(ins, op, declared.constantBuffers.containsKey(op.index), "cb");
            }
            case RESOURCE -> declared(ins, op, declared.resources.containsKey(op.index), "t");
            case UAV -> declared(ins, op, declared.uavs.containsKey(op.index), "u");
            case GROUPSHARED -> declared(ins, op, declared.groupShared.containsKey(op.index), "g");
            case INPUT -> {
                if (!declared.inputs.contains(op.systemValue)) {
                    throw error(ins, op, op.systemValue.register() + " is used but not declared with dcl_input");
                }
            }
            default -> {
            }
        }
    }

    private void typedView(Instruction ins, Operand op) {
        Declarations.View view = (op.type == RegisterType.RESOURCE ? declared.resources : declared.uavs).get(op.index);
        if (view.kind() != Declarations.ViewKind.TYPED_BUFFER && view.kind() != Declarations.ViewKind.TEXTURE2D) {
            throw error(ins, op, (op.type == RegisterType.RESOURCE ? "t" : "u") + op.index + " is declared "
                    + view.kind().name().toLowerCase(java.util.Locale.ROOT) + "; " + ins.name()
                    + " needs a typed buffer or texture2d");
        }
    }

    private void temp(Instruction ins, Operand op, int register) {
        if (register >= declared.temps) {
            throw error(ins, op, "r" + register + " is not declared (dcl_temps " + declared.temps + " declares "
                    + (declared.temps == 0 ? "none" : "r0..r" + (declared.temps - 1)) + ")");
        }
    }

    private void declared(Instruction ins, Operand op, boolean isDeclared, String prefix) {
        if (!isDeclared) {
            throw error(ins, op, prefix + op.index + " is used but not declared");
        }
    }

    private static int indexOf(Instruction ins, Operand op) {
        for (int i = 0; i < ins.operands.length; i++) {
            if (ins.operands[i] == op) {
                return i;
            }
        }
        return -1;
    }

    private static String describe(RegisterType type) {
        return switch (type) {
            case TEMP -> "a temp register";
            case INDEXABLE_TEMP -> "an indexable temp";
            case INPUT -> "an input";
            case CONSTANT_BUFFER -> "a constant buffer";
            case RESOURCE -> "a shader resource (t#)";
            case UAV -> "a UAV (u#)";
            case GROUPSHARED -> "groupshared memory (g#)";
            case IMMEDIATE -> "an immediate";
            case NULL -> "null";
        };
    }

    private AsmSyntaxException error(Instruction ins, Operand op, String reason) {
        return new AsmSyntaxException(file, ins.line, op.column, reason);
    }
}
