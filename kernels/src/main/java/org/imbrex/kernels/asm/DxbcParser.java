package org.imbrex.kernels.asm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.imbrex.kernels.asm.Declarations.Tgsm;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ShaderModel;

/**
 * Decodes compiled compute shaders, DXBC containers ({@code .dxbc}, {@code .cso}; {@link DxbcContainer})
 * holding SM4/SM5 tokens, into the same {@link AsmProgram} that {@link AsmParser} builds from their
 * disassembly: the same declarations, opcode rows, operands and flow control, checked and linked by the
 * same last step ({@code AsmParser.link}). So a shader runs exactly alike from its {@code .dxbc} and its
 * {@code .asm}.
 *
 * <pre>
 *   program chunk:  version token | length token (tokens in all) | instructions …
 *
 *   version token    31           16 15      8 7     4 3     0
 *                   +---------------+---------+-------+-------+
 *                   | program type  |    0    | major | minor |      type 5 = compute; 5.0, 4.1, 4.0
 *                   +---------------+---------+-------+-------+
 *
 *   opcode token     31 30        24 23               11 10            0
 *                   +--+------------+-------------------+---------------+
 *                   |x |   length   |     controls      |    opcode     |
 *                   +--+------------+-------------------+---------------+
 *     x         an extended opcode token follows (bits 0–5 its type: 1 texel offsets, 2 resource
 *               dimension, 3 return type; bit 31 another follows)
 *     length    tokens of the instruction, this one included (customdata: the next token holds it)
 *     controls  bit 13 _sat; bit 18 test non-zero (if, breakc, continuec, retc); sync: bit 11 _t,
 *               12 _g, 13 _ugroup, 14 _uglobal; dcl_resource / dcl_uav_typed: bits 11–15 dimension
 *     opcode    {@link DxbcOpcodes}
 *   then its operand tokens ({@link DxbcOperands}), destinations first, as its {@link OpcodeTable} row has
 *   them; a declaration's own layout (e.g. dcl_thread_group: three counts).
 * </pre>
 * Declarations read: {@code dcl_globalFlags} (ignored, as in the text), {@code dcl_thread_group}, {@code
 * dcl_temps}, {@code dcl_indexableTemp}, {@code dcl_constantBuffer}, {@code dcl_resource} (buffer,
 * texture2d), {@code dcl_resource_raw}, {@code dcl_resource_structured}, {@code dcl_uav_typed} (buffer,
 * texture2d), {@code dcl_uav_raw}, {@code dcl_uav_structured}, {@code dcl_tgsm_raw}, {@code
 * dcl_tgsm_structured}, {@code dcl_input} of the four compute system values; {@code customdata} is
 * skipped, except an immediate constant buffer, which imbrex cannot run. Any other opcode runs when
 * {@link OpcodeTable} has its mnemonic.
 *
 * <p>Where an instruction came from: its {@link Instruction#line()} is its 1-based number among the
 * program's instructions (declarations not counted); errors name the byte offset in the file. Every error
 * is one {@link DxbcFormatException} line. Decoding reads each token once and trusts no count the bytes
 * give: every offset, size and length is checked against the file before it is used, and every step
 * advances. Example: {@code DxbcParser.parse("rnd-s1-018.dxbc", bytes).instructions()} lists the same
 * instructions as {@code AsmParser.parse("rnd-s1-018.asm", text)}; {@code rnd-s1-000.dxbc} with its
 * program type patched to 0 fails with {@code rnd-s1-000.dxbc: byte 0x164: a pixel shader (ps_5_0), not
 * a compute shader}.
 */
public final class DxbcParser {
    private static final int MAX_TEMPS = 4096;
    private static final String[] PROGRAM_TYPES = {"pixel", "vertex", "geometry", "hull", "domain", "compute"};
    private static final String[] PROFILE_PREFIXES = {"ps", "vs", "gs", "hs", "ds", "cs"};
    private static final String[] DIMENSIONS = {"unknown", "buffer", "texture1d", "texture2d", "texture2dms",
        "texture3d", "texturecube", "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray",
        "raw buffer", "structured buffer"};
    private static final int ICB = 3;

    private final String file;
    private final DxbcTokens tokens;
    private final Declarations declarations = new Declarations();
    private final List<Instruction> code = new ArrayList<>();

    private DxbcParser(String file, DxbcTokens tokens) {
        this.file = file;
        this.tokens = tokens;
    }

