package org.imbrex.io.signature;

/** YARA's comments, as in C: {@code // to the end of the line} and {@code /* block *}{@code /}. */
final class YaraComments {
    private YaraComments() {
    }

    /** True when a comment starts here. */
    static boolean startsHere(SourceText text) {
        return text.peek() == '/' && (text.peek(1) == '/' || text.peek(1) == '*');
    }

    /** Skips the comment that starts here; an unclosed block comment is an error at its start. */
    static void skip(SourceText text) {
        SourceText.Position start = text.position();
        if (text.accept("//")) {
            text.skipLine();
            return;
        }
        text.accept("/*");
        while (!text.accept("*/")) {
            if (text.atEnd()) {
                throw text.error(start, "comment /* is not closed by */");
            }
            text.next();
        }
    }

    /** Skips blanks, line ends and comments. */
    static void skipSpace(SourceText text) {
        while (!text.atEnd()) {
            char c = text.peek();
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                text.next();
            } else if (startsHere(text)) {
                skip(text);
            } else {
                return;
            }
        }
    }
}
