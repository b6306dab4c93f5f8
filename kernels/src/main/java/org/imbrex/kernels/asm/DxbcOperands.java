package org.imbrex.kernels.asm;

/**
 * Decodes SM4/SM5 operand tokens into the {@link Operand}s {@link OperandParser} builds from their
 * disassembly, field for field.
 *
 * <pre>
 *   operand token
 *    31 30   28 27   25 24   22 21  20 19        12 11          4 3   2 1   0
 *   +--+-------+-------+-------+------+------------+-------------+-----+-----+
 *   |x | rep 2 | rep 1 | rep 0 | dims |    type    |  selection  | mode|comps|
 *   +--+-------+-------+-------+------+------------+-------------+-----+-----+
 *    x      an extended operand token follows: bits 0–5 type (1 = modifier), 6–13 modifier
 *           (1 −x, 2 |x|, 3 −|x|), 14–16 minimum precision, 31 another one follows
 *    comps  0, 1 or 4 components (0, 1, 2)
 *    mode   with 4 components: 0 mask (bits 4–7), 1 swizzle (bits 4–11, 2 bits per component, x first),
 *           2 select one (bits 4–5)
 *    type   0 r#, 3 x#[], 4 immediate, 5 immediate64, 7 t#, 8 cb#[], 13 null, 30 u#, 31 g#,
 *           32 vThreadID, 33 vThreadGroupID, 34 vThreadIDInGroup, 36 vThreadIDInGroupFlattened
 *    dims   number of indices (0–3); rep i: 0 imm32, 1 imm64, 2 relative, 3 imm32 + relative,
 *           4 imm64 + relative
 *   then: the extended tokens, each index (its immediate, then its relative operand), and an
 *   immediate's 1 or 4 values.
 * </pre>
 * The mapping follows what {@code vkd3d-compiler -b d3d-asm} prints and the assembly parser reads: a
 * source's swizzle (a selected component replicated, one component as {@code .xxxx}, mask mode and no
 * components as {@code .xyzw}), a destination's mask (none or one component as {@code .xyzw}), a
 * relative index as {@code r#.c + n}, a one-value immediate replicated. Example: the tokens {@code 00208e16 00000002 00000001} are {@code
 * cb2[1].yxzw} (4 components, swizzle mode, swizzle 0xe1, type 8, two immediate indices); {@code 00004001
 * 0000002a} is {@code l(42)}.
 */
final class DxbcOperands {
    static final int TEMP = 0x00;
    static final int INDEXABLE_TEMP = 0x03;
    static final int IMMEDIATE32 = 0x04;
    static final int IMMEDIATE64 = 0x05;
    static final int RESOURCE = 0x07;
    static final int CONSTANT_BUFFER = 0x08;
    static final int NULL = 0x0d;
    static final int UAV = 0x1e;
    static final int GROUPSHARED = 0x1f;
    static final int THREAD_ID = 0x20;
    static final int THREAD_GROUP_ID = 0x21;
    static final int THREAD_ID_IN_GROUP = 0x22;
    static final int THREAD_INDEX_IN_GROUP = 0x24;

    private static final int[] IDENTITY = {0, 1, 2, 3};

    /** Register file names by operand type, as the disassembly spells them ({@code -}: none). */
    private static final String[] TYPES = {
        "r#", "v#", "o#", "x#", "an immediate", "a 64-bit immediate", "s#", "t#", "cb#", "icb",
        "label", "vPrim", "oDepth", "null", "rasterizer", "oMask", "m#", "fb#", "ft#", "fp#",
        "function input", "function output", "vOutputControlPointID", "vForkInstanceID",
        "vJoinInstanceID", "vicp", "vocp", "vpc", "vDomain", "this", "u#", "g#", "vThreadID",
        "vThreadGroupID", "vThreadIDInGroup", "vCoverage", "vThreadIDInGroupFlattened", "vGSInstanceID",
        "oDepthGE", "oDepthLE", "vCycleCounter", "oStencilRef", "vInnerCoverage"};

    /** One index of an operand: {@code offset}, plus {@code r<register>.<component>} when relative. */
    record Index(long offset, int register, int component) {
        boolean relative() {
            return register >= 0;
        }
    }

    /** An operand as its tokens give it, before it becomes an {@link Operand}. */
    record Raw(int offset, int type, int components, int mode, int selection, Index[] indices, int[] values,
            boolean negate, boolean abs) {
    }

    private DxbcOperands() {
    }

    /** The name of operand type {@code type} for messages. */
    static String describe(int type) {
        return type < TYPES.length ? TYPES[type] : "operand type 0x" + Integer.toHexString(type);
    }

