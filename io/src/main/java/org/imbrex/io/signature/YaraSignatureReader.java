package org.imbrex.io.signature;

/**
 * Reads the hex strings of YARA rules as signatures; everything else in the file is read and passed over.
 * <pre>
 *   import "pe"
 *   rule dropper : malware {                       every hex string of every rule is a signature:
 *       meta:      author = "x"  score = 5
 *       strings:   $mz   = { 4D 5A ?? 00 }         → dropper:$mz
 *                  $     = { 50 45 00 00 }         → dropper:$@1   (anonymous, numbered in order)
 *                  $txt  = "This program" wide     → skipped, with a warning (text string)
 *                  $re   = /ab+c/i                 → skipped, with a warning (regular expression)
 *       condition: $mz at 0 and pe.is_pe
 *   }
 * </pre>
 * Conditions, tags, meta data and string modifiers are not interpreted: each hex string is searched on
 * its own. Nibble wildcards, jumps, alternatives and negated bytes in a hex string are refused ({@link
 * HexPatternReader}). {@code include} is not followed (a warning says so); {@code import} is ignored.
 * {@code $@n} cannot clash with a YARA name, whose identifiers have no {@code @}.
 */
final class YaraSignatureReader {
    private final SourceText text;
    private final SignatureCollector collector;

    YaraSignatureReader(SourceText text, SignatureCollector collector) {
        this.text = text;
        this.collector = collector;
    }

    void read() {
        while (true) {
            YaraComments.skipSpace(text);
            if (text.atEnd()) {
                return;
            }
            SourceText.Position at = text.position();
            String word = identifier();
            switch (word) {
                case "import" -> quotedString("import");
                case "include" -> {
                    String included = quotedString("include");
                    collector.warn(text.warning(at, "include \"" + included
                            + "\" is not followed: pass that file as a signature file too"));
                }
                case "private", "global" -> {
                    // rule modifiers: the rule keyword follows
                }
                case "rule" -> readRule(at);
                default -> throw text.error(at, "expected 'rule', 'import' or 'include', found '"
                        + (word.isEmpty() ? String.valueOf(text.peek()) : word) + "'");
            }
        }
    }

    private void readRule(SourceText.Position ruleStart) {
        YaraComments.skipSpace(text);
        SourceText.Position namePosition = text.position();
        String rule = identifier();
        if (rule.isEmpty()) {
            throw text.error(namePosition, "expected a rule name after 'rule'");
        }
        YaraComments.skipSpace(text);
        if (text.accept(":")) {
            YaraComments.skipSpace(text);
            while (isIdentifierStart(text.peek())) {
                identifier();
                YaraComments.skipSpace(text);
            }
        }
        if (!text.accept("{")) {
            throw text.error(text.position(), "expected '{' to open rule '" + rule + "'");
        }
        readSections(rule, ruleStart);
    }

    private void readSections(String rule, SourceText.Position ruleStart) {
        RuleStrings strings = new RuleStrings(rule);
        while (true) {
            YaraComments.skipSpace(text);
            if (text.atEnd()) {
                throw text.error(ruleStart, "rule '" + rule + "' is not closed by '}'");
            }
            if (text.accept("}")) {
                return;
            }
            SourceText.Position at = text.position();
            String section = identifier();
            YaraComments.skipSpace(text);
            if (section.isEmpty() || !text.accept(":")) {
                throw text.error(at, "expected meta:, strings: or condition: in rule '" + rule + "', found '"
                        + text.restOfLine(20).strip() + "'");
            }
            switch (section) {
                case "meta" -> skipMeta(rule);
                case "strings" -> readStrings(strings);
                case "condition" -> skipCondition(rule, ruleStart);
                default -> throw text.error(at, "unknown section '" + section + ":' in rule '" + rule + "'");
            }
        }
    }

    private void skipMeta(String rule) {
        while (!atSectionOrRuleEnd()) {
            SourceText.Position at = text.position();
            String key = identifier();
            YaraComments.skipSpace(text);
            if (key.isEmpty() || !text.accept("=")) {
                throw text.error(at, "expected 'key = value' in the meta of rule '" + rule + "'");
            }
            YaraComments.skipSpace(text);
            if (text.peek() == '"') {
                quotedString(text.position(), "meta " + key);
            } else if (!skipWord()) {
                throw text.error(text.position(), "expected a value for meta " + key + " of rule '" + rule + "'");
            }
        }
    }

    private void readStrings(RuleStrings strings) {
        while (!atSectionOrRuleEnd()) {
            SourceText.Position at = text.position();
            if (!text.accept("$")) {
                throw text.error(at, "expected a string like $a = { 4D 5A } in rule '" + strings.rule()
                        + "', found '" + text.peek() + "'");
            }
            String id = identifierChars();
            YaraComments.skipSpace(text);
            if (!text.accept("=")) {
                throw text.error(text.position(), "expected '=' after $" + id + " in rule '" + strings.rule() + "'");
            }
            YaraComments.skipSpace(text);
            readString(strings, id, at);
            skipModifiers();
        }
    }

