package org.imbrex.io.yara.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.imbrex.io.signature.Signature;
import org.imbrex.io.yara.rules.RuleEvaluation;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.YaraRule;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringMatcher;

/**
 * What the search job scans for when it runs YARA rules: the distinct atoms of every string of every rule
 * it runs, as signatures for the tile scan, and for each atom the strings it stands for.
 * <pre>
 *   rule a { strings: $x = "key" wide  $y = { 4D 5A [2] 50 } ... }     string refs   0 a:$x   1 a:$y
 *   rule b { strings: $z = { 4D 5A ?? 00 } ... }                                     2 b:$z
 *
 *   signature  atom bytes             uses (string ref, offset and spread of the atom in the match)
 *   atom0      6B 00 65 00 79 00      (0, 0, 0)
 *   atom1      4D 5A                  (1, 0, 0)
 *   atom2      4D 5A ?? 00            (2, 0, 0)
 * </pre>
 * A string the rule's condition uses only as {@code $a at E} (a placed string: {@code $a at
 * pe.entry_point}) has no signature: the evaluation checks it at E.
 * Atoms with the same bytes share a signature, whatever their offsets; the case-blind atoms of nocase strings
 * come after all others, since the scan looks for them in the lowercased bytes. Strings without atoms ({@link
 * StringAtoms}) are matched over the whole file ({@link #wholeFile}).
 *
 * <p>Example: {@code RuleScanPlan.of(List.of(RuleFileReader.read("n", "r.yar", text))).signatures()}
 * gives the signatures {@code atom0, atom1, ...} to scan for; the same rule files always give the same plan.
 */
public final class RuleScanPlan {
    /** String {@code string} of the {@code rule}-th runnable rule of rule file {@code file}. */
    public record StringRef(int file, int rule, int string) {
    }

    private final List<RuleFile> files;
    private final List<StringRef> refs = new ArrayList<>();
    private final List<YaraRule> rules = new ArrayList<>();
    private final Map<YaraRule, Integer> ruleIndex = new IdentityHashMap<>();
    private final List<Signature> signatures = new ArrayList<>();
    /** Per signature: string ref, offset and spread, in turn. */
    private final List<int[]> uses = new ArrayList<>();
    /**
     * Per string ref: the atoms of a placed string (used only as {@code $a at E}), which the scan does not
     * look for; null for the others, and for a placed string without atoms.
     */
    private final List<List<Atom>> placedAtoms = new ArrayList<>();
    private final BitSet placed = new BitSet();
    private final BitSet wholeFileSet = new BitSet();
    private final List<StringDefinition> definitions = new ArrayList<>();
    /** Per string ref with atoms: its matcher, prepared once for every file. */
    private final List<StringMatcher.Prepared> prepared = new ArrayList<>();
    /** The index of the first case-blind atom: those from here on are found in the lowercased bytes. */
    private final int caseBlindFrom;
    /** Per rule of {@link #rules()}: the ref of its first string. */
    private final int[] firstRefs;
    /** Per string ref: the index of its rule in {@link #rules()}. */
    private final int[] ruleOfRef;
    /** The rules with a placed string or one matched over the whole file: candidates in every file. */
    private final BitSet alwaysCandidates = new BitSet();
    private final RuleEvaluation evaluation;

