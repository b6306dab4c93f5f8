package org.imbrex.io.signature;

/**
 * Reads imbrex's signature text format: one signature a line, {@code name = hex bytes}.
 * <pre>
 *   # MZ executables                      a comment line
 *   mz_header = 4D 5A ?? ?? 50 45         a signature (?? = any byte)
 *   zip_local = 504B0304                  blanks between bytes are optional
 *   elf = 7F 45 4C 46   # ELF magic       a comment after the bytes
 * </pre>
 * A name is a run of characters other than blanks, {@code =} and {@code #}; a control character or any
 * other white space in it (a vertical tab, U+2003) is refused at its column.
 */
final class TextSignatureReader {
    private final SourceText text;
    private final SignatureCollector collector;

    TextSignatureReader(SourceText text, SignatureCollector collector) {
        this.text = text;
        this.collector = collector;
    }

    void read() {
        while (!text.atEnd()) {
            text.skipBlanks();
            char c = text.peek();
            if (c == '#') {
                text.skipLine();
            } else if (c != '\n' && !text.atEnd()) {
                readSignature();
            }
            if (!text.atEnd()) {
                text.next();
            }
        }
    }

    private void readSignature() {
        SourceText.Position start = text.position();
        String name = readName();
        if (name.isEmpty()) {
            throw text.error(start, "expected a signature name before '" + text.peek() + "'");
        }
        checkName(name, start);
        text.skipBlanks();
        if (text.peek() != '=') {
            throw text.error(text.position(), "expected '=' after signature name '" + name + "'");
        }
        text.next();
        text.skipBlanks();
        SourceText.Position bytesStart = text.position();
        HexPattern bytes = HexPatternReader.read(text, HexPatternReader.Syntax.TEXT, "signature '" + name + "'");
        if (bytes.length() == 0) {
            throw text.error(bytesStart, "signature '" + name + "' has no bytes");
        }
        collector.add(bytes.toSignature(name), start);
        if (text.peek() == '#') {
            text.skipLine();
        }
    }

    /** A name holds no white space and no control character (it would not print as the name it is). */
    private void checkName(String name, SourceText.Position start) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c)) {
                throw text.error(new SourceText.Position(start.line(), start.column() + i), String.format(
                        "signature name '%s' holds U+%04X: a name has no blanks or control characters", name, (int) c));
            }
        }
    }

    private String readName() {
        StringBuilder name = new StringBuilder();
        while (!text.atEnd()) {
            char c = text.peek();
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '=' || c == '#') {
                break;
            }
            name.append(text.next());
        }
        return name.toString();
    }
}