    /** Decodes a DXBC container; {@code file} names it in error messages. */
    public static AsmProgram parse(String file, byte[] bytes) {
        DxbcContainer.Chunk chunk = DxbcContainer.program(file, bytes);
        if (chunk.size() < 8) {
            throw new DxbcFormatException(file, chunk.offset(), "the " + chunk.tag() + " chunk has " + chunk.size()
                    + " bytes; a program needs its version and length tokens");
        }
        long count = Integer.toUnsignedLong(DxbcChecksum.word(bytes, chunk.offset() + 4));
        if (count < 2 || count > chunk.size() / 4) {
            throw new DxbcFormatException(file, chunk.offset() + 4, "the program's length token gives " + count
                    + " tokens; its " + chunk.tag() + " chunk holds " + chunk.size() / 4);
        }
        return new DxbcParser(file, new DxbcTokens(file, bytes, chunk.offset(), (int) count)).decode();
    }

    private AsmProgram decode() {
        version();
        int at = 2;
        while (at < tokens.count) {
            at = instruction(at);
        }
        if (declarations.numThreads == null) {
            throw tokens.error(0, "no dcl_thread_group declaration");
        }
        try {
            return AsmParser.link(file, declarations, code);
        } catch (AsmSyntaxException e) {
            throw translate(e);
        }
    }

    private void version() {
        int version = tokens.word(0);
        int type = version >>> 16;
        int major = (version >>> 4) & 0xF;
        int minor = version & 0xF;
        if (type != 5) {
            String shader = type < PROGRAM_TYPES.length ? "a " + PROGRAM_TYPES[type] + " shader ("
                    + PROFILE_PREFIXES[type] + "_" + major + "_" + minor + ")" : "program type 0x"
                    + Integer.toHexString(type);
            throw tokens.error(0, shader + ", not a compute shader");
        }
        try {
            declarations.model = ShaderModel.ofProfile("cs_" + major + "_" + minor);
        } catch (IllegalArgumentException e) {
            throw tokens.error(0, e.getMessage());
        }
    }

    /** Decodes the instruction at token {@code at}; returns the token after it. */
    private int instruction(int at) {
        int token = tokens.word(at);
        int number = token & 0x7FF;
        String name = DxbcOpcodes.name(number);
        if (name == null) {
            throw tokens.error(at, "unknown opcode 0x" + Integer.toHexString(number) + " (token 0x"
                    + Integer.toHexString(token) + ")");
        }
        int left = tokens.count - at;
        if (number == DxbcOpcodes.CUSTOMDATA) {
            if (left < 2) {
                throw tokens.error(at, "truncated instruction: customdata without its length token");
            }
            long length = Integer.toUnsignedLong(tokens.word(at + 1));
            if (length < 2 || length > left) {
                throw tokens.error(at, "customdata of " + length + " tokens " + (length < 2 ? "is shorter than its "
                        + "own header" : "runs past the end of the program (" + left + " tokens left)"));
            }
            if (token >>> 11 == ICB) {
                throw tokens.error(at, "an immediate constant buffer (dcl_immediateConstantBuffer) is not "
                        + "supported: imbrex has no icb register");
            }
            return at + (int) length;
        }
        int length = (token >>> 24) & 0x7F;
        if (length == 0) {
            throw tokens.error(at, name + " has length 0");
        }
        if (length > left) {
            throw tokens.error(at, "truncated instruction: " + name + " has " + length + " tokens, the program "
                    + "ends after " + left);
        }
        DxbcTokens.Cursor in = tokens.cursor(at, at + length, name);
        extendedOpcodes(in, token, name);
        if (DxbcOpcodes.isDeclaration(number)) {
            declaration(in, number, token, name);
        } else {
            code.add(operation(in, number, token));
        }
        if (!in.atEnd()) {
            throw in.errorAt(in.offset(), name + " has " + (in.limit - in.position) + " more tokens than its "
                    + "operands take");
        }
        return at + length;
    }

    private static void extendedOpcodes(DxbcTokens.Cursor in, int token, String name) {
        boolean extended = token < 0;
        while (extended) {
            int ext = in.next("its extended opcode token");
            int kind = ext & 0x3F;
            if (kind == 1 && ((ext >>> 9) & 0xFFF) != 0) {
                throw in.error(name + " with texel offsets (_aoffimmi) is not supported");
            }
            if (kind > 3) {
                throw in.error(name + " has an unknown extended opcode token type " + kind);
            }
            extended = ext < 0;
        }
    }

