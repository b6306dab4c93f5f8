package org.imbrex.io.yara.strings;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The matches YARA 4.2.3 reports for a hex string: one per start offset s at which the string matches, in
 * offset order, with the length YARA gives it, which depends on how YARA matches the string:
 * <pre>
 *   no ( … ) anywhere   YARA's "fast" hex engine walks all positions at once and stops at the first end
 *                       it reaches: the length is the SHORTEST match from s.
 *                         { 61 [0-3] 62 } in "abbbb"   →  (0, 2), not (0, 3) …
 *   with ( … )          YARA's general engine takes the first match in priority order, as a backtracking
 *                       matcher would: alternatives in the order written, each jump shortest first.
 *                         { 61 62 63 64 ( 65 66 | 65 ) } in "abcdef"  →  (0, 6)
 *                         { 61 62 63 64 ( 65 | 65 66 ) } in "abcdef"  →  (0, 5)
 * </pre>
 * The priority rule is exact when YARA's atom (the up to 4 bytes it looks up first, chosen by quality) lies
 * before the first group, as in the examples: YARA runs the priority search forwards from its atom and
 * finds every start backwards from it. When YARA picks its atom inside a group, each alternative has its
 * own atom, and the alternative whose atom ends first in the data wins: {@code { 61 ( 62 62 | 62 ) }} in
 * {@code "abb"} is {@code (0, 2)} for YARA, {@code (0, 3)} here. The offsets are right either way; only
 * the length of such strings with alternatives of different lengths can differ.
 *
 * <p>A jump longer than 200 outside groups makes YARA split the string there and chain the parts; a chain
 * completes at the first end it can, so the shortest rule holds for it too ({@code { 61 [250-300] 62 }}).
 *
 * <p>Also not emulated: YARA's {@code YR_RE_SCAN_LIMIT} (4096): YARA does not find a match of a hex string
 * with wildcards or jumps whose part before or after its atom is longer than 4096 bytes (jumps above 200
 * outside groups are exempt: YARA splits the string there and chains the parts, without a limit).
 *
 * <p>Example: {@code { 4D ?? [1-2] 5A }} in {@code 4D 00 01 5A 5A} gives {@code (0, 4)} only.
 */
final class HexMatcher {
    private HexMatcher() {
    }

    static List<StringMatch> matches(HexString hex, byte[] data) {
        List<StringMatch> matches = new ArrayList<>();
        for (int s = 0; s < data.length; s++) {
            StringMatch match = matchAt(hex, data, s);
            if (match != null) {
                matches.add(match);
            }
        }
        return matches;
    }

    /** The match YARA reports at {@code s}, or null. */
    static StringMatch matchAt(HexString hex, byte[] data, int s) {
        int end = hex.hasAlternatives() ? firstEnd(hex.tokens(), 0, s, data, End.ANY)
                : shortestEnd(hex.tokens(), s, data);
        return end > s ? new StringMatch(s, end - s) : null;
    }

    /** The match at a start of some data, for one string whose form was read once ({@link #form}). */
    @FunctionalInterface
    interface MatchAt {
        StringMatch at(byte[] data, int s);
    }

    /**
     * {@link #matchAt} for one string and many starts, its form looked at once: a string of bytes only (no
     * jump, no group) is compared byte by byte, since its only end is its length; a group-free string
     * spanning fewer than 64 positions keeps its reached positions in one long.
     */
    static MatchAt form(HexString hex) {
        List<HexToken> tokens = hex.tokens();
        if (hex.hasAlternatives()) {
            return (data, s) -> {
                int end = firstEnd(tokens, 0, s, data, End.ANY);
                return end > s ? new StringMatch(s, end - s) : null;
            };
        }
        if (tokens.stream().allMatch(HexToken.HexByte.class::isInstance)) {
            int[] values = tokens.stream().mapToInt(t -> ((HexToken.HexByte) t).value()).toArray();
            int[] masks = tokens.stream().mapToInt(t -> ((HexToken.HexByte) t).mask()).toArray();
            return (data, s) -> bytesMatchAt(values, masks, data, s);
        }
        HexToken[] array = tokens.toArray(HexToken[]::new);
        boolean inALong = span(array) < Long.SIZE;
        return (data, s) -> {
            int e = inALong ? shortestEndInALong(array, s, data) : shortestEnd(tokens, s, data);
            return e > s ? new StringMatch(s, e - s) : null;
        };
    }

