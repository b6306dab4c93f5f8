package org.imbrex.io.yara.condition;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.imbrex.io.yara.condition.Condition.Comparison;
import org.imbrex.io.yara.condition.Condition.Quantifier;
import org.imbrex.io.yara.condition.Condition.StringRef;

/**
 * Evaluates a {@link Condition} over one file's {@link FileFacts} with the results of YARA 4.2.3's virtual
 * machine ({@code libyara/exec.c}), undefined values included. Values are 64-bit integers, booleans being
 * 0 and 1, and undefined is YARA's own marker {@link #UNDEFINED}, so that an integer that happens to equal
 * it is undefined here as it is in YARA. A rule matches when its condition is defined and not 0.
 *
 * <p>Example: over a file of 21 bytes without {@code $c}, {@code @c[1] == 5} is undefined, {@code not
 * (@c[1] == 5)} too, {@code @c[1] == 5 or filesize == 21} is 1, and the rule matches only in the last case.
 *
 * <p>How undefined goes through the language, each checked against {@code /usr/bin/yara} 4.2.3:
 * <ul>
 * <li>Undefined comes from {@code @a[i]} and {@code !a[i]} past the last match (or {@code i < 1}),
 *     {@code uint32(E)} with a byte of E..E+3 outside the file, a module field without a value, {@code
 *     E \ 0}, {@code E % 0} and a shift by a negative count.</li>
 * <li>Arithmetic, bitwise operators, comparisons and text comparisons with an undefined operand are
 *     undefined; {@code -}, {@code ~} too.</li>
 * <li>{@code not U} is undefined, {@code defined U} is 0.</li>
 * <li>{@code and}, {@code or} read an undefined operand as 0: {@code U or true} is 1, {@code U and true}
 *     is 0, so {@code not (U and true)} is 1 while {@code not U} is undefined. {@code or} keeps the value
 *     of a true left operand: {@code 5 or false} is 5, which a loop body's sum can see.</li>
 * <li>{@code $a at U} is 0 (not undefined); {@code $a in (U..B)}, {@code #a in (U..B)} and {@code N of
 *     (..) in (U..B)} are undefined.</li>
 * <li>{@code U of (..)} counts as {@code all of (..)}; {@code U% of (..)} is undefined. The count 0
 *     ({@code none}, {@code 0 of}) asks for no match at all, a negative count is always met.</li>
 * <li>{@code for N i in (A..B) : (body)}: an undefined bound, or {@code A > B}, gives no iteration and the
 *     loop is 0 whatever N (so {@code not for any i in (1..U) : (true)} is 1). The body's values are
 *     summed, not counted: {@code for 5 i in (1..3) : (i)} is 1 (1+2+3 ≥ 5). The loop stops as soon as the
 *     sum reaches N (and, for {@code none}, whose N is 0, after the first step), then is 1 when the sum is
 *     ≥ N, or ≥ the number of steps for {@code all} or an undefined N. So {@code for none i in (1..3) :
 *     (i == 1)} is 1 in YARA 4.2.3. An undefined body adds nothing but counts as a step. One difference is
 *     kept on purpose: a range whose upper bound is INT64_MAX ends there, where YARA's counter wraps to
 *     INT64_MIN, stays ≤ the bound and runs on for up to 2^64 steps ({@code for any i in
 *     (9223372036854775806..9223372036854775807) : (i < 0)} is 1 in YARA, after the wrap, and 0 here).</li>
 * <li>{@code for N of (..) : (body)} sums the body's values over every string (no early stop) and is 1
 *     when the sum is ≥ N, or ≥ the number of strings for {@code all} or an undefined N: {@code for none
 *     of ($a) : ($)} is always 1.</li>
 * <li>Integer overflow wraps (64 bits); a shift by 64 or more is 0; {@code INT64_MIN \ -1} is INT64_MIN
 *     here, where YARA's process dies.</li>
 * </ul>
 */
