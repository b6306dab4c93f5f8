package org.imbrex.kernels.asm;

/**
 * The 32-bit tokens of one program chunk, read in place from the file's bytes, and a cursor over the
 * tokens of one instruction, so that every read is bounds-checked and every error names its byte offset.
 *
 * <pre>
 *   file:   … chunk header | token 0 (version) | token 1 (length n) | token 2 … token n−1 | …
 *                            ^ base             offset(i) = base + 4·i
 *   one instruction:  [start, limit) ; next() past limit is an error at the instruction's offset
 * </pre>
 * Example: {@code new DxbcTokens("a.dxbc", bytes, 0x43c, 1019).offset(2)} is 0x444.
 */
final class DxbcTokens {
    final String file;
    private final byte[] bytes;
    private final int base;
    /** Number of tokens of the program, the version and length tokens included. */
    final int count;

    DxbcTokens(String file, byte[] bytes, int base, int count) {
        this.file = file;
        this.bytes = bytes;
        this.base = base;
        this.count = count;
    }

    int word(int i) {
        return DxbcChecksum.word(bytes, base + 4 * i);
    }

    /** File offset of token {@code i}. */
    int offset(int i) {
        return base + 4 * i;
    }

    DxbcFormatException error(int i, String reason) {
        return new DxbcFormatException(file, offset(i), reason);
    }

    /** The tokens of one instruction, {@code [start, limit)}; {@code what} names it in errors. */
    Cursor cursor(int start, int limit, String what) {
        return new Cursor(start, limit, what);
    }

    /** Reads one instruction's tokens in order. */
    final class Cursor {
        final int start;
        final int limit;
        final String what;
        int position;

        private Cursor(int start, int limit, String what) {
            this.start = start;
            this.limit = limit;
            this.what = what;
            this.position = start + 1;
        }

        boolean atEnd() {
            return position >= limit;
        }

        /** The next token; {@code item} names what it should be if the instruction ends first. */
        int next(String item) {
            if (position >= limit) {
                throw DxbcTokens.this.error(start, "truncated instruction: " + what + " (" + (limit - start) + " tokens) ends "
                        + "before " + item);
            }
            return word(position++);
        }

        /** File offset of the next token. */
        int offset() {
            return DxbcTokens.this.offset(position);
        }

        /** An error at the instruction's opcode token. */
        DxbcFormatException error(String reason) {
            return DxbcTokens.this.error(start, reason);
        }

        /** An error at file offset {@code fileOffset}, e.g. an operand token's. */
        DxbcFormatException errorAt(int fileOffset, String reason) {
            return new DxbcFormatException(file, fileOffset, reason);
        }
    }
}
