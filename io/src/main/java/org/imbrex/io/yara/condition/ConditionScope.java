package org.imbrex.io.yara.condition;

import java.util.List;
import java.util.Set;

/**
 * What the parser of one rule's condition must know from the rest of the rule file: where the condition
 * text starts (for messages), the strings the rule declares, the rules defined before it, and the
 * modules the file imports.
 *
 * <p>Example: for
 * <pre>
 *   import "pe"
 *   rule second {
 *       strings: $a = "MZ"  $ = { 50 45 }
 *       condition: $a at 0 and first
 *   }
 * </pre>
 * the scope is {@code new ConditionScope("x.yar", 4, 20, List.of("$a", "$"), List.of("first", "second"),
 * Set.of("pe"))}: the condition text {@code $a at 0 and first} starts on line 4, column 20. Anonymous
 * strings are listed as {@code $}; they count in {@code them} and {@code ($*)}. The rule's own name
 * belongs in {@code rules}: YARA accepts a rule that names itself, and the reference is false (the rule
 * has not matched while its condition runs).
 *
 * @param file     the file name for messages
 * @param line     1-based line where the condition text starts
 * @param column   1-based column where the condition text starts
 * @param strings  the rule's string identifiers in declaration order, each with its {@code $}
 * @param rules    the names of the rules defined so far in the file, in definition order
 * @param modules  the modules imported by the file
 */
public record ConditionScope(String file, int line, int column, List<String> strings, List<String> rules,
        Set<String> modules) {

    public ConditionScope {
        strings = List.copyOf(strings);
        // a RuleNames view is immutable already, and copying it for each rule of a file would cost n² names
        rules = rules instanceof RuleNames.Defined ? rules : List.copyOf(rules);
        modules = Set.copyOf(modules);
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("condition position " + line + ":" + column
                    + " must count lines and columns from 1");
        }
    }

    /** A scope for a condition at line 1, column 1 of {@code file}. */
    public static ConditionScope of(String file, List<String> strings, List<String> rules, Set<String> modules) {
        return new ConditionScope(file, 1, 1, strings, rules, modules);
    }
}