    /** {@link #form} bound to one byte array. */
    static IntFunction<StringMatch> matcher(HexString hex, byte[] data) {
        MatchAt form = form(hex);
        return s -> form.at(data, s);
    }

    /** The most positions a match of group-free tokens can span, or {@code Integer.MAX_VALUE} with {@code [n-]}. */
    private static int span(HexToken[] tokens) {
        long span = 0;
        for (HexToken token : tokens) {
            if (token instanceof HexToken.HexJump jump) {
                if (jump.unbounded()) {
                    return Integer.MAX_VALUE;
                }
                span += jump.max();
            } else {
                span++;
            }
        }
        return (int) Math.min(span, Integer.MAX_VALUE);
    }

    /**
     * {@link #shortestEnd} for tokens that span fewer than 64 positions: the reached set is one long, bit i
     * for position s + i, and a jump shifts it.
     * <pre>
     *   61 [1-2] 62 from s:   1  →  0b10  →  0b1100 (shifted by 1 and 2)  →  bits i + 1 where data[s+i] == 62
     * </pre>
     */
    private static int shortestEndInALong(HexToken[] tokens, int s, byte[] data) {
        int room = data.length - s;
        long before = room >= Long.SIZE ? -1L : (1L << room) - 1;        // positions i < room: a byte there
        long upTo = room >= Long.SIZE - 1 ? -1L : (1L << (room + 1)) - 1; // positions i <= room
        long reached = 1;
        for (HexToken token : tokens) {
            long next = 0;
            if (token instanceof HexToken.HexByte b) {
                for (long r = reached & before; r != 0; r &= r - 1) {
                    int i = Long.numberOfTrailingZeros(r);
                    if (b.matches(data[s + i] & 0xFF)) {
                        next |= 1L << (i + 1);
                    }
                }
            } else {
                HexToken.HexJump jump = (HexToken.HexJump) token;
                for (int k = jump.min(); k <= jump.max(); k++) {
                    next |= reached << k;
                }
                next &= upTo;
            }
            if (next == 0) {
                return -1;
            }
            reached = next;
        }
        return s + Long.numberOfTrailingZeros(reached);
    }

    private static StringMatch bytesMatchAt(int[] values, int[] masks, byte[] data, int s) {
        if (s < 0 || s > data.length - values.length) {
            return null;
        }
        for (int i = 0; i < values.length; i++) {
            if ((data[s + i] & masks[i]) != values[i]) {
                return null;
            }
        }
        return new StringMatch(s, values.length);
    }

    /**
     * The smallest end of a match from {@code s} of a group-free token list, or -1: the set of positions
     * reached after each token, as YARA's fast engine keeps it.
     * <pre>
     *   tokens   61      [1-2]      62
     *   reached  {s} → {s+1} → {s+2, s+3} → {p+1 : p reached, data[p] == 62}
     * </pre>
     */
    private static int shortestEnd(List<HexToken> tokens, int s, byte[] data) {
        return shortestEnd(tokens, 0, s, data);
    }