public final class ConditionEvaluator {
    /** YARA's {@code YR_UNDEFINED}. */
    public static final long UNDEFINED = 0xFFFABADAFABADAFFL;

    private static final long[] NO_INDEXES = new long[0];

    private final FileFacts facts;
    private final long[] variables = new long[ParserState.MAX_LOOP_NESTING];
    private int currentString = -1;

    private ConditionEvaluator(FileFacts facts) {
        this.facts = facts;
    }

    /** Whether a rule with {@code condition} matches the file: its value is defined and not 0. */
    public static boolean matches(Condition condition, FileFacts facts) {
        long value = value(condition, facts);
        return value != UNDEFINED && value != 0;
    }

    /** The condition's value as YARA's machine leaves it (0, 1, an integer, or {@link #UNDEFINED}). */
    public static long value(Condition condition, FileFacts facts) {
        return new ConditionEvaluator(facts).truth(condition);
    }

    /** A value where YARA wants a boolean: a text is true when not empty (YARA's {@code OP_STR_TO_BOOL}). */
    private long truth(Condition condition) {
        if (isText(condition)) {
            byte[] text = text(condition);
            return text == null ? UNDEFINED : text.length > 0 ? 1 : 0;
        }
        return integer(condition);
    }

    private long integer(Condition condition) {
        if (condition instanceof Condition.BooleanLiteral b) {
            return b.value() ? 1 : 0;
        } else if (condition instanceof Condition.IntegerLiteral i) {
            return i.value();
        } else if (condition instanceof Condition.FileSize) {
            return facts.fileSize();
        } else if (condition instanceof Condition.Variable v) {
            return variables[v.depth()];
        } else if (condition instanceof Condition.RuleReference r) {
            return facts.ruleMatched(r.rule()) ? 1 : 0;
        } else if (condition instanceof Condition.ModuleField m) {
            return moduleInteger(m);
        } else if (condition instanceof Condition.ReadInteger r) {
            return readInteger(r);
        }
        return logic(condition);
    }

    private long logic(Condition condition) {
        if (condition instanceof Condition.Not n) {
            return not(truth(n.operand()));
        } else if (condition instanceof Condition.Defined d) {
            return truth(d.operand()) != UNDEFINED ? 1 : 0;
        } else if (condition instanceof Condition.And a) {
            return and(a);
        } else if (condition instanceof Condition.Or o) {
            return or(o);
        } else if (condition instanceof Condition.Compare c) {
            return compare(c);
        } else if (condition instanceof Condition.Arithmetic a) {
            return Arithmetics.apply(a.operator(), integer(a.left()), integer(a.right()));
        } else if (condition instanceof Condition.Negate n) {
            return Arithmetics.negate(integer(n.operand()));
        } else if (condition instanceof Condition.BitwiseNot n) {
            return Arithmetics.bitwiseNot(integer(n.operand()));
        }
        return string(condition);
    }

    private long string(Condition condition) {
        if (condition instanceof Condition.StringFound s) {
            return matches(s.string()).isEmpty() ? 0 : 1;
        } else if (condition instanceof Condition.StringAt s) {
            return stringAt(s);
        } else if (condition instanceof Condition.StringIn s) {
            return stringIn(s);
        } else if (condition instanceof Condition.StringCount s) {
            return matches(s.string()).size();
        } else if (condition instanceof Condition.StringCountIn s) {
            return countIn(matches(s.string()), s.range());
        } else if (condition instanceof Condition.StringOffset s) {
            return nth(s.string(), s.index(), true);
        } else if (condition instanceof Condition.StringLength s) {
            return nth(s.string(), s.index(), false);
        }
        return quantified(condition);
    }

