package org.imbrex.io.yara.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.ConditionEvaluator;
import org.imbrex.io.yara.condition.FileFacts;
import org.imbrex.io.yara.condition.ModuleValue;
import org.imbrex.io.yara.condition.StringMatch;
import org.imbrex.io.yara.pe.PeHeaderReader;
import org.imbrex.io.yara.pe.PeModule;
import org.imbrex.io.yara.pe.PeSource;
import org.imbrex.io.yara.pe.YaraValue;

/**
 * The {@link FileFacts} of one file in memory for one rule: {@code filesize}, the rule's string matches
 * (as {@code StringMatcher} finds them), {@code intN} reads, {@code pe.*} from {@link PeModule}, and the results of
 * the rules of the namespace evaluated so far.
 *
 * <p>Example: for the bytes {@code "MZ..MZ"} and a rule with {@code $a = "MZ"}, {@code fileSize()} is 6
 * and {@code matches(0)} is {@code [(0, 2), (4, 2)]}.
 */
final class ByteFacts implements FileFacts {
    private final FileContent data;
    private final LazyPe pe;
    private final List<List<org.imbrex.io.yara.strings.StringMatch>> strings;
    private final Map<String, Boolean> ruleResults;
    /** The file's module values without indexes, shared by its rules: {@code pe.entry_point} is read once. */
    private final Map<String, ModuleValue> moduleValues;

    private final Placed placed;

    /**
     * The rule's placed strings ({@link org.imbrex.io.yara.condition.PlacedStrings}), whose lists are null
     * until something other than {@code $a at E} asks for them: the engine checks them at E.
     */
    record Placed(int index, YaraRule rule, RuleEvaluation.StringMatches matches) {
    }

    /**
     * {@code pe} is null when the file does not import the pe module; the lists of the rule's placed strings
     * may be null in {@code strings}, and are then asked of {@code placed}.
     */
    ByteFacts(FileContent data, LazyPe pe, List<List<org.imbrex.io.yara.strings.StringMatch>> strings,
            Map<String, Boolean> ruleResults, Map<String, ModuleValue> moduleValues, Placed placed) {
        this.placed = placed;
        this.data = data;
        this.moduleValues = moduleValues;
        this.pe = pe;
        this.ruleResults = ruleResults;
        this.strings = strings;
    }

    /**
     * The file's pe module, parsed (and the file read) when a rule first asks for a value of it; a file that does
     * not start with "MZ" is no PE, told from its first two bytes ({@link FileContent#head}).
     */
    static final class LazyPe {
        private final FileContent data;
        private PeModule module;

        LazyPe(FileContent data) {
            this.data = data;
        }

        PeModule get() {
            if (module == null) {
                // YARA's first test of a PE (PeHeaderReader): the DOS header's "MZ"; the first two bytes tell it
                byte[] head = data.head(2);
                boolean mz = head.length == 2 && head[0] == 'M' && head[1] == 'Z';
                module = mz ? peModule(data.bytes()) : PeModule.NOT_PE;
            }
            return module;
        }
    }

    /** YARA's pe module of {@code data}. */
    static PeModule peModule(byte[] data) {
        try {
            return PeHeaderReader.read(PeSource.of(data));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the pe module of bytes in memory", e);
        }
    }

    @Override
    public long fileSize() {
        return data.length();
    }

    @Override
    public boolean mayMatch(int string) {
        return strings.get(string) == null || !strings.get(string).isEmpty();
    }

    @Override
    public boolean matchesAt(int string, long offset) {
        if (strings.get(string) == null) {
            return placed.matches().matchesAt(placed.index(), placed.rule(), string, offset);
        }
        return FileFacts.super.matchesAt(string, offset);
    }

    @Override
    public List<StringMatch> matches(int string) {
        if (strings.get(string) == null) {
            strings.set(string, placed.matches().of(placed.index(), placed.rule(), string));
        }
        List<org.imbrex.io.yara.strings.StringMatch> found = strings.get(string);
        return new AbstractList<>() {
            @Override
            public StringMatch get(int i) {
                org.imbrex.io.yara.strings.StringMatch match = found.get(i);
                return new StringMatch(match.offset(), match.length());
            }

            @Override
            public int size() {
                return found.size();
            }
        };
    }

    @Override
    public long readInteger(long offset, int bytes, boolean bigEndian, boolean signed) {
        long length = data.length();
        if (offset < 0 || offset > length - bytes) {
            return ConditionEvaluator.UNDEFINED; // outside the file: no need to read it
        }
        return FileFacts.readInteger(data.bytes(), offset, bytes, bigEndian, signed);
    }

    /** {@code pe.sections.name} with indexes {@code [2]} is {@code lookup("sections", 2L, "name")}. */
    @Override
    public ModuleValue moduleValue(String path, long[] indexes) {
        if (indexes.length == 0 && pe != null) {
            return moduleValues.computeIfAbsent(path, unindexed -> lookUp(unindexed, indexes));
        }
        return lookUp(path, indexes);
    }

    private ModuleValue lookUp(String path, long[] indexes) {
        String[] parts = path.split("\\.");
        if (pe == null || !parts[0].equals("pe")) {
            throw new IllegalStateException("module value " + path + " without the pe module imported");
        }
        List<Object> steps = new ArrayList<>();
        int index = 0;
        for (int i = 1; i < parts.length; i++) {
            steps.add(parts[i]);
            if (parts[i].equals("sections")) {
                steps.add(indexes[index++]);
            }
        }
        YaraValue value = pe.get().lookup(steps.toArray());
        if (value instanceof YaraValue.Integer integer) {
            return new ModuleValue.Integer(integer.value());
        }
        if (value instanceof YaraValue.Bytes bytes) {
            return new ModuleValue.Text(bytes.bytes());
        }
        return ModuleValue.UNDEFINED;
    }

    @Override
    public boolean ruleMatched(String rule) {
        return ruleResults.getOrDefault(rule, false);
    }
}
