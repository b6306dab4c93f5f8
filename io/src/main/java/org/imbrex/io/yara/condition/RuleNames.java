package org.imbrex.io.yara.condition;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The names of a rule file's rules in definition order, growing while the file is read, and for each rule
 * the names defined up to it ({@link #defined()}) as a {@link ConditionScope} needs them: a view of the first
 * names, so that a file of n rules costs n names and not n² (a copy of the list per rule took a second of
 * reading a 3,000-rule set).
 * <pre>
 *   add("first"), add("second")     defined() = [first, second]      contains("second") → true
 *   add("third")                    the earlier view still [first, second]; defined() = [first, second, third]
 * </pre>
 * Example: {@code names.add(rule); new ConditionScope(file, line, column, strings, names.defined(), modules)}.
 */
public final class RuleNames {
    private final List<String> names = new ArrayList<>();
    private final Map<String, Integer> indexes = new HashMap<>();

    /** Whether a rule of this name is defined. */
    public boolean contains(String name) {
        return indexes.containsKey(name);
    }

    /** Defines the next rule; its name is not yet defined ({@link #contains} is false). */
    public void add(String name) {
        if (indexes.putIfAbsent(name, names.size()) != null) {
            throw new IllegalArgumentException("rule " + name + " is defined already");
        }
        names.add(name);
    }

    /** The names defined so far, in order: an unmodifiable list that later {@link #add}s do not change. */
    public List<String> defined() {
        return new Defined(names.size());
    }

    /** The first {@code size} names: a view, unmodifiable, with a hashed {@code contains}. */
    final class Defined extends AbstractList<String> implements RandomAccess {
        private final int size;

        private Defined(int size) {
            this.size = size;
        }

        @Override
        public String get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException("rule " + index + " of " + size);
            }
            return names.get(index);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public boolean contains(Object name) {
            Integer index = indexes.get(name);
            return index != null && index < size;
        }
    }
}
