package org.imbrex.io.yara.condition;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.imbrex.io.yara.condition.Condition.StringRef;

/**
 * The strings a condition asks about only at one offset each: every use of them is {@code $a at E}. Whether
 * such a string makes the condition true depends only on whether a match starts at E, so an engine need not
 * look for it over the whole file: it checks E when the condition is evaluated, and lists all of the string's
 * matches only for a rule that matched (as {@code yara -s} does).
 * <pre>
 *   $a at pe.entry_point                      {a}     the packer rules of public rule sets, by the thousand
 *   $a at 0 or not $b at filesize - 4         {a, b}
 *   $a at @b[1]                               {a}     (b is used by @b[1])
 *   $a at 0 and #a &gt; 1                        {}      (a is used by #a)
 *   any of them, for any of ($a*) : ($ at 0), $a in (0..10), $a     none
 * </pre>
 * The tree is walked through its records' components, so that a construct added to {@link Condition} is
 * seen without changing this class: any string it names counts as used otherwise.
 * Example: {@code PlacedStrings.of(parse("$a at pe.entry_point or $b"))} is {@code {0}}.
 */
public final class PlacedStrings {
    private final Uses uses;

    private PlacedStrings(Uses uses) {
        this.uses = uses;
    }

    /**
     * The placed strings of {@code condition}, from one walk of its tree: what {@link #of}, {@link #offsets}
     * and {@link #fixedOffsets} give, for a caller that asks for more than one of them.
     */
    public static PlacedStrings in(Condition condition) {
        return new PlacedStrings(Uses.of(condition));
    }

    /** The indexes of the strings that {@code condition} uses only as {@code $x at E}. */
    public static BitSet of(Condition condition) {
        return in(condition).strings();
    }

    /**
     * Per placed string of {@code condition}, the offsets it is asked at: the E of each {@code $x at E}, in
     * the order written, each once.
     */
    public static Map<Integer, List<Condition>> offsets(Condition condition) {
        return in(condition).offsets();
    }

    /** The strings of {@code condition} that YARA searches at one offset only, with it ({@link #fixedOffsets(int)}). */
    public static Map<Integer, Long> fixedOffsets(Condition condition, int strings) {
        return in(condition).fixedOffsets(strings);
    }

    /** {@link #of(Condition)} of this condition. */
    public BitSet strings() {
        return uses.placed();
    }

    /** {@link #offsets(Condition)} of this condition. */
    public Map<Integer, List<Condition>> offsets() {
        Map<Integer, List<Condition>> offsets = new TreeMap<>();
        BitSet placed = uses.placed();
        for (int i = placed.nextSetBit(0); i >= 0; i = placed.nextSetBit(i + 1)) {
            List<Condition> distinct = new ArrayList<>();
            for (Condition offset : uses.at().get(i)) {
                if (!distinct.contains(offset)) {
                    distinct.add(offset);
                }
            }
            offsets.put(i, List.copyOf(distinct));
        }
        return offsets;
    }

    /**
     * The strings that YARA searches at one offset only, with that offset: those whose every use is {@code $x
     * at E} with a constant E (integers and operators on them, folded as YARA's compiler folds them) of one
     * defined value. YARA ({@code STRING_FLAGS_FIXED_OFFSET}) records such a string's match at that offset
     * and nowhere else, so {@code yara -s} lists at most that one match for a rule that matched. An anonymous
     * {@code $} in a {@code for .. of} loop counts, as in YARA's parser, as a use of every string of the rule:
     * {@code $ at E} as an {@code at E} of each, anything else as another use of each (checked with yara 4.2.3
     * on "keyXXkeyYYkey"):
     * <pre>
     *   $a at 5, $a at 2+3 (once or twice)                      {a: 5}    lists 0x5 only
     *   $a at 5 or $a at 0,  $a at filesize - 8,  $a at 5 and #a > 0     {}    every match is listed
     *   $a at 0 and for any of ($b) : ($)                       {}        the loop's $ clears every string
     *   $a at 8 and for any of ($b) : ($ at 8)                  {a: 8}    ($b is in the loop's set: listed)
     * </pre>
     *
     * @param strings the number of strings the rule declares
     */
    public Map<Integer, Long> fixedOffsets(int strings) {
        Map<Integer, Long> fixed = new TreeMap<>();
        for (int i = 0; i < strings; i++) {
            List<Condition> offsets = new ArrayList<>(uses.at().getOrDefault(i, List.of()));
            offsets.addAll(uses.anonymousAt());
            if (uses.other().get(i) || uses.anonymousOther() || offsets.isEmpty()
                    || !offsets.stream().allMatch(PlacedStrings::constant)) {
                continue;
            }
            long value = ConditionEvaluator.value(offsets.get(0), NO_FACTS);
            if (value != ConditionEvaluator.UNDEFINED
                    && offsets.stream().allMatch(e -> ConditionEvaluator.value(e, NO_FACTS) == value)) {
                fixed.put(i, value);
            }
        }
        return fixed;
    }

