/**
 * Whole YARA 4.2 rule files: {@link org.imbrex.io.yara.rules.RuleFileReader} reads a file into a {@link
 * org.imbrex.io.yara.rules.RuleFile}, refusing what YARA refuses and skipping, rule by rule, what imbrex
 * cannot run; {@link org.imbrex.io.yara.rules.RuleOracle} is the reference engine that says which rules
 * match one file's bytes, as {@code yara -e} does.
 *
 * <p>Example:
 * <pre>
 *   RuleFile rules = RuleFileReader.read("n", "mz.yar", "rule mz { strings: $a = \"MZ\" condition: $a at 0 }");
 *   RuleOracle.matches(rules, bytes)   // [RuleMatch(n, mz, [])] when bytes start with MZ
 * </pre>
 */
package org.imbrex.io.yara.rules;
