package org.imbrex.kernels.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds SM4/SM5 token streams and DXBC containers for tests, and patches real ones.
 *
 * <pre>
 *   int[] program = DxbcBytes.program(0x00050050,                       cs_5_0
 *           DxbcBytes.ins(0x9b, 0, new int[] {64, 1, 1}),                dcl_thread_group 64, 1, 1
 *           DxbcBytes.ins(0x3e, 0));                                     ret
 *   byte[] dxbc = DxbcBytes.container("SHEX", program);                  RDEF, ISGN, OSGN, SHEX; signed
 * </pre>
 * Operands: {@code dst(type, index, mask)}, {@code src(type, index, "yxzw")}, {@code imm(v)}, … — each an
 * operand token with its indices, ready to pass to {@link #ins}.
 */
final class DxbcBytes {
    static final int CS_5_0 = 0x00050050;
    static final int CS_4_1 = 0x00050041;

    private DxbcBytes() {
    }

    /** An operand token: components code, selection mode, selection bits, type, index count and representations. */
    static int operand(int components, int mode, int selection, int type, int dims, int rep0, int rep1) {
        return components | mode << 2 | selection << 4 | type << 12 | dims << 20 | rep0 << 22 | rep1 << 25;
    }

    static int swizzle(String letters) {
        int s = 0;
        for (int i = 0; i < 4; i++) {
            s |= "xyzw".indexOf(letters.charAt(i)) << (2 * i);
        }
        return s;
    }

    static int mask(String letters) {
        int m = 0;
        for (char c : letters.toCharArray()) {
            m |= 1 << "xyzw".indexOf(c);
        }
        return m;
    }

    /** A 4-component destination with a write mask, one immediate index: {@code r1.xz}, {@code u0.xyzw}. */
    static int[] dst(int type, int index, String mask) {
        return new int[] {operand(2, 0, mask(mask), type, 1, 0, 0), index};
    }

    /** A 4-component source with a swizzle, one immediate index: {@code r1.yxzw}. */
    static int[] src(int type, int index, String swizzle) {
        return new int[] {operand(2, 1, swizzle(swizzle), type, 1, 0, 0), index};
    }

    /** A 4-component source in select-one mode: {@code r1.z}. */
    static int[] select(int type, int index, char component) {
        return new int[] {operand(2, 2, "xyzw".indexOf(component), type, 1, 0, 0), index};
    }

    /** A 4-component source in mask mode (what the disassembly prints as {@code .xyzw}). */
    static int[] masked(int type, int index, String mask) {
        return new int[] {operand(2, 0, mask(mask), type, 1, 0, 0), index};
    }

    /** A 0-component operand with one index: {@code u1} as an atomic's memory. */
    static int[] bare(int type, int index) {
        return new int[] {operand(0, 0, 0, type, 1, 0, 0), index};
    }

    /** An input system value with a swizzle (no index): {@code vThreadID.xyxx}. */
    static int[] input(int type, String swizzle) {
        return new int[] {operand(2, 1, swizzle(swizzle), type, 0, 0, 0)};
    }

    /** An input system value as a destination-like mask (for dcl_input). */
    static int[] inputMask(int type, String mask) {
        return new int[] {operand(2, 0, mask(mask), type, 0, 0, 0)};
    }

    static int[] imm(int value) {
        return new int[] {operand(1, 0, 0, DxbcOperands.IMMEDIATE32, 0, 0, 0), value};
    }

    static int[] imm(int a, int b, int c, int d) {
        return new int[] {operand(2, 0, 0, DxbcOperands.IMMEDIATE32, 0, 0, 0), a, b, c, d};
    }

    static int[] none() {
        return new int[] {operand(0, 0, 0, DxbcOperands.NULL, 0, 0, 0)};
    }

    /**
     * A two-index operand ({@code cb#[...]}, {@code x#[...]}), second index {@code offset} or {@code
     * r<register>.<component> + offset} (register −1: immediate only); {@code bits} is the selection
     * (a swizzle for {@code mode} 1, a mask for 0).
     */
    static int[] indexed(int type, int slot, int register, char component, int offset, int mode, int bits) {
        if (register < 0) {
            return new int[] {operand(2, mode, bits, type, 2, 0, 0), slot, offset};
        }
        int[] relative = select(DxbcOperands.TEMP, register, component);
        return new int[] {operand(2, mode, bits, type, 2, 0, 3), slot, offset, relative[0], relative[1]};
    }

    /** Adds a modifier token (1 −x, 2 |x|, 3 −|x|) after the operand token. */
    static int[] modified(int[] operand, int modifier) {
        int[] out = new int[operand.length + 1];
        out[0] = operand[0] | 0x8000_0000;
        out[1] = 1 | modifier << 6;
        System.arraycopy(operand, 1, out, 2, operand.length - 1);
        return out;
    }

    /** One instruction: opcode token (with {@code controls} in bits 11–23) and its operands. */
    static int[] ins(int number, int controls, int[]... operands) {
        List<Integer> words = new ArrayList<>();
        words.add(0);
        for (int[] op : operands) {
            for (int w : op) {
                words.add(w);
            }
        }
        words.set(0, number | controls << 11 | words.size() << 24);
        return words.stream().mapToInt(Integer::intValue).toArray();
    }

    /** An instruction with extended opcode tokens (bit 31 and the chain are set here). */
    static int[] extended(int[] instruction, int... extensions) {
        int[] out = new int[instruction.length + extensions.length];
        out[0] = (instruction[0] & 0x00FF_FFFF | 0x8000_0000) + (out.length << 24);
        for (int i = 0; i < extensions.length; i++) {
            out[1 + i] = extensions[i] | (i + 1 < extensions.length ? 0x8000_0000 : 0);
        }
        System.arraycopy(instruction, 1, out, 1 + extensions.length, instruction.length - 1);
        return out;
    }

    /** A program: version token, length token, then the instructions. */
    static int[] program(int version, int[]... instructions) {
        List<Integer> words = new ArrayList<>(List.of(version, 0));
        for (int[] ins : instructions) {
            for (int w : ins) {
                words.add(w);
            }
        }
        words.set(1, words.size());
        return words.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A signed container: an RDEF, ISGN and OSGN chunk (empty) and the program under {@code tag}. */
    static byte[] container(String tag, int[] program) {
        byte[][] chunks = {chunk("RDEF", new byte[28]), chunk("ISGN", new byte[8]), chunk("OSGN", new byte[8]),
            chunk(tag, bytes(program))};
        int header = 0x20 + 4 * chunks.length;
        int size = header;
        for (byte[] c : chunks) {
            size += c.length;
        }
        byte[] out = new byte[size];
        out[0] = 'D';
        out[1] = 'X';
        out[2] = 'B';
        out[3] = 'C';
        put(out, 0x14, 1);
        put(out, 0x18, size);
        put(out, 0x1c, chunks.length);
        int at = header;
        for (int i = 0; i < chunks.length; i++) {
            put(out, 0x20 + 4 * i, at);
            System.arraycopy(chunks[i], 0, out, at, chunks[i].length);
            at += chunks[i].length;
        }
        DxbcChecksum.sign(out);
        return out;
    }

    private static byte[] chunk(String tag, byte[] data) {
        byte[] out = new byte[8 + data.length];
        for (int i = 0; i < 4; i++) {
            out[i] = (byte) tag.charAt(i);
        }
        put(out, 4, data.length);
        System.arraycopy(data, 0, out, 8, data.length);
        return out;
    }

    static byte[] bytes(int[] words) {
        byte[] out = new byte[4 * words.length];
        for (int i = 0; i < words.length; i++) {
            put(out, 4 * i, words[i]);
        }
        return out;
    }

    static void put(byte[] bytes, int at, int value) {
        bytes[at] = (byte) value;
        bytes[at + 1] = (byte) (value >>> 8);
        bytes[at + 2] = (byte) (value >>> 16);
        bytes[at + 3] = (byte) (value >>> 24);
    }

    static int word(byte[] bytes, int at) {
        return DxbcChecksum.word(bytes, at);
    }

    /** A copy with the word at {@code at} replaced, re-signed. */
    static byte[] patched(byte[] original, int at, int value) {
        byte[] out = Arrays.copyOf(original, original.length);
        put(out, at, value);
        DxbcChecksum.sign(out);
        return out;
    }

    /** A real conformance shader's bytecode. */
    static byte[] real(String corpus, String name) throws IOException {
        try {
            Path dir = Path.of(DxbcBytes.class.getResource("/conformance/" + corpus + "/" + name).toURI());
            return Files.readAllBytes(dir.resolve(name + ".dxbc"));
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
