package org.imbrex.io.yara.strings;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A hex string {@code { … }}: its tokens in order, as {@link HexStringReader} accepted them (so YARA
 * 4.2.3 accepts them too: the first and last token of the string and of every alternative is a byte or a
 * group, never a jump; no jump inside a group is unbounded or longer than 200).
 *
 * <p>Example: {@code { 4D 5A [2-4] ( 50 45 | 4E 45 ) }} has five tokens and {@code hasAlternatives()};
 * its {@code toString()} is {@code 4D 5A [2-4] ( 50 45 | 4E 45 )}.
 */
public record HexString(List<HexToken> tokens) implements StringValue {

    public HexString {
        tokens = List.copyOf(tokens);
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("a hex string has at least one token");
        }
    }

    /** True when a group {@code ( … )} occurs anywhere; YARA then matches with its general engine. */
    public boolean hasAlternatives() {
        for (HexToken token : tokens) {
            if (token instanceof HexToken.HexAlternatives) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return render(tokens);
    }

    static String render(List<HexToken> tokens) {
        return tokens.stream().map(HexToken::toString).collect(Collectors.joining(" "));
    }
}
