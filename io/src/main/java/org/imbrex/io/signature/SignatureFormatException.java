package org.imbrex.io.signature;

import org.imbrex.kernels.text.OneLineText;

/**
 * A signature file that imbrex cannot read, with the place of the problem: its message is {@code
 * file:line:column: reason}, lines and columns counted from 1 (a tab counts as one column). The message is
 * one printable line whatever the file holds: control characters quoted from it are escaped ({@code \x00},
 * {@link OneLineText}).
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
        super(OneLineText.of(file + ":" + line + ":" + column + ": " + reason));
        this.file = file;
        this.line = line;
        this.column = column;
        this.reason = OneLineText.of(reason);
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

    /** The reason alone, without the place (escaped as in the message). */
    public String reason() {
        return reason;
    }
}