    /** The system value an input operand type carries, or null. */
    static SystemValue systemValue(int type) {
        return switch (type) {
            case THREAD_ID -> SystemValue.DISPATCH_THREAD_ID;
            case THREAD_GROUP_ID -> SystemValue.GROUP_ID;
            case THREAD_ID_IN_GROUP -> SystemValue.GROUP_THREAD_ID;
            case THREAD_INDEX_IN_GROUP -> SystemValue.GROUP_INDEX;
            default -> null;
        };
    }

    /** Reads one operand (with its extended tokens, indices and values); {@code item} names it in errors. */
    static Raw read(DxbcTokens.Cursor in, String item) {
        int offset = in.offset();
        int token = in.next(item);
        int components = token & 3;
        int mode = (token >>> 2) & 3;
        int selection = (token >>> 4) & 0xFF;
        int type = (token >>> 12) & 0xFF;
        int dimension = (token >>> 20) & 3;
        boolean negate = false;
        boolean abs = false;
        boolean extended = token < 0;
        while (extended) {
            int ext = in.next("the extended operand token of " + item);
            int kind = ext & 0x3F;
            if (kind == 1) {
                int modifier = (ext >>> 6) & 0xFF;
                if (modifier > 3) {
                    throw in.errorAt(offset, item + " has an unknown operand modifier " + modifier);
                }
                negate |= (modifier & 1) != 0;
                abs |= (modifier & 2) != 0;
                if (((ext >>> 14) & 7) != 0) {
                    throw in.errorAt(offset, item + ": minimum-precision operands are not supported");
                }
            } else if (kind != 0) {
                throw in.errorAt(offset, item + " has an unknown extended operand type " + kind);
            }
            extended = ext < 0;
        }
        Index[] indices = new Index[dimension];
        for (int d = 0; d < dimension; d++) {
            indices[d] = index(in, (token >>> (22 + 3 * d)) & 7, offset, item);
        }
        int[] values = null;
        if (type == IMMEDIATE32 || type == IMMEDIATE64) {
            int n = components == 1 ? 1 : components == 2 ? 4 : 0;
            if (n == 0) {
                throw in.errorAt(offset, item + ": an immediate has 1 or 4 components, not "
                        + (components == 0 ? "0" : "N"));
            }
            values = new int[type == IMMEDIATE64 ? 2 * n : n];
            for (int i = 0; i < values.length; i++) {
                values[i] = in.next("the values of " + item);
            }
        }
        return new Raw(offset, type, components, mode, selection, indices, values, negate, abs);
    }

    private static Index index(DxbcTokens.Cursor in, int representation, int offset, String item) {
        long value = 0;
        switch (representation) {
            case 0, 3 -> value = Integer.toUnsignedLong(in.next("an index of " + item));
            case 1, 4 -> {
                long low = Integer.toUnsignedLong(in.next("an index of " + item));
                long high = Integer.toUnsignedLong(in.next("an index of " + item));
                value = high == 0 ? low : -1;
            }
            case 2 -> {
            }
            default -> throw in.errorAt(offset, item + " has an unknown index representation " + representation);
        }
        if (representation < 2) {
            return new Index(value, -1, 0);
        }
        Raw relative = read(in, "the relative index of " + item);
        return new Index(value, relativeRegister(in, relative), relativeComponent(in, relative));
    }

    /** A relative index is one component of a temp, {@code r#.c}, as the assembly can say it. */
    private static int relativeRegister(DxbcTokens.Cursor in, Raw relative) {
        boolean temp = relative.type == TEMP && relative.indices.length == 1 && !relative.indices[0].relative();
        if (!temp || relative.negate || relative.abs) {
            throw in.errorAt(relative.offset, "an index must be r#.c [+ n], not " + describe(relative.type)
                    + (relative.negate || relative.abs ? " with a modifier" : ""));
        }
        return number(in, relative, relative.indices[0].offset, "register number of the relative index");
    }

    private static int relativeComponent(DxbcTokens.Cursor in, Raw relative) {
        if (relative.components == 2 && relative.mode == 2) {
            return relative.selection & 3;
        }
        int[] swizzle = swizzle(relative.selection);
        if (relative.components == 2 && relative.mode == 1 && swizzle[0] == swizzle[1] && swizzle[0] == swizzle[2]
                && swizzle[0] == swizzle[3]) {
            return swizzle[0];
        }
        throw in.errorAt(relative.offset, "an index reads one component of r#, not "
                + (relative.components == 2 ? "a " + (relative.mode == 0 ? "mask" : "swizzle of several") : "a "
                        + relative.components + "-component operand"));
    }

