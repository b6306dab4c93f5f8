package org.imbrex.io.yara.condition;

import java.util.List;
import java.util.Objects;

/**
 * The condition of one YARA rule as a tree, one record per construct of YARA 4.2's condition language
 * ({@code libyara/grammar.y}). {@link ConditionParser} builds it and {@link ConditionEvaluator} evaluates it;
 * the names follow YARA's: a <em>string</em> is a pattern the rule declares ({@code $a}), a <em>text</em>
 * is a string value ({@code "abc"}, {@code pe.sections[0].name}).
 *
 * <p>Example: {@code #a in (0..100) >= 2 and pe.is_pe} is
 * <pre>
 *   And(Compare(GE, StringCountIn($a, Range(0, 100)), IntegerLiteral(2)),
 *       ModuleField("pe", [Field is_pe], INTEGER))
 * </pre>
 * A node's type (boolean, integer or text) is fixed by its record, except for {@link ModuleField}, which
 * carries it; the parser has checked every operand's type as YARA does.
 */
public sealed interface Condition {

    /** {@code true}, {@code false}. */
    record BooleanLiteral(boolean value) implements Condition {
    }

    /** An integer: decimal, {@code 0x1F}, {@code 0o17}, {@code 4KB} (×1024), {@code 1MB} (×1048576). */
    record IntegerLiteral(long value) implements Condition {
    }

    /**
     * A quoted text, after its escapes ({@code \t \r \n \" \\ \xHH}), one byte per char ({@code 0..255}).
     */
    record TextLiteral(String bytes) implements Condition {
    }

    /** {@code filesize}. */
    record FileSize() implements Condition {
    }

    /** {@code not C}. */
    record Not(Condition operand) implements Condition {
    }

    /** {@code defined C}: true when C is not undefined. */
    record Defined(Condition operand) implements Condition {
    }

    /** {@code L and R}. */
    record And(Condition left, Condition right) implements Condition {
    }

    /** {@code L or R}. */
    record Or(Condition left, Condition right) implements Condition {
    }

