package org.imbrex.kernels.asm;

import org.imbrex.kernels.text.OneLineText;

/**
 * Assembly text imbrex cannot run: an unknown opcode, a malformed operand, a missing or repeated
 * declaration, unbalanced flow control. The message always starts with where: {@code file:line:column:
 * reason}, lines and columns counted from 1, and is one printable line: control characters quoted from the
 * text are escaped ({@code \x14}, {@link OneLineText}).
 *
 * <p>Example: {@code search.asm:14:3: unknown opcode 'fma'}.
 */
public final class AsmSyntaxException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;

    public AsmSyntaxException(String file, int line, int column, String reason) {
        super(OneLineText.of(file + ":" + line + ":" + column + ": " + reason));
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The file name the text came from, as given to the parser. */
    public String file() {
        return file;
    }

    /** 1-based line. */
    public int line() {
        return line;
    }

    /** 1-based column. */
    public int column() {
        return column;
    }
}
