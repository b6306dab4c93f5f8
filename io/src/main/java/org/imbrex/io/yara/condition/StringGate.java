package org.imbrex.io.yara.condition;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.imbrex.io.yara.condition.Condition.StringRef;

/**
 * The strings without which a condition cannot hold: a set S of the rule's strings such that whenever the
 * condition is true (defined and not 0), some string of S has a match. A file where no string of S
 * matches need not evaluate the condition, which is what makes thousands of rules over a file cheap: most
 * of their strings are not in it.
 * <pre>
 *   $a                            {a}        $a at pe.entry_point      {a}       $a in (0..100)   {a}
 *   any of ($s*), 2 of them       the set    all of ($x, $y)           {x, y}    #a > 2, #a >= 1  {a}
 *   A and B                       S(A), or S(B) when A has none     A or B      S(A) ∪ S(B), if both have one
 *   not A, none of them, filesize < 10, uint16(0) == 0x5A4D, 0 of them, P% of (..), for .. : ( .. )   none
 * </pre>
 * Anything else has no set: such a condition is always evaluated. Example: {@code StringGate.of(condition)}
 * for {@code uint16(0) == 0x5A4D and any of ($a, $b)} is {@code [0, 1]}.
 */
public final class StringGate {
    private StringGate() {
    }

    /** The indexes of the set, ascending, or empty when no set is known. */
    public static Optional<int[]> of(Condition condition) {
        BitSet set = gate(condition);
        return set == null ? Optional.empty() : Optional.of(set.stream().toArray());
    }

    private static BitSet gate(Condition condition) {
        if (condition instanceof Condition.StringFound s) {
            return one(s.string());
        } else if (condition instanceof Condition.StringAt s) {
            return one(s.string());
        } else if (condition instanceof Condition.StringIn s) {
            return one(s.string());
        } else if (condition instanceof Condition.StringCount s) {
            return one(s.string());
        } else if (condition instanceof Condition.StringsOf s) {
            return needsOne(s.quantifier()) ? all(s.strings()) : null;
        } else if (condition instanceof Condition.StringsOfIn s) {
            return needsOne(s.quantifier()) ? all(s.strings()) : null;
        } else if (condition instanceof Condition.Compare c) {
            return countAbove(c);
        } else if (condition instanceof Condition.And and) {
            BitSet left = gate(and.left());
            return left != null ? left : gate(and.right());
        } else if (condition instanceof Condition.Or or) {
            BitSet left = gate(or.left());
            BitSet right = left == null ? null : gate(or.right());
            if (right == null) {
                return null;
            }
            left.or(right);
            return left;
        }
        return null;
    }

    /** {@code #a > k} (k ≥ 0), {@code #a >= k} or {@code #a == k} (k ≥ 1), also with {@code #a in (..)}. */
    private static BitSet countAbove(Condition.Compare compare) {
        StringRef string = compare.left() instanceof Condition.StringCount count ? count.string()
                : compare.left() instanceof Condition.StringCountIn in ? in.string() : null;
        if (string == null || !(compare.right() instanceof Condition.IntegerLiteral literal)) {
            return null;
        }
        long k = literal.value();
        boolean needsOne = switch (compare.comparison()) {
            case GT -> k >= 0;
            case GE, EQ -> k >= 1;
            default -> false;
        };
        return needsOne ? one(string) : null;
    }

    /**
     * True when the quantifier needs at least one found string ({@code Quantities.of}): {@code any}, {@code
     * all} of a non-empty list, or a literal count of at least 1.
     */
    private static boolean needsOne(Condition.Quantifier quantifier) {
        return quantifier instanceof Condition.Any || quantifier instanceof Condition.All
                || quantifier instanceof Condition.AtLeast atLeast
                        && atLeast.count() instanceof Condition.IntegerLiteral n && n.value() >= 1;
    }

    private static BitSet one(StringRef string) {
        if (string.isCurrent()) {
            return null;
        }
        BitSet set = new BitSet();
        set.set(string.index());
        return set;
    }

    private static BitSet all(List<StringRef> strings) {
        if (strings.isEmpty()) {
            return null;
        }
        BitSet set = new BitSet();
        for (StringRef string : strings) {
            if (string.isCurrent()) {
                return null;
            }
            set.set(string.index());
        }
        return set;
    }
}
