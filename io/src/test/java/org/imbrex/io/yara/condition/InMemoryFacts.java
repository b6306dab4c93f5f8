package org.imbrex.io.yara.condition;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link FileFacts} of a file held in memory, for tests: text strings found by brute force at every
 * offset (overlapping matches included, as YARA reports them), a {@code pe} module that sees no PE
 * ({@code pe.is_pe} is 0, every other field undefined) unless values are put, and the rules given as
 * matched.
 */
final class InMemoryFacts implements FileFacts {
    private final byte[] data;
    private final List<List<StringMatch>> matches = new ArrayList<>();
    private final Map<String, ModuleValue> module = new HashMap<>();
    private final Set<String> matchedRules;

    /** {@code strings} are the literal texts of the rule's strings, in declaration order. */
    InMemoryFacts(byte[] data, List<String> strings, Set<String> matchedRules) {
        this.data = data.clone();
        this.matchedRules = Set.copyOf(matchedRules);
        for (String string : strings) {
            matches.add(find(this.data, string.getBytes(StandardCharsets.ISO_8859_1)));
        }
        module.put("pe.is_pe", new ModuleValue.Integer(0));
    }

    static InMemoryFacts of(String data, String... strings) {
        return new InMemoryFacts(data.getBytes(StandardCharsets.ISO_8859_1), List.of(strings), Set.of());
    }

    /** Puts a module value; {@code key} is the path with its indexes, e.g. {@code pe.sections[1].name}. */
    InMemoryFacts with(String key, ModuleValue value) {
        module.put(key, value);
        return this;
    }

    static List<StringMatch> find(byte[] data, byte[] pattern) {
        List<StringMatch> found = new ArrayList<>();
        for (int at = 0; at + pattern.length <= data.length; at++) {
            int i = 0;
            while (i < pattern.length && data[at + i] == pattern[i]) {
                i++;
            }
            if (i == pattern.length) {
                found.add(new StringMatch(at, pattern.length));
            }
        }
        return found;
    }

    @Override
    public long fileSize() {
        return data.length;
    }

    @Override
    public List<StringMatch> matches(int string) {
        return matches.get(string);
    }

    @Override
    public long readInteger(long offset, int bytes, boolean bigEndian, boolean signed) {
        return FileFacts.readInteger(data, offset, bytes, bigEndian, signed);
    }

    @Override
    public ModuleValue moduleValue(String path, long[] indexes) {
        StringBuilder key = new StringBuilder();
        int index = 0;
        for (String part : path.split("\\.")) {
            if (key.length() > 0) {
                key.append('.');
            }
            key.append(part);
            if (part.equals("sections")) {
                key.append('[').append(indexes[index++]).append(']');
            }
        }
        return module.getOrDefault(key.toString(), ModuleValue.UNDEFINED);
    }

    @Override
    public boolean ruleMatched(String rule) {
        return matchedRules.contains(rule);
    }
}
