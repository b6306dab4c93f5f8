package org.imbrex.io.signature;

import org.imbrex.kernels.text.OneLineText;

/**
 * Something in a signature file that was read but gives no signature, e.g. a YARA text string. The message
 * is one printable line: control characters quoted from the file are escaped ({@link OneLineText}).
 *
 * <p>Example: {@code new SignatureWarning("a.yar", 7, 9, "text string $s of rule 'x' skipped")} prints as
 * {@code a.yar:7:9: warning: text string $s of rule 'x' skipped}.
 *
 * @param file    the file (or source) name as given to the parser
 * @param line    1-based line
 * @param column  1-based column
 * @param message what was skipped and why
 */
public record SignatureWarning(String file, int line, int column, String message) {
    public SignatureWarning {
        message = OneLineText.of(message);
    }

    @Override
    public String toString() {
        return OneLineText.of(file) + ":" + line + ":" + column + ": warning: " + message;
    }
}