    private RuleScanPlan(List<RuleFile> files, boolean allLowercased) {
        this.files = List.copyOf(files);
        // the evaluation is prepared on another thread while this one finds every string's atoms (each is about a
        // third of a 3,000-rule plan); the plan below needs both
        CompletableFuture<RuleEvaluation> evaluating = CompletableFuture.supplyAsync(() -> RuleEvaluation.of(
                this.files));
        List<Optional<List<Atom>>> atomsOfStrings = new ArrayList<>();
        List<StringMatcher.Prepared> matchersOfAtoms = new ArrayList<>();
        for (RuleFile file : this.files) {
            for (YaraRule rule : file.runnable()) {
                for (StringDefinition string : rule.strings()) {
                    Optional<List<Atom>> atoms = StringAtoms.of(string);
                    atomsOfStrings.add(atoms);
                    matchersOfAtoms.add(atoms.isPresent() ? StringMatcher.prepare(string) : null);
                }
            }
        }
        try {
            this.evaluation = evaluating.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
        List<Integer> firstRef = new ArrayList<>();
        Map<Key, List<Integer>> byBytes = new LinkedHashMap<>();
        Map<Key, List<Integer>> caseBlindByBytes = new LinkedHashMap<>();
        for (int f = 0; f < files.size(); f++) {
            List<YaraRule> rules = files.get(f).runnable();
            for (int r = 0; r < rules.size(); r++) {
                YaraRule rule = rules.get(r);
                BitSet placedHere = evaluation.placed(f, r);
                firstRef.add(refs.size());
                ruleIndex.put(rule, this.rules.size());
                this.rules.add(rule);
                for (int s = 0; s < rule.strings().size(); s++) {
                    int ref = refs.size();
                    refs.add(new StringRef(f, r, s));
                    definitions.add(rule.strings().get(s));
                    Optional<List<Atom>> atoms = atomsOfStrings.get(ref);
                    boolean isPlaced = placedHere.get(s);
                    prepared.add(atoms.isPresent() ? matchersOfAtoms.get(ref)
                            : isPlaced ? StringMatcher.prepare(rule.strings().get(s)) : null);
                    placedAtoms.add(null);
                    if (isPlaced) {
                        placed.set(ref);
                        placedAtoms.set(ref, atoms.map(found -> found.stream().map(atom -> allLowercased
                                ? atom.lowercased() : atom).toList()).orElse(null));
                        continue;
                    }
                    if (atoms.isEmpty()) {
                        wholeFileSet.set(ref);
                        continue;
                    }
                    for (Atom found : atoms.get()) {
                        Atom atom = allLowercased ? found.lowercased() : found;
                        List<Integer> use = (atom.caseBlind() ? caseBlindByBytes : byBytes).computeIfAbsent(
                                new Key(atom.bytes(), atom.wildcard()), key -> new ArrayList<>());
                        use.add(ref);
                        use.add(atom.offset());
                        use.add(atom.spread());
                    }
                }
            }
        }
        addSignatures(byBytes);
        this.caseBlindFrom = signatures.size();
        addSignatures(caseBlindByBytes);
        this.firstRefs = firstRef.stream().mapToInt(Integer::intValue).toArray();
        this.ruleOfRef = new int[refs.size()];
        for (int index = 0; index < firstRefs.length; index++) {
            int end = index + 1 < firstRefs.length ? firstRefs[index + 1] : refs.size();
            Arrays.fill(ruleOfRef, firstRefs[index], end, index);
            if (!placed.get(firstRefs[index], end).isEmpty() || !wholeFileSet.get(firstRefs[index], end).isEmpty()) {
                alwaysCandidates.set(index);
            }
        }
    }

    private void addSignatures(Map<Key, List<Integer>> atoms) {
        for (Map.Entry<Key, List<Integer>> entry : atoms.entrySet()) {
            signatures.add(new Signature("atom" + signatures.size(), entry.getKey().bytes(),
                    entry.getKey().wildcard()));
            uses.add(entry.getValue().stream().mapToInt(Integer::intValue).toArray());
        }
    }

    /**
     * The plan of the runnable rules of {@code files}, in order: the atoms of nocase strings case-blind, the
     * others as read, for two scans of the files.
     */
    public static RuleScanPlan of(List<RuleFile> files) {
        return new RuleScanPlan(files, false);
    }

    /**
     * The plan of an exact search: every atom lowercased and case-blind ({@link Atom#lowercased()}), for one
     * scan of the lowercased bytes. An atom as read is in the lowercased bytes wherever it is in the file, so
     * no start is lost; the starts of other cases are checked and dropped like any other. A search within a
     * SAD limit takes {@link #of} instead: lowercasing can raise a byte's distance ({@code 5B} against
     * {@code 5A} is 1, against {@code 7A} 31).
     */
    public static RuleScanPlan lowercased(List<RuleFile> files) {
        return new RuleScanPlan(files, true);
    }

    /** The plan of a search with SAD limit {@code maxSad}: {@link #lowercased} when exact, else {@link #of}. */
    public static RuleScanPlan forScan(List<RuleFile> files, int maxSad) {
        return maxSad == 0 ? lowercased(files) : of(files);
    }

    public List<RuleFile> files() {
        return files;
    }

    /**
     * The atoms to scan for, {@code atom0, atom1, ...}; their index is the signature index of a scan match.
     * The {@link #asRead()} ones come first, then the {@link #caseBlind()} ones.
     */
    public List<Signature> signatures() {
        return signatures;
    }

    /** The atoms looked for in the files' bytes as read: signatures 0 to {@link #caseBlindFrom()} − 1. */
    public List<Signature> asRead() {
        return signatures.subList(0, caseBlindFrom);
    }

    /**
     * The atoms of nocase strings, lowercase, looked for in the files' bytes with A-Z lowercased ({@code
     * TileBytes.ASCII_LOWER}); the i-th is signature {@link #caseBlindFrom()} + i.
     */
    public List<Signature> caseBlind() {
        return signatures.subList(caseBlindFrom, signatures.size());
    }

    /** The index of the first case-blind atom in {@link #signatures()}. */
    public int caseBlindFrom() {
        return caseBlindFrom;
    }

    /** The string refs, offsets and spreads of signature {@code signature}: ref, offset, spread, ref, ... */
    int[] uses(int signature) {
        return uses.get(signature);
    }

    /** Every runnable rule, in file and rule order. */
    public List<YaraRule> rules() {
        return rules;
    }

    /** The place of {@code rule} in {@link #rules()}. */
    public int ruleIndex(YaraRule rule) {
        Integer index = ruleIndex.get(rule);
        if (index == null) {
            throw new IllegalArgumentException("rule " + rule.name() + " is not a runnable rule of this plan");
        }
        return index;
    }

    /** Every string of every runnable rule, in file, rule and string order. */
    public List<StringRef> strings() {
        return refs;
    }

    /**
     * The string ref of string {@code string} of the {@code index}-th rule of {@link #rules()}, which is the
     * rule index {@link RuleEvaluation.StringMatches} is given.
     */
    public int ref(int index, int string) {
        return firstRefs[index] + string;
    }

    /** The index in {@link #rules()} of the rule string ref {@code ref} belongs to. */
    public int ruleOf(int ref) {
        return ruleOfRef[ref];
    }

    /**
     * The rules, by index, that are {@link RuleEvaluation.StringMatches#candidates() candidates} in every file
     * whatever the scan found: those with a placed string or a string without atoms (matched over the whole file).
     */
    public BitSet alwaysCandidates() {
        return (BitSet) alwaysCandidates.clone();
    }

    /** The evaluation of the plan's rules, prepared once. */
    public RuleEvaluation evaluation() {
        return evaluation;
    }

    /** The matcher of a string ref that has atoms, prepared once ({@link StringMatcher#prepare}). */
    public StringMatcher.Prepared prepared(int ref) {
        return prepared.get(ref);
    }

    /** The definition a string ref stands for. */
    public StringDefinition definition(int ref) {
        return definitions.get(ref);
    }

    /**
     * True when string ref {@code ref} is used only as {@code $a at E} ({@link
     * org.imbrex.io.yara.condition.PlacedStrings}): the scan does not look for it, the evaluation checks it
     * at E, and it is matched over the whole file only for a rule that matched.
     */
    public boolean placed(int ref) {
        return placed.get(ref);
    }

    /** The atoms of placed string ref {@code ref} (lowercased in a lowercased plan), or null when it has none. */
    List<Atom> placedAtoms(int ref) {
        return placedAtoms.get(ref);
    }

    /** True when string ref {@code ref} has no atoms and is matched over the whole file. */
    public boolean wholeFile(int ref) {
        return wholeFileSet.get(ref);
    }

    /** The longest atom, in bytes (the tile size must hold it); 0 without atoms. */
    public int maxAtomLength() {
        return signatures.stream().mapToInt(Signature::length).max().orElse(0);
    }

    private record Key(byte[] bytes, boolean[] wildcard) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key that && Arrays.equals(bytes, that.bytes)
                    && Arrays.equals(wildcard, that.wildcard);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(bytes) + Arrays.hashCode(wildcard);
        }
    }
}