    private void readString(RuleStrings strings, String id, SourceText.Position at) {
        String what = "$" + id + " of rule '" + strings.rule() + "'";
        SourceText.Position value = text.position();
        char c = text.peek();
        if (c == '{') {
            text.next();
            HexPattern bytes = HexPatternReader.read(text, HexPatternReader.Syntax.YARA, "hex string " + what);
            if (!text.accept("}")) {
                throw text.error(value, "hex string " + what + " is not closed by '}'");
            }
            if (bytes.length() == 0) {
                throw text.error(value, "hex string " + what + " is empty");
            }
            collector.add(bytes.toSignature(strings.signatureName(id)), at);
        } else if (c == '"') {
            quotedString(value, "$" + id);
            collector.warn(text.warning(at, "text string " + what + " skipped: only hex strings { … } are signatures"));
        } else if (c == '/') {
            regularExpression(value);
            collector.warn(text.warning(at, "regular expression " + what
                    + " skipped: only hex strings { … } are signatures"));
        } else {
            throw text.error(value, "expected { hex bytes }, \"text\" or /regex/ after $" + id + " =");
        }
    }

    /** Skips string modifiers such as {@code wide ascii nocase xor(1-31) base64("...") private}. */
    private void skipModifiers() {
        while (true) {
            YaraComments.skipSpace(text);
            if (!isIdentifierStart(text.peek()) || atSectionOrRuleEnd()) {
                return;
            }
            identifier();
            YaraComments.skipSpace(text);
            if (text.peek() == '(') {
                skipParentheses();
            }
        }
    }

    private void skipParentheses() {
        SourceText.Position open = text.position();
        int depth = 0;
        do {
            if (text.atEnd()) {
                throw text.error(open, "'(' is not closed by ')'");
            }
            char c = text.peek();
            if (c == '"') {
                quotedString(text.position(), "modifier argument");
                continue;
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            text.next();
        } while (depth > 0);
    }

    /** Skips a condition up to, not including, the rule's closing brace. */
    private void skipCondition(String rule, SourceText.Position ruleStart) {
        int depth = 0;
        String lastWord = "";
        while (true) {
            if (text.atEnd()) {
                throw text.error(ruleStart, "rule '" + rule + "' is not closed by '}'");
            }
            char c = text.peek();
            if (YaraComments.startsHere(text)) {
                YaraComments.skip(text);
            } else if (c == '"') {
                quotedString(text.position(), "condition");
                lastWord = "";
            } else if (c == '/' && lastWord.equals("matches")) {
                regularExpression(text.position());
                lastWord = "";
            } else if (isIdentifierStart(c)) {
                lastWord = identifier();
            } else {
                if (c == '}' && depth == 0) {
                    return;
                }
                depth += c == '{' ? 1 : c == '}' ? -1 : 0;
                lastWord = Character.isWhitespace(c) ? lastWord : "";
                text.next();
            }
        }
    }

    /** True before a section name ({@code word:}), before the rule's {@code }}, or at the end. */
    private boolean atSectionOrRuleEnd() {
        YaraComments.skipSpace(text);
        if (text.atEnd() || text.peek() == '}') {
            return true;
        }
        int ahead = 0;
        while (isIdentifierPart(text.peek(ahead))) {
            ahead++;
        }
        if (ahead == 0 || !isIdentifierStart(text.peek())) {
            return false;
        }
        while (text.peek(ahead) == ' ' || text.peek(ahead) == '\t') {
            ahead++;
        }
        return text.peek(ahead) == ':';
    }

    /** The quoted string after a keyword such as {@code import}. */
    private String quotedString(String keyword) {
        YaraComments.skipSpace(text);
        return quotedString(text.position(), keyword);
    }

    private String quotedString(SourceText.Position start, String what) {
        if (!text.accept("\"")) {
            throw text.error(start, "expected a quoted string after " + what);
        }
        StringBuilder value = new StringBuilder();
        while (true) {
            if (text.atEnd() || text.peek() == '\n') {
                throw text.error(start, "string of " + what + " is not closed by '\"'");
            }
            char c = text.next();
            if (c == '"') {
                return value.toString();
            }
            value.append(c);
            if (c == '\\' && !text.atEnd() && text.peek() != '\n') {
                value.append(text.next());
            }
        }
    }

    private void regularExpression(SourceText.Position start) {
        text.next();
        while (true) {
            if (text.atEnd() || text.peek() == '\n') {
                throw text.error(start, "regular expression is not closed by '/'");
            }
            char c = text.next();
            if (c == '/') {
                break;
            }
            if (c == '\\' && !text.atEnd() && text.peek() != '\n') {
                text.next();
            }
        }
        while (Character.isLetter(text.peek())) {
            text.next();
        }
    }

    /** Skips a bare meta value such as {@code 5}, {@code -1}, {@code 0x10} or {@code true}. */
    private boolean skipWord() {
        boolean any = false;
        while (!text.atEnd() && !Character.isWhitespace(text.peek()) && text.peek() != '}') {
            text.next();
            any = true;
        }
        return any;
    }

    private String identifier() {
        return isIdentifierStart(text.peek()) ? identifierChars() : "";
    }

    private String identifierChars() {
        StringBuilder word = new StringBuilder();
        while (isIdentifierPart(text.peek())) {
            word.append(text.next());
        }
        return word.toString();
    }

    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || (c >= '0' && c <= '9');
    }

    /** Names the signatures of one rule: {@code rule:$id}, anonymous ones {@code rule:$@1, rule:$@2, …}. */
    private static final class RuleStrings {
        private final String rule;
        private int anonymous;

        RuleStrings(String rule) {
            this.rule = rule;
        }

        String rule() {
            return rule;
        }

        String signatureName(String id) {
            return rule + ":$" + (id.isEmpty() ? "@" + ++anonymous : id);
        }
    }
}
