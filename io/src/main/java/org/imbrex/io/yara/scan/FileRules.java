package org.imbrex.io.yara.scan;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.imbrex.io.yara.rules.FileContent;
import org.imbrex.io.yara.rules.MatchedRule;
import org.imbrex.io.yara.rules.RuleEvaluation;
import org.imbrex.io.yara.rules.YaraRule;
import org.imbrex.io.yara.strings.StringMatch;
import org.imbrex.io.yara.strings.StringMatcher;

/**
 * The rules that match one file, from the atoms the scan found in it: each atom found gives a start for
 * each string it stands for; the exact matcher checks every start, and the rules are evaluated on the
 * strings' matches.
 * <pre>
 *   atom1 found at 4096, uses (ref 1, offset 0)      →  start 4096 of ref 1 → StringMatcher.matchAt
 *   atom0 found at 30, uses (ref 0, offset 4)        →  start 26 of ref 0   → ...
 *   atom2 found at 30, uses (ref 2, offset 4, spread 2) → starts 24, 25, 26 of ref 2
 *   strings without atoms                            →  StringMatcher.matches over the whole file
 *   placed strings ($a at pe.entry_point only)       →  checked at E when the condition asks; for a rule
 *                                                       that matched, its atoms searched in the file
 * </pre>
 * The starts of each string are checked in ascending order, each once, so a string's matches come out as
 * the reference matcher gives them.
 *
 * <p>Example: {@code new FileRules(plan, data).found(1, 4096)} for every atom the scan found, then {@code
 * matches()}.
 */
public final class FileRules {
    private final RuleScanPlan plan;
    private final FileContent file;
    private final int[][] starts;
    private final int[] counts;
    private final int maxSad;
    /** The string refs with a start, in the order their first start came. */
    private int[] touched = new int[16];
    private int touchedCount;

    /** {@code data} is the whole file; strings are matched exactly. */
    public FileRules(RuleScanPlan plan, byte[] data) {
        this(plan, data, 0);
    }

    /**
     * {@code data} is the whole file; hex strings match within SAD {@code maxSad} (the scan must then have
     * found the atoms within the same limit: an atom's exact bytes are some of its string's).
     */
    public FileRules(RuleScanPlan plan, byte[] data, int maxSad) {
        this(plan, FileContent.of(data), maxSad);
    }

    /**
     * {@code file} is the whole file, read only if a rule needs its bytes (a file where the scan found no
     * atom usually does not); hex strings match within SAD {@code maxSad}.
     */
    public FileRules(RuleScanPlan plan, FileContent file, int maxSad) {
        this.plan = plan;
        this.file = file;
        this.maxSad = maxSad;
        this.starts = new int[plan.strings().size()][];
        this.counts = new int[plan.strings().size()];
    }

    /** The scan found signature {@code signature} (an atom of the plan) at {@code offset} of the file. */
    public void found(int signature, long offset) {
        int[] uses = plan.uses(signature);
        for (int i = 0; i < uses.length; i += 3) {
            long last = offset - uses[i + 1];
            for (long start = Math.max(0, last - uses[i + 2]); start <= last; start++) {
                add(uses[i], (int) start);
            }
        }
    }

    private void add(int ref, int start) {
        int[] list = starts[ref];
        if (list == null) {
            list = starts[ref] = new int[4];
            if (touchedCount == touched.length) {
                touched = Arrays.copyOf(touched, 2 * touchedCount);
            }
            touched[touchedCount++] = ref;
        } else if (counts[ref] == list.length) {
            list = starts[ref] = Arrays.copyOf(list, 2 * list.length);
        }
        list[counts[ref]++] = start;
    }

    /** The rules that match, in YARA's order, with their strings' matches. */
    public List<MatchedRule> matches() {
        // per string ref, its matches once looked up: an array, zeroed in one go (6,874 strings, 1,050 files)
        @SuppressWarnings("unchecked")
        List<StringMatch>[] matches = new List[starts.length];
        BitSet candidates = plan.alwaysCandidates();
        for (int i = 0; i < touchedCount; i++) {
            candidates.set(plan.ruleOf(touched[i]));
        }
        return plan.evaluation().matches(file, new RuleEvaluation.StringMatches() {
            @Override
            public BitSet candidates() {
                // mayMatch below is true only for a string with a start, placed, or matched over the whole file
                return candidates;
            }

            @Override
            public List<StringMatch> of(int index, YaraRule rule, int string) {
                return listOf(plan.ref(index, string), matches);
            }

            @Override
            public boolean mayMatch(int index, int string) {
                // a string the scan found no atom of has no start; one matched over the whole file has its list
                int ref = plan.ref(index, string);
                List<StringMatch> known = matches[ref];
                if (known == null && plan.wholeFile(ref)) {
                    known = listOf(ref, matches);
                }
                return known != null ? !known.isEmpty() : plan.placed(ref) || starts[ref] != null;
            }

            @Override
            public StringMatch matchAt(int index, YaraRule rule, int string, long offset) {
                int ref = plan.ref(index, string);
                if (matches[ref] != null || !plan.placed(ref)) {
                    return RuleEvaluation.StringMatches.super.matchAt(index, rule, string, offset);
                }
                if (offset < 0 || offset >= file.length()) {
                    return null;
                }
                List<StringMatch> found = plan.prepared(ref).matchesAt(file.bytes(), new int[] {(int) offset}, 1,
                        maxSad);
                return found.isEmpty() ? null : found.get(0);
            }
        });
    }

    /**
     * The matches of string ref {@code ref}, found on first use: over the whole file for a string without
     * atoms, at its atoms' occurrences for a placed string, at the scan's starts for the others.
     */
    private List<StringMatch> listOf(int ref, List<StringMatch>[] matches) {
        if (matches[ref] == null) {
            matches[ref] = plan.wholeFile(ref) ? StringMatcher.matches(plan.definition(ref), file.bytes(), maxSad)
                    : plan.placed(ref) ? placedMatches(ref) : checked(ref);
        }
        return matches[ref];
    }

    /**
     * Every match of a placed string, for a rule that matched: the starts its atoms give, found by a plain
     * search of the file (exactly, in the lowercased bytes for a case-blind atom), then checked; within a
     * SAD limit, or without atoms, the reference matcher over the whole file.
     */
    private List<StringMatch> placedMatches(int ref) {
        List<Atom> atoms = plan.placedAtoms(ref);
        byte[] data = file.bytes();
        if (atoms == null || maxSad > 0) {
            return StringMatcher.matches(plan.definition(ref), data, maxSad);
        }
        for (Atom atom : atoms) {
            AtomSearch.forEach(atom, data, at -> {
                long last = at - atom.offset();
                for (long start = Math.max(0, last - atom.spread()); start <= last; start++) {
                    add(ref, (int) start);
                }
            });
        }
        return checked(ref);
    }

    private List<StringMatch> checked(int ref) {
        if (starts[ref] == null) {
            return List.of();
        }
        int[] list = starts[ref];
        Arrays.sort(list, 0, counts[ref]);
        int distinct = 0;
        for (int i = 0; i < counts[ref]; i++) {
            if (distinct == 0 || list[i] != list[distinct - 1]) {
                list[distinct++] = list[i];
            }
        }
        counts[ref] = distinct;
        return plan.prepared(ref).matchesAt(file.bytes(), list, distinct, maxSad);
    }
}
