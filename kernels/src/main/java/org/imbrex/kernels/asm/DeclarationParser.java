package org.imbrex.kernels.asm;

import java.util.Map;
import org.imbrex.kernels.asm.Declarations.Tgsm;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * Parses the {@code dcl_*} lines of a compute shader into {@link Declarations}, in both dialects.
 *
 * <pre>
 *   fxc:    dcl_constantbuffer CB0[1], immediateIndexed     dcl_input vThreadID.x
 *   vkd3d:  dcl_constantBuffer cb0[1], immediateIndexed     dcl_input vThreadID.xyz
 * </pre>
 * A slot declared twice, a size out of range or an unknown declaration is an error at its column. The
 * register numbers and sizes are those a device allows, so nothing the interpreter sizes from them can be
 * larger than a real shader's:
 * <pre>
 *   t0..t127   u0..u63   cb0..cb13   x0..x4095   g0..g(groupshared bytes / 4 − 1)
 *   dcl_temps n + every dcl_indexableTemp size ≤ 4096 registers        (r# and x# share the 4096)
 *   groupshared: strides 4..2048, 1+ structures, all declarations together within the profile's bytes
 * </pre>
 * Example: {@code dcl_tgsm_structured g0, 4, 64} declares 64 structures of 4 bytes in g0; {@code
 * dcl_resource_raw t128} fails with {@code t128 is not a slot; t0..t127 exist}.
 */
final class DeclarationParser {
    /** Temp registers a shader may declare, r# and x# together. */
    private static final int MAX_TEMPS = 4096;
    private static final int MAX_STRIDE = 2048;
    private static final int SRVS = ShaderResources.SRV_SLOTS;
    private static final int UAVS = ShaderResources.UAV_SLOTS;

    private DeclarationParser() {
    }

    /** Parses the rest of a line whose first word {@code name} starts with {@code dcl_}. */
    static void parse(String name, int nameColumn, LineCursor in, Declarations into) {
        String kind = name.replaceAll("_(glc|opc)$", "");
        switch (kind) {
            case "dcl_globalFlags" -> in.until("");
            case "dcl_thread_group" -> threadGroup(in, into);
            case "dcl_temps" -> temps(in, into);
            case "dcl_indexableTemp" -> indexableTemp(in, into);
            case "dcl_constantbuffer", "dcl_constantBuffer" -> constantBuffer(in, into);
            case "dcl_resource_buffer" -> view(in, into.resources, "t", SRVS, new View(ViewKind.TYPED_BUFFER, 0), true);
            case "dcl_resource_texture2d" -> view(in, into.resources, "t", SRVS, new View(ViewKind.TEXTURE2D, 0), true);
            case "dcl_resource_raw" -> view(in, into.resources, "t", SRVS, new View(ViewKind.RAW, 0), false);
            case "dcl_resource_structured" -> structured(in, into.resources, "t", SRVS);
            case "dcl_uav_typed_buffer" -> view(in, into.uavs, "u", UAVS, new View(ViewKind.TYPED_BUFFER, 0), true);
            case "dcl_uav_typed_texture2d" -> view(in, into.uavs, "u", UAVS, new View(ViewKind.TEXTURE2D, 0), true);
            case "dcl_uav_raw" -> view(in, into.uavs, "u", UAVS, new View(ViewKind.RAW, 0), false);
            case "dcl_uav_structured" -> structured(in, into.uavs, "u", UAVS);
            case "dcl_tgsm_raw" -> tgsm(in, into, false);
            case "dcl_tgsm_structured" -> tgsm(in, into, true);
            case "dcl_input" -> input(in, into);
            default -> throw in.errorAt(nameColumn, "unsupported declaration '" + name + "'");
        }
        if (!in.atEnd()) {
            throw in.error("unexpected " + in.found() + " after " + name);
        }
    }

    private static void threadGroup(LineCursor in, Declarations into) {
        if (into.numThreads != null) {
            throw in.error("dcl_thread_group is declared twice");
        }
        in.skipSpaces();
        int column = in.column();
        int x = in.number("the thread group width");
        in.expect(',', "between thread group sizes");
        int y = in.number("the thread group height");
        in.expect(',', "between thread group sizes");
        int z = in.number("the thread group depth");
        try {
            into.numThreads = NumThreads.of(x, y, z, into.model);
        } catch (IllegalArgumentException e) {
            throw in.errorAt(column, e.getMessage());
        }
    }

    private static void temps(LineCursor in, Declarations into) {
        in.skipSpaces();
        int column = in.column();
        int temps = in.number("a register count");
        checkTemps(in, column, temps, indexableRegisters(into), "dcl_temps " + temps);
        into.temps = temps;
    }

    /** r# and x# registers share {@link #MAX_TEMPS}. */
    private static void checkTemps(LineCursor in, int column, long temps, long indexable, String what) {
        if (temps + indexable > MAX_TEMPS) {
            throw in.errorAt(column, what + " makes " + (temps + indexable) + " temp registers (r# and x# together); "
                    + "at most " + MAX_TEMPS + " are allowed");
        }
    }

    private static long indexableRegisters(Declarations into) {
        long registers = 0;
        for (int size : into.indexableTemps.values()) {
            registers += size;
        }
        return registers;
    }

    private static void indexableTemp(LineCursor in, Declarations into) {
        in.skipSpaces();
        int column = in.column();
        int x = slot(in, "x", MAX_TEMPS);
        in.expect('[', "after the indexable register");
        int size = bounded(in, in.number("a register count"), MAX_TEMPS, "dcl_indexableTemp");
        checkTemps(in, column, into.temps, indexableRegisters(into) + size, "dcl_indexableTemp x" + x + "[" + size
                + "]");
        in.expect(']', "closing the register count");
        in.expect(',', "before the component count");
        int components = in.number("a component count");
        if (components < 1 || components > 4) {
            throw in.error("an indexable register has 1 to 4 components, not " + components);
        }
        unique(in, into.indexableTemps, x, "x");
        into.indexableTemps.put(x, size);
    }

    private static void constantBuffer(LineCursor in, Declarations into) {
        in.skipSpaces();
        int column = in.column();
        String name = in.alphanumeric();
        if (!name.matches("(cb|CB)[0-9]+")) {
            throw in.errorAt(column, "expected a constant buffer register (cb#), found '" + name + "'");
        }
        int slot = slotNumber(in, column, name, 2, "cb", ShaderResources.CB_SLOTS);
        in.expect('[', "after the constant buffer");
        int registers = bounded(in, in.number("a register count"), 4096, "a constant buffer");
        in.expect(']', "closing the register count");
        if (in.accept(',')) {
            in.skipSpaces();
            String access = in.word();
            if (!access.equals("immediateIndexed") && !access.equals("dynamicIndexed")) {
                throw in.error("expected immediateIndexed or dynamicIndexed, found '" + access + "'");
            }
        }
        unique(in, into.constantBuffers, slot, "cb");
        into.constantBuffers.put(slot, registers);
    }

    private static void view(LineCursor in, Map<Integer, View> into, String prefix, int slots, View view,
            boolean typed) {
        if (typed) {
            in.expect('(', "opening the return types");
            in.until(")");
            in.expect(')', "closing the return types");
        }
        int slot = slot(in, prefix, slots);
        unique(in, into, slot, prefix);
        into.put(slot, view);
    }

    private static void structured(LineCursor in, Map<Integer, View> into, String prefix, int slots) {
        int slot = slot(in, prefix, slots);
        in.expect(',', "before the structure stride");
        int stride = in.number("a structure stride");
        if (stride == 0 || stride % 4 != 0 || stride > MAX_STRIDE) {
            throw in.error("a structure stride is a multiple of 4 in 4..2048, not " + stride);
        }
        unique(in, into, slot, prefix);
        into.put(slot, new View(ViewKind.STRUCTURED, stride));
    }

    private static void tgsm(LineCursor in, Declarations into, boolean structured) {
        int slot = slot(in, "g", into.model.groupSharedBytes() / 4);
        in.expect(',', "before the size");
        int stride = in.number(structured ? "a structure stride" : "a size in bytes");
        int count = 1;
        if (structured) {
            in.expect(',', "before the structure count");
            count = in.number("a structure count");
        }
        if (stride == 0 || stride % 4 != 0) {
            throw in.error("groupshared sizes are positive multiples of 4 bytes, not " + stride);
        }
        if (structured && (stride > MAX_STRIDE || count == 0)) {
            throw in.error("a groupshared structure has a stride of 4.." + MAX_STRIDE + " bytes and a count of 1 or "
                    + "more, not " + stride + " and " + count);
        }
        long total = (long) stride * count;
        for (Tgsm other : into.groupShared.values()) {
            total += 4L * other.words();
        }
        if (total > into.model.groupSharedBytes()) {
            throw in.error("groupshared declarations take " + total + " bytes; " + into.model.profile()
                    + " allows " + into.model.groupSharedBytes());
        }
        unique(in, into.groupShared, slot, "g");
        into.groupShared.put(slot, structured ? new Tgsm(true, stride, count) : new Tgsm(false, 4, stride / 4));
    }

    private static void input(LineCursor in, Declarations into) {
        in.skipSpaces();
        int column = in.column();
        String name = in.alphanumeric();
        SystemValue value = SystemValue.of(name);
        if (value == null) {
            throw in.errorAt(column, "a compute shader has no input '" + name + "'");
        }
        if (in.accept('.')) {
            in.alphanumeric();
        }
        into.inputs.add(value);
    }

    /** A register {@code prefix#} with a number below {@code slots}. */
    private static int slot(LineCursor in, String prefix, int slots) {
        in.skipSpaces();
        int column = in.column();
        String name = in.alphanumeric();
        if (!name.matches(prefix + "[0-9]+")) {
            throw in.errorAt(column, "expected a register " + prefix + "#, found '" + name + "'");
        }
        return slotNumber(in, column, name, prefix.length(), prefix, slots);
    }

    private static int slotNumber(LineCursor in, int column, String name, int digitsFrom, String prefix, int slots) {
        String digits = name.substring(digitsFrom);
        int slot = digits.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(digits);
        if (slot >= slots) {
            throw in.errorAt(column, name + " is not a slot; " + prefix + "0.." + prefix + (slots - 1) + " exist");
        }
        return slot;
    }

    private static int bounded(LineCursor in, int value, int max, String what) {
        if (value > max) {
            throw in.error(what + " allows at most " + max + ", not " + value);
        }
        return value;
    }

    private static void unique(LineCursor in, Map<Integer, ?> declared, int slot, String prefix) {
        if (declared.containsKey(slot)) {
            throw in.error(prefix + slot + " is declared twice");
        }
    }
}