    /**
     * The smallest end of a match of {@code tokens[index..]} from the positions reached so far, or -1. An
     * unbounded jump {@code [n-]} is not spread over the rest of the file: the rest is tried from each
     * position after it in ascending order, and the search stops once no later position can end before the
     * best end found, since the rest spans at least {@link #minSpan} positions.
     * <pre>
     *   61 [2-] 62 63 from s = 10, data has 61 at 10, 62 63 at 40 and 90:   p = 13, 14, ... 40 → end 42; at
     *   p = 41 the rest ends at least at 43 &gt; 42: stop (the BitSet of every position to the file end is not made)
     * </pre>
     */
    private static int shortestEnd(List<HexToken> tokens, int index, int s, byte[] data) {
        // Bit i stands for position s + i, so that a set costs the span of the match, not the data.
        int room = data.length - s;
        BitSet reached = new BitSet();
        reached.set(0);
        for (int t = index; t < tokens.size(); t++) {
            HexToken token = tokens.get(t);
            BitSet next = new BitSet();
            if (token instanceof HexToken.HexByte b) {
                for (int i = reached.nextSetBit(0); i >= 0 && i < room; i = reached.nextSetBit(i + 1)) {
                    if (b.matches(data[s + i] & 0xFF)) {
                        next.set(i + 1);
                    }
                }
            } else {
                HexToken.HexJump jump = (HexToken.HexJump) token;
                if (jump.unbounded()) {
                    // the first position's range holds every later one's
                    return restAfterUnbounded(tokens, t + 1, s, (long) reached.nextSetBit(0) + jump.min(), data);
                }
                for (int i = reached.nextSetBit(0); i >= 0; i = reached.nextSetBit(i + 1)) {
                    long from = (long) i + jump.min();
                    long to = Math.min((long) i + jump.max(), room);
                    if (from <= to) {
                        next.set((int) from, (int) to + 1);
                    }
                }
            }
            if (next.isEmpty()) {
                return -1;
            }
            reached = next;
        }
        return s + reached.nextSetBit(0);
    }

    /** The smallest end of {@code tokens[index..]} from any position {@code s + p}, {@code p ≥ from}, or -1. */
    private static int restAfterUnbounded(List<HexToken> tokens, int index, int s, long from, byte[] data) {
        int room = data.length - s;
        if (index == tokens.size()) {
            return from <= room ? (int) (s + from) : -1;
        }
        int rest = minSpan(tokens, index);
        int best = -1;
        for (long p = from; p <= room; p++) {
            if (best >= 0 && s + p + rest >= best) {
                break;
            }
            int end = shortestEnd(tokens, index, (int) (s + p), data);
            if (end >= 0 && (best < 0 || end < best)) {
                best = end;
            }
        }
        return best;
    }

    /** The fewest positions {@code tokens[index..]} can span: a position per byte, each jump's minimum. */
    private static int minSpan(List<HexToken> tokens, int index) {
        long span = 0;
        for (int t = index; t < tokens.size(); t++) {
            span += tokens.get(t) instanceof HexToken.HexJump jump ? jump.min() : 1;
        }
        return (int) Math.min(span, Integer.MAX_VALUE);
    }

    /** What follows a token list being matched: the rest of the enclosing lists, or the end of the string. */
    private interface End {
        End ANY = position -> position;

        /** The end of the whole match when the rest matches from {@code position}, or -1. */
        int from(int position);
    }

    /** The first match end in YARA's priority order (alternatives as written, jumps shortest first), or -1. */
    private static int firstEnd(List<HexToken> tokens, int index, int position, byte[] data, End rest) {
        if (index == tokens.size()) {
            return rest.from(position);
        }
        HexToken token = tokens.get(index);
        if (token instanceof HexToken.HexByte b) {
            boolean matches = position < data.length && b.matches(data[position] & 0xFF);
            return matches ? firstEnd(tokens, index + 1, position + 1, data, rest) : -1;
        }
        if (token instanceof HexToken.HexJump jump) {
            long last = Math.min((long) position + jump.max(), data.length);
            for (long p = (long) position + jump.min(); p <= last; p++) {
                int end = firstEnd(tokens, index + 1, (int) p, data, rest);
                if (end >= 0) {
                    return end;
                }
            }
            return -1;
        }
        End afterGroup = p -> firstEnd(tokens, index + 1, p, data, rest);
        for (List<HexToken> alternative : ((HexToken.HexAlternatives) token).alternatives()) {
            int end = firstEnd(alternative, 0, position, data, afterGroup);
            if (end >= 0) {
                return end;
            }
        }
        return -1;
    }
}
