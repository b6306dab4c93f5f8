package org.imbrex.kernels.asm;

/**
 * Shader bytecode imbrex cannot run: a malformed or truncated DXBC container, a bad checksum, a chunk
 * outside the file, a truncated or unknown instruction, a shader that is not a cs_5_0 / cs_4_x compute
 * shader, or a program the assembly checks reject. The bytecode counterpart of {@link
 * AsmSyntaxException}: one line that starts with where, {@code file: byte 0x<offset>: reason}, the offset
 * counted in bytes from the start of the file, in hex.
 *
 * <p>Example: {@code rnd-s1-018.dxbc: byte 0x1a4: unknown opcode 0x6b}.
 */
public final class DxbcFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int byteOffset;

    public DxbcFormatException(String file, int byteOffset, String reason) {
        super(file + ": byte 0x" + Integer.toHexString(byteOffset) + ": " + reason);
        this.file = file;
        this.byteOffset = byteOffset;
    }

    /** The file name the bytes came from, as given to the decoder. */
    public String file() {
        return file;
    }

    /** Offset in the file of the byte the error is about (0-based). */
    public int byteOffset() {
        return byteOffset;
    }
}
