package org.imbrex.kernels.asm;

import java.nio.charset.StandardCharsets;

/**
 * Reads a DXBC container (what {@code fxc /Fo}, {@code D3DCompile} and {@code vkd3d-compiler -b dxbc-tpf}
 * write; {@code .dxbc}, {@code .cso}) and finds its program chunk. Everything is little-endian.
 *
 * <pre>
 *   0x00  'D' 'X' 'B' 'C'
 *   0x04  checksum, 16 bytes          {@link DxbcChecksum} of bytes 0x14 .. end
 *   0x14  1                           container version
 *   0x18  total size in bytes         must be the file's size
 *   0x1c  n, the number of chunks
 *   0x20  n chunk offsets             from the start of the file
 *   at each offset: a 4-character tag, the data size in bytes, the data
 *
 *   SHEX, SHDR   the program (SM5 / SM4 tokens; {@link DxbcParser})      exactly one of them
 *   RDEF, ISGN, OSGN, PCSG, STAT, SFI0, …   reflection, signatures, statistics: skipped
 * </pre>
 * The checksum is verified: a container whose bytes do not match it was damaged or edited without being
 * re-signed, and is refused. (Every container of the conformance corpora matches, the patched ones too:
 * their patcher re-signed them.) Example: {@code DxbcContainer.program("a.dxbc", bytes)} is the SHEX
 * chunk's data range; a file cut short fails with {@code a.dxbc: byte 0x18: container truncated: the
 * header gives 0x131c bytes, the file has 0x200}.
 */
final class DxbcContainer {
    /** Bytes of the fixed header, up to the chunk offsets. */
    static final int HEADER = 0x20;

    /** The program chunk's tag and its data: {@code size} bytes from file offset {@code offset}. */
    record Chunk(String tag, int offset, int size) {
    }

    private DxbcContainer() {
    }

    /** Checks the container and returns its SHEX or SHDR chunk. */
    static Chunk program(String file, byte[] bytes) {
        if (bytes.length >= 4 && !(bytes[0] == 'D' && bytes[1] == 'X' && bytes[2] == 'B' && bytes[3] == 'C')) {
            throw new DxbcFormatException(file, 0, "not a DXBC container: it starts with " + printable(bytes, 0)
                    + ", not 'DXBC'");
        }
        if (bytes.length < HEADER) {
            throw new DxbcFormatException(file, bytes.length, "container truncated: the file ends inside the "
                    + HEADER + "-byte header, after " + bytes.length + " bytes");
        }
        int version = word(bytes, 0x14);
        if (version != 1) {
            throw new DxbcFormatException(file, 0x14, "container version " + Integer.toUnsignedString(version)
                    + ", expected 1");
        }
        long size = unsigned(bytes, 0x18);
        if (size != bytes.length) {
            throw new DxbcFormatException(file, 0x18, (size > bytes.length ? "container truncated" : "container size "
                    + "mismatch") + ": the header gives 0x" + Long.toHexString(size) + " bytes, the file has 0x"
                    + Integer.toHexString(bytes.length));
        }
        if (!DxbcChecksum.matches(bytes)) {
            throw new DxbcFormatException(file, 0x04, "checksum mismatch: the header has "
                    + DxbcChecksum.hex(headerChecksum(bytes)) + ", the contents give "
                    + DxbcChecksum.hex(DxbcChecksum.of(bytes)) + " (damaged, or edited without re-signing)");
        }
        long count = unsigned(bytes, 0x1c);
        if (HEADER + 4 * count > bytes.length) {
            throw new DxbcFormatException(file, 0x1c, count + " chunk offsets do not fit in the file's "
                    + bytes.length + " bytes");
        }
        int chunksStart = HEADER + 4 * (int) count;
        Chunk program = null;
        StringBuilder tags = new StringBuilder();
        for (int i = 0; i < count; i++) {
            int entry = HEADER + 4 * i;
            long offset = unsigned(bytes, entry);
            if (offset < chunksStart || offset + 8 > bytes.length) {
                throw new DxbcFormatException(file, entry, "chunk " + i + " at 0x" + Long.toHexString(offset)
                        + " lies outside the file's chunk area (0x" + Integer.toHexString(chunksStart) + "..0x"
                        + Integer.toHexString(bytes.length) + ")");
            }
            int at = (int) offset;
            String tag = tag(bytes, at);
            String shown = printable(bytes, at);
            long dataSize = unsigned(bytes, at + 4);
            if (at + 8 + dataSize > bytes.length) {
                throw new DxbcFormatException(file, at + 4, "chunk " + shown + " of 0x" + Long.toHexString(dataSize)
                        + " bytes runs past the end of the file (0x" + Integer.toHexString(bytes.length) + ")");
            }
            tags.append(i == 0 ? "" : ", ").append(shown);
            if (tag.equals("SHEX") || tag.equals("SHDR")) {
                if (program != null) {
                    throw new DxbcFormatException(file, at, "a second program chunk (" + tag + " after "
                            + program.tag() + ")");
                }
                program = new Chunk(tag, at + 8, (int) dataSize);
            }
        }
        if (program == null) {
            throw new DxbcFormatException(file, 0x1c, "no program chunk (SHEX or SHDR); the container holds "
                    + (count == 0 ? "no chunks" : tags));
        }
        return program;
    }

    private static int[] headerChecksum(byte[] bytes) {
        int[] words = new int[4];
        for (int i = 0; i < 4; i++) {
            words[i] = word(bytes, 4 + 4 * i);
        }
        return words;
    }

    static int word(byte[] bytes, int at) {
        return DxbcChecksum.word(bytes, at);
    }

    private static long unsigned(byte[] bytes, int at) {
        return Integer.toUnsignedLong(word(bytes, at));
    }

    /** Four bytes as a quoted tag, non-printable bytes as {@code \xNN}. */
    private static String printable(byte[] bytes, int at) {
        StringBuilder text = new StringBuilder("'");
        for (int i = at; i < at + 4 && i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            if (b >= 0x20 && b < 0x7F && b != '\'' && b != '\\') {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02x", b));
            }
        }
        return text.append("'").toString();
    }

    /** The four tag bytes as text, for comparisons. */
    private static String tag(byte[] bytes, int at) {
        return new String(bytes, at, 4, StandardCharsets.ISO_8859_1);
    }
}
