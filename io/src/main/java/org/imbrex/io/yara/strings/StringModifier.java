package org.imbrex.io.yara.strings;

import java.util.Optional;

/**
 * The string modifiers of YARA 4.2, by their keywords, with what each value kind accepts and whether the
 * imbrex matcher implements it.
 * <pre>
 *   keyword      text "…"   hex { … }   regex /…/   matched by {@link StringMatcher}
 *   ascii        yes        -           yes         yes (text)
 *   wide         yes        -           yes         yes (text)
 *   nocase       yes        -           yes         yes (text)
 *   fullword     yes        -           yes         yes (text)
 *   private      yes        yes         yes         yes (does not change matching)
 *   xor          yes        -           -           no
 *   base64       yes        -           -           no
 *   base64wide   yes        -           -           no
 * </pre>
 * Example: {@code StringModifier.byKeyword("nocase")} is {@code Optional.of(NOCASE)}; {@code
 * byKeyword("xor").get().unsupportedReason()} explains why imbrex does not match it.
 */
public enum StringModifier {
    ASCII("ascii", true, null),
    WIDE("wide", true, null),
    NOCASE("nocase", true, null),
    FULLWORD("fullword", true, null),
    PRIVATE("private", false, null),
    XOR("xor", false, "xor is not supported: each of up to 256 keys is another string; imbrex does not"
            + " expand them yet"),
    BASE64("base64", false, "base64 is not supported: imbrex does not derive the three base64 shifts of"
            + " a string yet"),
    BASE64WIDE("base64wide", false, "base64wide is not supported: imbrex does not derive the three base64"
            + " shifts of a string yet");

    private final String keyword;
    private final boolean regularExpressionToo;
    private final String unsupportedReason;

    StringModifier(String keyword, boolean regularExpressionToo, String unsupportedReason) {
        this.keyword = keyword;
        this.regularExpressionToo = regularExpressionToo;
        this.unsupportedReason = unsupportedReason;
    }

    /** The word as written in a rule. */
    public String keyword() {
        return keyword;
    }

    /** True when YARA accepts the modifier after a regular expression ({@code private} too). */
    public boolean appliesToRegularExpressions() {
        return regularExpressionToo || this == PRIVATE;
    }

    /** Why {@link StringMatcher} cannot match a string with this modifier; empty when it can. */
    public Optional<String> unsupportedReason() {
        return Optional.ofNullable(unsupportedReason);
    }

    /** The modifier spelled {@code keyword}, case-sensitive as in YARA. */
    public static Optional<StringModifier> byKeyword(String keyword) {
        for (StringModifier modifier : values()) {
            if (modifier.keyword.equals(keyword)) {
                return Optional.of(modifier);
            }
        }
        return Optional.empty();
    }
}