    private Instruction operation(DxbcTokens.Cursor in, int number, int token) {
        String name = DxbcOpcodes.tableName(number, token);
        Opcode opcode = OpcodeTable.lookup(name);
        if (opcode == null) {
            throw in.error("unsupported opcode " + name + " (0x" + Integer.toHexString(number) + "): imbrex does "
                    + "not run it");
        }
        boolean saturate = number != DxbcOpcodes.SYNC && (token & DxbcOpcodes.SATURATE) != 0;
        if (saturate && !opcode.allowsSaturate()) {
            throw in.error(name + " has no _sat form");
        }
        Operand[] operands = new Operand[opcode.operandCount()];
        for (int i = 0; i < operands.length; i++) {
            String item = "operand " + (i + 1) + " of " + name;
            operands[i] = DxbcOperands.toOperand(in, DxbcOperands.read(in, item), opcode.isDest(i), item);
        }
        int offset = tokens.offset(in.start);
        Instruction ins = new Instruction(opcode, saturate, operands, code.size() + 1, offset);
        ins.byteOffset = offset;
        return ins;
    }

    private void declaration(DxbcTokens.Cursor in, int number, int token, String name) {
        switch (number) {
            case DxbcOpcodes.DCL_GLOBAL_FLAGS -> {
            }
            case DxbcOpcodes.DCL_THREAD_GROUP -> threadGroup(in);
            case DxbcOpcodes.DCL_TEMPS -> declarations.temps = bounded(in, count(in, "its register count"), MAX_TEMPS,
                    name);
            case DxbcOpcodes.DCL_INDEXABLE_TEMP -> indexableTemp(in, name);
            case DxbcOpcodes.DCL_CONSTANT_BUFFER -> constantBuffer(in, name);
            case DxbcOpcodes.DCL_RESOURCE -> typed(in, token, declarations.resources, DxbcOperands.RESOURCE, "t", name);
            case DxbcOpcodes.DCL_UAV_TYPED -> typed(in, token, declarations.uavs, DxbcOperands.UAV, "u", name);
            case DxbcOpcodes.DCL_RESOURCE_RAW -> declare(in, declarations.resources, "t",
                    slot(in, DxbcOperands.RESOURCE, name), new View(ViewKind.RAW, 0));
            case DxbcOpcodes.DCL_UAV_RAW -> declare(in, declarations.uavs, "u", slot(in, DxbcOperands.UAV, name),
                    new View(ViewKind.RAW, 0));
            case DxbcOpcodes.DCL_RESOURCE_STRUCTURED -> structured(in, declarations.resources, DxbcOperands.RESOURCE,
                    "t", name);
            case DxbcOpcodes.DCL_UAV_STRUCTURED -> structured(in, declarations.uavs, DxbcOperands.UAV, "u", name);
            case DxbcOpcodes.DCL_TGSM_RAW -> tgsm(in, false, name);
            case DxbcOpcodes.DCL_TGSM_STRUCTURED -> tgsm(in, true, name);
            case DxbcOpcodes.DCL_INPUT -> input(in, name);
            default -> throw in.error("unsupported declaration " + name + " (0x" + Integer.toHexString(number) + ")");
        }
    }

    private void threadGroup(DxbcTokens.Cursor in) {
        if (declarations.numThreads != null) {
            throw in.error("dcl_thread_group is declared twice");
        }
        long x = Integer.toUnsignedLong(in.next("the thread group width"));
        long y = Integer.toUnsignedLong(in.next("the thread group height"));
        long z = Integer.toUnsignedLong(in.next("the thread group depth"));
        if (x > Integer.MAX_VALUE || y > Integer.MAX_VALUE || z > Integer.MAX_VALUE) {
            throw in.error("numthreads(" + x + ", " + y + ", " + z + ") is out of range for "
                    + declarations.model.profile());
        }
        try {
            declarations.numThreads = NumThreads.of((int) x, (int) y, (int) z, declarations.model);
        } catch (IllegalArgumentException e) {
            throw in.error(e.getMessage());
        }
    }

    private void indexableTemp(DxbcTokens.Cursor in, String name) {
        int x = bounded(in, count(in, "its register number"), Integer.MAX_VALUE, "an x# register number");
        int size = bounded(in, count(in, "its register count"), MAX_TEMPS, name);
        long components = count(in, "its component count");
        if (components < 1 || components > 4) {
            throw in.error("an indexable register has 1 to 4 components, not " + components);
        }
        declare(in, declarations.indexableTemps, "x", x, size);
    }

    private void constantBuffer(DxbcTokens.Cursor in, String name) {
        DxbcOperands.Raw raw = DxbcOperands.read(in, "the register of " + name);
        expect(in, raw, DxbcOperands.CONSTANT_BUFFER, 2, name);
        int slot = DxbcOperands.register(in, raw, name);
        DxbcOperands.Index size = raw.indices()[1];
        if (size.relative()) {
            throw in.errorAt(raw.offset(), name + ": the register count must be a number");
        }
        int registers = bounded(in, size.offset(), 4096, "a constant buffer");
        declare(in, declarations.constantBuffers, "cb", slot, registers);
    }

