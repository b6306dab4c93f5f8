package org.imbrex.io.yara.rules;

/**
 * A rule YARA accepts and imbrex cannot run, with the first reason found; every other rule of the file
 * still runs.
 *
 * <p>Example: {@code rule r { strings: $a = /MZ.+PE/ condition: $a }} on line 3 of namespace {@code
 * "default"} is {@code SkippedRule("default", "r", 3, "string $a: regular expressions are not supported")}
 * (the string package's wording after the colon).
 */
public record SkippedRule(String namespace, String rule, int line, String reason) {
}