    /**
     * Every use of the strings in a condition: the E of each named {@code $x at E} per string, the strings
     * used any other way, and the anonymous {@code $} of {@code for .. of} loops ({@code $ at E}, or another use).
     */
    private record Uses(Map<Integer, List<Condition>> at, BitSet other, List<Condition> anonymousAt,
            boolean anonymousOther) {
        static Uses of(Condition condition) {
            Map<Integer, List<Condition>> at = new TreeMap<>();
            BitSet other = new BitSet();
            List<Condition> anonymousAt = new ArrayList<>();
            boolean[] anonymousOther = new boolean[1];
            visit(condition, node -> {
                if (node instanceof Condition.StringAt use) {
                    (use.string().isCurrent() ? anonymousAt
                            : at.computeIfAbsent(use.string().index(), i -> new ArrayList<>())).add(use.offset());
                    return List.of(use.offset()); // its E, not its string ref
                } else if (node instanceof StringRef string) {
                    if (string.isCurrent()) {
                        anonymousOther[0] = true;
                    } else {
                        other.set(string.index());
                    }
                }
                return null;
            });
            return new Uses(at, other, anonymousAt, anonymousOther[0]);
        }

        /** The strings used only as {@code $x at E}. */
        BitSet placed() {
            BitSet placed = new BitSet();
            at.keySet().forEach(placed::set);
            placed.andNot(other);
            return placed;
        }
    }

    /** An integer expression YARA's compiler folds: literals, arithmetic, {@code -} and {@code ~} of them. */
    private static boolean constant(Condition e) {
        if (e instanceof Condition.IntegerLiteral) {
            return true;
        } else if (e instanceof Condition.Arithmetic a) {
            return constant(a.left()) && constant(a.right());
        } else if (e instanceof Condition.Negate n) {
            return constant(n.operand());
        } else if (e instanceof Condition.BitwiseNot n) {
            return constant(n.operand());
        }
        return false;
    }

    /** Facts a constant expression never asks for. */
    private static final FileFacts NO_FACTS = new FileFacts() {
        @Override
        public long fileSize() {
            throw new IllegalStateException("a constant offset read filesize");
        }

        @Override
        public List<StringMatch> matches(int string) {
            throw new IllegalStateException("a constant offset read a string");
        }

        @Override
        public long readInteger(long offset, int bytes, boolean bigEndian, boolean signed) {
            throw new IllegalStateException("a constant offset read the file");
        }

        @Override
        public ModuleValue moduleValue(String path, long[] indexes) {
            throw new IllegalStateException("a constant offset read " + path);
        }

        @Override
        public boolean ruleMatched(String rule) {
            throw new IllegalStateException("a constant offset read rule " + rule);
        }
    };

    /**
     * True when {@code offset} has one value per file, whatever rule asks: it names no string, rule or loop
     * variable ({@code pe.entry_point}, {@code filesize - 4}, {@code uint32(0x3C) + 0x18}).
     */
    public static boolean fileConstant(Condition offset) {
        return !mentionsOther(offset);
    }

    private static boolean mentionsOther(Condition offset) {
        boolean[] mentions = new boolean[1];
        visit(offset, node -> {
            mentions[0] |= node instanceof StringRef || node instanceof Condition.Variable
                    || node instanceof Condition.RuleReference || node instanceof Condition.RulesOf
                    || node instanceof Condition.RulesPercentOf;
            return null;
        });
        return mentions[0];
    }

    /** What {@link #visit} does at a node: null to go on into all of its parts, or the parts to go into. */
    private interface Visitor {
        List<?> at(Object node);
    }

    /**
     * Calls {@code visitor} on {@code node} and on every node below it, through the components of the records
     * of {@link Condition} and the lists among them, so that a construct added there is walked without
     * changing this class.
     */
    private static void visit(Object node, Visitor visitor) {
        List<?> parts = visitor.at(node);
        if (parts != null) {
            parts.forEach(part -> visit(part, visitor));
        } else if (node instanceof Collection<?> items) {
            items.forEach(item -> visit(item, visitor));
        } else if (node instanceof Record record) {
            for (Method component : COMPONENTS.get(record.getClass())) {
                visit(value(component, record), visitor);
            }
        }
    }

    private static final ClassValue<Method[]> COMPONENTS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getAccessor).toArray(Method[]::new);
        }
    };

    private static Object value(Method component, Record record) {
        try {
            return component.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("reading " + component.getName() + " of " + record, e);
        }
    }
}