    /** The {@link Operand} the assembly parser would build for the same operand. */
    static Operand toOperand(DxbcTokens.Cursor in, Raw raw, boolean dest, String item) {
        int at = raw.offset;
        switch (raw.type) {
            case IMMEDIATE32 -> {
                indices(in, raw, 0, item);
                int[] v = raw.values.length == 1 ? new int[] {raw.values[0], raw.values[0], raw.values[0],
                    raw.values[0]} : raw.values.clone();
                return new Operand(RegisterType.IMMEDIATE, 0, null, null, IDENTITY.clone(), 0xF, raw.negate, raw.abs,
                        v, at);
            }
            case IMMEDIATE64 -> throw in.errorAt(at, item + ": 64-bit immediates (doubles) are not supported");
            case NULL -> {
                indices(in, raw, 0, item);
                return new Operand(RegisterType.NULL, 0, null, null, IDENTITY.clone(), 0xF, false, false, null, at);
            }
            default -> {
            }
        }
        SystemValue input = systemValue(raw.type);
        RegisterType type;
        int[] element = null;
        int index = 0;
        if (input != null) {
            type = RegisterType.INPUT;
            indices(in, raw, 0, item);
        } else {
            type = switch (raw.type) {
                case TEMP -> RegisterType.TEMP;
                case INDEXABLE_TEMP -> RegisterType.INDEXABLE_TEMP;
                case CONSTANT_BUFFER -> RegisterType.CONSTANT_BUFFER;
                case RESOURCE -> RegisterType.RESOURCE;
                case UAV -> RegisterType.UAV;
                case GROUPSHARED -> RegisterType.GROUPSHARED;
                default -> throw in.errorAt(at, item + ": " + describe(raw.type) + " is not a compute shader "
                        + "operand imbrex runs (operand type 0x" + Integer.toHexString(raw.type) + ")");
            };
            boolean twoIndices = type == RegisterType.INDEXABLE_TEMP || type == RegisterType.CONSTANT_BUFFER;
            indices(in, raw, twoIndices ? 2 : 1, item);
            index = register(in, raw, item);
            if (twoIndices) {
                Index second = raw.indices[1];
                element = new int[] {second.register, second.component,
                    number(in, raw, second.offset, "index of " + item)};
            }
        }
        int[] swizzle = IDENTITY.clone();
        int mask = 0xF;
        if (dest) {
            mask = mask(in, raw, item);
        } else {
            swizzle = sourceSwizzle(in, raw, item);
        }
        return new Operand(type, index, input, element, swizzle, mask, raw.negate, raw.abs, null, at);
    }

    /** The register number: the first index, an immediate. */
    static int register(DxbcTokens.Cursor in, Raw raw, String item) {
        Index first = raw.indices[0];
        if (first.relative()) {
            throw in.errorAt(raw.offset, item + ": a register number cannot be indexed by a register");
        }
        return number(in, raw, first.offset, "register number of " + item);
    }

    /** Fails unless the operand has {@code count} indices. */
    static void indices(DxbcTokens.Cursor in, Raw raw, int count, String item) {
        if (raw.indices.length != count) {
            throw in.errorAt(raw.offset, item + ": " + describe(raw.type) + " takes " + count + " ind"
                    + (count == 1 ? "ex" : "ices") + ", the operand has " + raw.indices.length);
        }
    }

    private static int number(DxbcTokens.Cursor in, Raw raw, long value, String what) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw in.errorAt(raw.offset, "the " + what + " is " + (value < 0 ? "a 64-bit value" : Long.toString(value))
                    + ", more than " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    private static int mask(DxbcTokens.Cursor in, Raw raw, String item) {
        if (raw.components != 2) {
            if (raw.components == 3) {
                throw in.errorAt(raw.offset, item + ": N-component operands are not supported");
            }
            return 0xF;
        }
        if (raw.mode != 0) {
            throw in.errorAt(raw.offset, item + " is a destination: it takes a write mask, not a "
                    + (raw.mode == 1 ? "swizzle" : raw.mode == 2 ? "selected component" : "selection mode 3"));
        }
        int mask = raw.selection & 0xF;
        if (mask == 0) {
            throw in.errorAt(raw.offset, item + ": a write mask with no component");
        }
        return mask;
    }

    private static int[] sourceSwizzle(DxbcTokens.Cursor in, Raw raw, String item) {
        return switch (raw.components) {
            case 0 -> IDENTITY.clone();
            case 1 -> new int[4];
            case 2 -> switch (raw.mode) {
                case 0 -> IDENTITY.clone();
                case 1 -> swizzle(raw.selection);
                case 2 -> {
                    int c = raw.selection & 3;
                    yield new int[] {c, c, c, c};
                }
                default -> throw in.errorAt(raw.offset, item + " has the unknown selection mode 3");
            };
            default -> throw in.errorAt(raw.offset, item + ": N-component operands are not supported");
        };
    }

    private static int[] swizzle(int selection) {
        return new int[] {selection & 3, (selection >>> 2) & 3, (selection >>> 4) & 3, (selection >>> 6) & 3};
    }
}
