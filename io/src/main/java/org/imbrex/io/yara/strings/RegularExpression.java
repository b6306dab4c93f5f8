package org.imbrex.io.yara.strings;

/**
 * A regular expression {@code /…/is}, recognised so that a rule can be read past it but not matched by
 * imbrex: {@code source} is the text between the slashes as written ({@code \/} kept as written), {@code
 * flags} the letters after the closing slash ({@code i}, {@code s}, {@code is} or empty).
 *
 * <p>Example: {@code /MZ\/PE/i} is {@code RegularExpression("MZ\\/PE", "i")}.
 */
public record RegularExpression(String source, String flags) implements StringValue {

    /** Why {@link StringMatcher} refuses every regular expression. */
    public static final String UNSUPPORTED_REASON =
            "regular expressions are not supported: imbrex matches text and hex strings only";
}
