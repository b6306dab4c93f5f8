package org.imbrex.io.signature;

/**
 * A signature file that imbrex cannot read, with the place of the problem: its message is {@code
 * file:line:column: reason}, lines and columns counted from 1 (a tab counts as one column).
 *
 * <p>Example: {@code sigs.yar:12:24: jump [2-4] in hex string $a of rule 'dropper' is not supported: a
 * signature is one fixed-length window; split it into two signatures, or write ?? for a fixed gap}.
 */
public final class SignatureFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String reason;

    public SignatureFormatException(String file, int line, int column, String reason) {
        super(file + ":" + line + ":" + column + ": " + reason);
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = reason;
    }

    /** The file (or source) name as given to the parser. */
    public String file() {
        return file;
    }

    /** 1-based line of the problem. */
    public int line() {
        return line;
    }

    /** 1-based column of the problem. */
    public int column() {
        return column;
    }

    /** The reason alone, without the place. */
    public String reason() {
        return reason;
    }
}