    private void typed(DxbcTokens.Cursor in, int token, Map<Integer, View> into, int type, String prefix,
            String name) {
        int dimension = (token >>> 11) & 0x1F;
        ViewKind kind = switch (dimension) {
            case 1 -> ViewKind.TYPED_BUFFER;
            case 3 -> ViewKind.TEXTURE2D;
            default -> throw in.error(name + " of a " + (dimension < DIMENSIONS.length ? DIMENSIONS[dimension]
                    : "resource dimension " + dimension) + " is not supported (buffer and texture2d are)");
        };
        int slot = slot(in, type, name);
        in.next("its return types");
        declare(in, into, prefix, slot, new View(kind, 0));
    }

    private void structured(DxbcTokens.Cursor in, Map<Integer, View> into, int type, String prefix, String name) {
        int slot = slot(in, type, name);
        long stride = count(in, "its structure stride");
        if (stride == 0 || stride % 4 != 0 || stride > 2048) {
            throw in.error("a structure stride is a multiple of 4 in 4..2048, not " + stride);
        }
        declare(in, into, prefix, slot, new View(ViewKind.STRUCTURED, (int) stride));
    }

    private void tgsm(DxbcTokens.Cursor in, boolean structured, String name) {
        int slot = slot(in, DxbcOperands.GROUPSHARED, name);
        long stride = count(in, structured ? "its structure stride" : "its size in bytes");
        long count = structured ? count(in, "its structure count") : 1;
        if (stride == 0 || stride % 4 != 0) {
            throw in.error("groupshared sizes are positive multiples of 4 bytes, not " + stride);
        }
        long total = stride * count;
        for (Tgsm other : declarations.groupShared.values()) {
            total += 4L * other.words();
        }
        if (total > declarations.model.groupSharedBytes()) {
            throw in.error("groupshared declarations take " + total + " bytes; " + declarations.model.profile()
                    + " allows " + declarations.model.groupSharedBytes());
        }
        Tgsm tgsm = structured ? new Tgsm(true, (int) stride, (int) count) : new Tgsm(false, 4, (int) stride / 4);
        declare(in, declarations.groupShared, "g", slot, tgsm);
    }

    private void input(DxbcTokens.Cursor in, String name) {
        DxbcOperands.Raw raw = DxbcOperands.read(in, "the register of " + name);
        SystemValue value = DxbcOperands.systemValue(raw.type());
        if (value == null) {
            throw in.errorAt(raw.offset(), "a compute shader has no input " + DxbcOperands.describe(raw.type())
                    + " (operand type 0x" + Integer.toHexString(raw.type()) + ")");
        }
        DxbcOperands.indices(in, raw, 0, name);
        declarations.inputs.add(value);
    }

    /** Reads the t#, u# or g# register a declaration declares. */
    private static int slot(DxbcTokens.Cursor in, int type, String name) {
        DxbcOperands.Raw raw = DxbcOperands.read(in, "the register of " + name);
        expect(in, raw, type, 1, name);
        return DxbcOperands.register(in, raw, name);
    }

    private static void expect(DxbcTokens.Cursor in, DxbcOperands.Raw raw, int type, int indices, String name) {
        if (raw.type() != type) {
            throw in.errorAt(raw.offset(), name + " declares " + DxbcOperands.describe(type) + ", not "
                    + DxbcOperands.describe(raw.type()));
        }
        DxbcOperands.indices(in, raw, indices, name);
    }

    private static long count(DxbcTokens.Cursor in, String what) {
        return Integer.toUnsignedLong(in.next(what));
    }

    private static int bounded(DxbcTokens.Cursor in, long value, int max, String what) {
        if (value > max) {
            throw in.error(what + " allows at most " + max + ", not " + value);
        }
        return (int) value;
    }

    private static <T> void declare(DxbcTokens.Cursor in, Map<Integer, T> into, String prefix, int slot, T value) {
        if (into.containsKey(slot)) {
            throw in.error(prefix + slot + " is declared twice");
        }
        into.put(slot, value);
    }

    /**
     * The checks of the last step report {@code file:line:column}; decoded instructions carry their number as
     * the line and their byte offset (or their operand's) as the column, so the error becomes {@code file:
     * byte 0x…: instruction n (name): reason}.
     */
    private DxbcFormatException translate(AsmSyntaxException e) {
        String prefix = e.file() + ":" + e.line() + ":" + e.column() + ": ";
        String message = e.getMessage();
        String reason = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
        int n = e.line();
        String where = n >= 1 && n <= code.size() ? "instruction " + n + " (" + code.get(n - 1).name() + "): " : "";
        DxbcFormatException error = new DxbcFormatException(file, e.column(), where + reason);
        error.initCause(e);
        return error;
    }
}