    /** The six comparisons, on two integers or two texts. */
    enum Comparison {
        EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }
    }

    /** {@code L == R} and the other comparisons. */
    record Compare(Comparison comparison, Condition left, Condition right) implements Condition {
    }

    /** The binary integer operators; {@code \} is YARA's integer division. */
    enum Operator {
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("\\"), MODULO("%"),
        BITWISE_AND("&"), BITWISE_OR("|"), BITWISE_XOR("^"), SHIFT_LEFT("<<"), SHIFT_RIGHT(">>");

        final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }
    }

    /** {@code L + R} and the other binary integer operators. */
    record Arithmetic(Operator operator, Condition left, Condition right) implements Condition {
    }

    /** {@code -E}. */
    record Negate(Condition operand) implements Condition {
    }

    /** {@code ~E}. */
    record BitwiseNot(Condition operand) implements Condition {
    }

    /**
     * A string the rule declares, by its identifier and its place among the rule's strings (from 0, in
     * declaration order); {@link #CURRENT} is the string of the enclosing {@code for .. of} loop, written
     * {@code $}, {@code #}, {@code @} or {@code !} there.
     */
    record StringRef(String identifier, int index) {
        /** The loop's current string. */
        public static final StringRef CURRENT = new StringRef("$", -1);

        public boolean isCurrent() {
            return index < 0;
        }
    }

    /** {@code (A..B)}, both bounds included. */
    record Range(Condition lower, Condition upper) {
    }

    /** {@code $a}: the string matched somewhere. */
    record StringFound(StringRef string) implements Condition {
    }

    /** {@code $a at E}: a match of the string starts at offset E. */
    record StringAt(StringRef string, Condition offset) implements Condition {
    }

    /** {@code $a in (A..B)}: a match starts at an offset in the range. */
    record StringIn(StringRef string, Range range) implements Condition {
    }

    /** {@code #a}: the number of matches. */
    record StringCount(StringRef string) implements Condition {
    }

    /** {@code #a in (A..B)}: the number of matches that start in the range. */
    record StringCountIn(StringRef string, Range range) implements Condition {
    }

    /** {@code @a[i]} (and {@code @a}, that is {@code @a[1]}): the offset of the i-th match, from 1. */
    record StringOffset(StringRef string, Condition index) implements Condition {
    }

    /** {@code !a[i]} (and {@code !a}, that is {@code !a[1]}): the length of the i-th match, from 1. */
    record StringLength(StringRef string, Condition index) implements Condition {
    }

    /**
     * {@code int8(E)} … {@code uint32be(E)}: the integer of {@code bytes} (1, 2 or 4) bytes at offset E.
     */
    record ReadInteger(int bytes, boolean signed, boolean bigEndian, Condition offset) implements Condition {
        /** The function's name in YARA, e.g. {@code uint16be}. */
        public String functionName() {
            return (signed ? "" : "u") + "int" + bytes * 8 + (bigEndian ? "be" : "");
        }
    }

    /** The count of an {@code of} or {@code for} expression. */
    sealed interface Quantifier {
    }

    /** {@code all}. */
    record All() implements Quantifier {
    }

    /** {@code any} (that is, at least 1). */
    record Any() implements Quantifier {
    }

    /** {@code none} (that is, the count 0). */
    record None() implements Quantifier {
    }

    /** A count given by an integer expression. */
    record AtLeast(Condition count) implements Quantifier {
    }

    /** {@code N of (..)} over strings. */
    record StringsOf(Quantifier quantifier, List<StringRef> strings) implements Condition {
        public StringsOf {
            strings = List.copyOf(strings);
        }
    }

    /** {@code N of (..) in (A..B)}: N of the strings have a match that starts in the range. */
    record StringsOfIn(Quantifier quantifier, List<StringRef> strings, Range range) implements Condition {
        public StringsOfIn {
            strings = List.copyOf(strings);
        }
    }

    /** {@code P% of (..)} over strings. */
    record StringsPercentOf(Condition percent, List<StringRef> strings) implements Condition {
        public StringsPercentOf {
            strings = List.copyOf(strings);
        }
    }

    /** {@code N of (rule1, rule2*)}: wildcards are expanded to the rules defined before, in their order. */
    record RulesOf(Quantifier quantifier, List<String> rules) implements Condition {
        public RulesOf {
            rules = List.copyOf(rules);
        }
    }

    /** {@code P% of (rule1, rule2*)}. */
    record RulesPercentOf(Condition percent, List<String> rules) implements Condition {
        public RulesPercentOf {
            rules = List.copyOf(rules);
        }
    }

    /** {@code for N of (..) : (body)}. */
    record ForOf(Quantifier quantifier, List<StringRef> strings, Condition body) implements Condition {
        public ForOf {
            strings = List.copyOf(strings);
        }
    }

    /** What a {@code for .. in} loop walks: a range or a list of integers. */
    sealed interface Iteration {
    }

    /** {@code (A..B)} in a loop. */
    record RangeIteration(Range range) implements Iteration {
    }

    /** {@code (E1, E2, ..)} in a loop. */
    record ListIteration(List<Condition> items) implements Iteration {
        public ListIteration {
            items = List.copyOf(items);
        }
    }

    /** {@code for N i in (..) : (body)}; {@code depth} counts the enclosing {@code for .. in} loops. */
    record ForIn(Quantifier quantifier, String variable, int depth, Iteration iteration, Condition body)
            implements Condition {
    }

    /** A {@code for .. in} loop's variable, {@code depth} naming the loop as in {@link ForIn}. */
    record Variable(String name, int depth) implements Condition {
    }

    /** Another rule by its name: true when that rule matched. */
    record RuleReference(String rule) implements Condition {
    }

    /** The type of a module field's value. */
    enum FieldType {
        INTEGER, TEXT
    }

    /** One step of a module path: {@code .name}, or {@code .name[index]}. */
    record FieldStep(String name, Condition index) {
        public boolean indexed() {
            return index != null;
        }
    }

    /**
     * A module's field, such as {@code pe.entry_point} or {@code pe.sections[i].name}: the module, the
     * steps after it, the type of the value, and the dotted path without indexes ({@code pe.sections.name}),
     * made once since every rule of a packer set reads {@code pe.entry_point} on every file.
     */
    record ModuleField(String module, List<FieldStep> steps, FieldType type, String path) implements Condition {
        public ModuleField {
            Objects.requireNonNull(module);
            steps = List.copyOf(steps);
            if (!path.equals(path(module, steps))) {
                throw new IllegalArgumentException(path + " is not the path of " + module + " " + steps);
            }
        }

        /** The field of {@code module} reached by {@code steps}; its {@link #path()} is made once, here. */
        public ModuleField(String module, List<FieldStep> steps, FieldType type) {
            this(module, steps, type, path(module, steps));
        }

        private static String path(String module, List<FieldStep> steps) {
            StringBuilder path = new StringBuilder(module);
            for (FieldStep step : steps) {
                path.append('.').append(step.name());
            }
            return path.toString();
        }
    }
}