    private long quantified(Condition condition) {
        if (condition instanceof Condition.StringsOf s) {
            return Quantities.of(quantity(s.quantifier()), foundStrings(s.strings()), s.strings().size());
        } else if (condition instanceof Condition.StringsOfIn s) {
            return stringsOfIn(s);
        } else if (condition instanceof Condition.StringsPercentOf s) {
            return Quantities.percentOf(integer(s.percent()), foundStrings(s.strings()), s.strings().size());
        } else if (condition instanceof Condition.RulesOf r) {
            return Quantities.of(quantity(r.quantifier()), matchedRules(r.rules()), r.rules().size());
        } else if (condition instanceof Condition.RulesPercentOf r) {
            return Quantities.percentOf(integer(r.percent()), matchedRules(r.rules()), r.rules().size());
        } else if (condition instanceof Condition.ForOf f) {
            return forOf(f);
        } else if (condition instanceof Condition.ForIn f) {
            return new ForInLoop(f, quantity(f.quantifier()), variables, this::integer, this::truth).run();
        }
        throw new IllegalStateException(condition + " has no integer value");
    }

    private static long not(long value) {
        return value == UNDEFINED ? UNDEFINED : value == 0 ? 1 : 0;
    }

    /** {@code JFALSE} keeps a defined false left operand; {@code OP_AND} reads undefined as 0. */
    private long and(Condition.And and) {
        long left = truth(and.left());
        if (left != UNDEFINED && left == 0) {
            return left;
        }
        long right = truth(and.right());
        return left != UNDEFINED && left != 0 && right != UNDEFINED && right != 0 ? 1 : 0;
    }

    /** {@code JTRUE} keeps a defined true left operand as it is (5 stays 5); {@code OP_OR} gives 0 or 1. */
    private long or(Condition.Or or) {
        long left = truth(or.left());
        if (left != UNDEFINED && left != 0) {
            return left;
        }
        long right = truth(or.right());
        return right != UNDEFINED && right != 0 ? 1 : 0;
    }

    private long compare(Condition.Compare compare) {
        int order;
        if (isText(compare.left())) {
            byte[] left = text(compare.left());
            byte[] right = text(compare.right());
            if (left == null || right == null) {
                return UNDEFINED;
            }
            order = Arithmetics.compareText(left, right);
        } else {
            long left = integer(compare.left());
            long right = integer(compare.right());
            if (left == UNDEFINED || right == UNDEFINED) {
                return UNDEFINED;
            }
            order = Long.compare(left, right);
        }
        Comparison comparison = compare.comparison();
        boolean holds = switch (comparison) {
            case EQ -> order == 0;
            case NE -> order != 0;
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            case GE -> order >= 0;
        };
        return holds ? 1 : 0;
    }

    private List<StringMatch> matches(StringRef string) {
        return facts.matches(string.isCurrent() ? currentString : string.index());
    }

    /** {@code OP_FOUND_AT}: an undefined offset is 0, not undefined. */
    private long stringAt(Condition.StringAt at) {
        int string = at.string().isCurrent() ? currentString : at.string().index();
        if (!facts.mayMatch(string)) {
            return 0; // false even where the offset is undefined, so the offset need not be computed
        }
        long offset = integer(at.offset());
        if (offset == UNDEFINED) {
            return 0;
        }
        return facts.matchesAt(string, offset) ? 1 : 0;
    }

    private long stringIn(Condition.StringIn in) {
        long count = countIn(matches(in.string()), in.range());
        return count == UNDEFINED ? UNDEFINED : count > 0 ? 1 : 0;
    }

    /** The matches that start in the range, or undefined when a bound is. */
    private long countIn(List<StringMatch> matches, Condition.Range range) {
        long lower = integer(range.lower());
        long upper = integer(range.upper());
        if (lower == UNDEFINED || upper == UNDEFINED) {
            return UNDEFINED;
        }
        return matches.stream().filter(match -> match.offset() >= lower && match.offset() <= upper).count();
    }

