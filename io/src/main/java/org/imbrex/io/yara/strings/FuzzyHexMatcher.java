package org.imbrex.io.yara.strings;

import java.util.Arrays;
import java.util.List;

/**
 * Hex strings matched within a SAD limit ({@code --max-sad T}): a way through the string (alternatives,
 * jump lengths) matches at s when the sum of |data byte − string byte| over its exact bytes is at most T;
 * {@code ??} costs nothing and a nibble wildcard must match its nibble. Which way YARA's rules pick is kept:
 * <pre>
 *   no ( … )      the shortest end any way within T reaches, with the lowest SAD of the ways ending there
 *                   { 61 [0-2] 62 } within 1 in "a" "c" "b"  →  (0, 2, 1): a, then c for b (cost 1)
 *   with ( … )    the first way within T in YARA's priority order (alternatives as written, jumps
 *                 shortest first), with its SAD
 * </pre>
 * With T = 0 both give {@link HexMatcher}'s matches.
 *
 * <p>Example: {@code matchAt({ 4D 5A }, "4D 5B", 0, 2)} is {@code (0, 2, 1)}.
 */
final class FuzzyHexMatcher {
    private static final int UNREACHED = -1;

    private FuzzyHexMatcher() {
    }

    /** The match at {@code s} within {@code maxSad}, or null. */
    static StringMatch matchAt(HexString hex, byte[] data, int s, int maxSad) {
        long end = hex.hasAlternatives() ? firstEnd(hex.tokens(), 0, s, 0, data, maxSad, End.ANY)
                : shortestEnd(hex.tokens(), s, data, maxSad);
        if (end < 0 || (int) (end >>> 32) <= s) {
            return null;
        }
        return new StringMatch(s, (int) (end >>> 32) - s, (int) end);
    }

    /** What byte {@code b} costs at this token, or more than any limit when it cannot match. */
    static int cost(HexToken.HexByte token, int b) {
        if (token.mask() == 0xFF) {
            return Math.abs(b - token.value());
        }
        return token.matches(b) ? 0 : Integer.MAX_VALUE / 2;
    }

    /**
     * The lowest SAD at which each position after s is reached, token by token; the answer is the first
     * position reached after the last token, packed as {@code end << 32 | sad}, or -1.
     * <pre>
     *   tokens   61        [0-1]         62           data  61 63 62
     *   sad      {s:0} → {s+1:0} → {s+1:0, s+2:0} → {s+2:|63-62|=1, s+3:0}   shortest end s+2, sad 1
     * </pre>
     */
    private static long shortestEnd(List<HexToken> tokens, int s, byte[] data, int maxSad) {
        int room = data.length - s;
        int[] sad = {0};
        for (HexToken token : tokens) {
            int[] next;
            if (token instanceof HexToken.HexByte b) {
                next = unreached(Math.min(sad.length + 1, room + 1));
                for (int i = 0; i < sad.length && i < room; i++) {
                    if (sad[i] != UNREACHED) {
                        long c = (long) sad[i] + cost(b, data[s + i] & 0xFF);
                        if (c <= maxSad) {
                            next[i + 1] = lower(next[i + 1], (int) c);
                        }
                    }
                }
            } else {
                HexToken.HexJump jump = (HexToken.HexJump) token;
                int reach = (int) Math.min((long) sad.length - 1 + jump.max(), room);
                next = unreached(Math.max(reach + 1, 0));
                for (int i = 0; i < sad.length; i++) {
                    if (sad[i] == UNREACHED) {
                        continue;
                    }
                    long last = Math.min((long) i + jump.max(), reach);
                    for (long q = (long) i + jump.min(); q <= last; q++) {
                        next[(int) q] = lower(next[(int) q], sad[i]);
                    }
                }
            }
            sad = next;
            if (Arrays.stream(sad).allMatch(c -> c == UNREACHED)) {
                return -1;
            }
        }
        for (int i = 0; i < sad.length; i++) {
            if (sad[i] != UNREACHED) {
                return (long) (s + i) << 32 | sad[i];
            }
        }
        return -1;
    }

    private static int[] unreached(int length) {
        int[] sad = new int[length];
        Arrays.fill(sad, UNREACHED);
        return sad;
    }

    private static int lower(int current, int candidate) {
        return current == UNREACHED ? candidate : Math.min(current, candidate);
    }

    /** What follows a token list being matched: the rest of the enclosing lists, or the end of the string. */
    private interface End {
        End ANY = (position, spent) -> (long) position << 32 | spent;

        /** The packed end and SAD of the whole match when the rest matches from {@code position}, or -1. */
        long from(int position, int spent);
    }

    /** The first way within {@code maxSad} in YARA's priority order, packed as {@code end << 32 | sad}, or -1. */
    private static long firstEnd(List<HexToken> tokens, int index, int position, int spent, byte[] data, int maxSad,
            End rest) {
        if (index == tokens.size()) {
            return rest.from(position, spent);
        }
        HexToken token = tokens.get(index);
        if (token instanceof HexToken.HexByte b) {
            if (position >= data.length) {
                return -1;
            }
            long c = (long) spent + cost(b, data[position] & 0xFF);
            return c <= maxSad ? firstEnd(tokens, index + 1, position + 1, (int) c, data, maxSad, rest) : -1;
        }
        if (token instanceof HexToken.HexJump jump) {
            long last = Math.min((long) position + jump.max(), data.length);
            for (long p = (long) position + jump.min(); p <= last; p++) {
                long end = firstEnd(tokens, index + 1, (int) p, spent, data, maxSad, rest);
                if (end >= 0) {
                    return end;
                }
            }
            return -1;
        }
        End afterGroup = (p, c) -> firstEnd(tokens, index + 1, p, c, data, maxSad, rest);
        for (List<HexToken> alternative : ((HexToken.HexAlternatives) token).alternatives()) {
            long end = firstEnd(alternative, 0, position, spent, data, maxSad, afterGroup);
            if (end >= 0) {
                return end;
            }
        }
        return -1;
    }
}