    /**
     * {@code @a[i]}, {@code !a[i]}: the i-th match, counted from 1.
     * <pre>
     *   matches   (2,3)  (7,3)        @a[1] = 2   @a[2] = 7   @a[3], @a[0], @a[-1] undefined
     *   i           1      2
     * </pre>
     */
    private long nth(StringRef string, Condition index, boolean offset) {
        long i = integer(index);
        List<StringMatch> matches = matches(string);
        if (i == UNDEFINED || i < 1 || i > matches.size()) {
            return UNDEFINED;
        }
        StringMatch match = matches.get((int) (i - 1));
        return offset ? match.offset() : match.length();
    }

    private long readInteger(Condition.ReadInteger read) {
        long offset = integer(read.offset());
        if (offset == UNDEFINED || offset < 0) {
            return UNDEFINED;
        }
        return facts.readInteger(offset, read.bytes(), read.bigEndian(), read.signed());
    }

    /** The count a quantifier asks for; {@code all} is {@link #UNDEFINED}, as YARA pushes it. */
    private long quantity(Quantifier quantifier) {
        if (quantifier instanceof Condition.AtLeast atLeast) {
            return integer(atLeast.count());
        }
        return quantifier instanceof Condition.All ? UNDEFINED : quantifier instanceof Condition.Any ? 1 : 0;
    }

    private long stringsOfIn(Condition.StringsOfIn of) {
        long wanted = quantity(of.quantifier());
        long found = 0;
        for (StringRef string : of.strings()) {
            long count = countIn(matches(string), of.range());
            if (count == UNDEFINED) {
                return UNDEFINED;
            }
            found += count > 0 ? 1 : 0;
        }
        return Quantities.of(wanted, found, of.strings().size());
    }

    private long foundStrings(List<StringRef> strings) {
        return strings.stream().filter(string -> !matches(string).isEmpty()).count();
    }

    private long matchedRules(List<String> rules) {
        return rules.stream().filter(facts::ruleMatched).count();
    }

    /** Sums the body over every string; no early stop, no special case for an empty sum. */
    private long forOf(Condition.ForOf loop) {
        long wanted = quantity(loop.quantifier());
        long sum = 0;
        long steps = 0;
        for (StringRef string : loop.strings()) {
            currentString = string.index();
            long value = truth(loop.body());
            if (value != UNDEFINED) {
                sum += value;
            }
            steps++;
        }
        currentString = -1;
        return Quantities.loop(wanted, sum, steps);
    }

    private static boolean isText(Condition condition) {
        return condition instanceof Condition.TextLiteral
                || condition instanceof Condition.ModuleField field && field.type() == Condition.FieldType.TEXT;
    }

    /** A text's bytes, or null when undefined. */
    private byte[] text(Condition condition) {
        if (condition instanceof Condition.TextLiteral literal) {
            return literal.bytes().getBytes(StandardCharsets.ISO_8859_1);
        }
        ModuleValue value = moduleValue((Condition.ModuleField) condition);
        return value instanceof ModuleValue.Text text ? text.bytes() : null;
    }

    private long moduleInteger(Condition.ModuleField field) {
        ModuleValue value = moduleValue(field);
        return value instanceof ModuleValue.Integer integer ? integer.value() : UNDEFINED;
    }

    /** A module value; an undefined index makes it undefined ({@code OP_INDEX_ARRAY}). */
    private ModuleValue moduleValue(Condition.ModuleField field) {
        int indexed = 0;
        for (Condition.FieldStep step : field.steps()) {
            indexed += step.indexed() ? 1 : 0;
        }
        long[] indexes = indexed == 0 ? NO_INDEXES : new long[indexed];
        int i = 0;
        for (Condition.FieldStep step : field.steps()) {
            if (step.indexed()) {
                indexes[i] = integer(step.index());
                if (indexes[i++] == UNDEFINED) {
                    return ModuleValue.UNDEFINED;
                }
            }
        }
        return facts.moduleValue(field.path(), indexes);
    }
}
