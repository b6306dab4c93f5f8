package org.imbrex.jobs.search;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.Comparator;

/**
 * One accepted offset, as a scan task finds it and the table writer receives it: the signature's index in
 * the {@link org.imbrex.io.scan.SearchPlan}, the file, the offset and the score. The table row adds the
 * signature's name and length ({@link MatchTable}).
 *
 * <p>Example: {@code new Match(2, "file:/data/a.bin", 4096, 0)} is an exact match of signature 2 at byte 4096.
 */
public record Match(int signature, String path, long offset, int sad) {

    /**
     * The order of {@code --best}: lower SAD, then lower path, then lower offset. Paths compare by code point,
     * as Spark orders strings (their UTF-8 bytes), not by UTF-16 unit.
     */
    static final Comparator<Match> BEST_FIRST = Comparator.comparingInt(Match::sad)
            .thenComparing(Match::path, Match::compareCodePoints).thenComparingLong(Match::offset);

    /**
     * Compares two strings by code point, which is the order of their UTF-8 bytes. UTF-16 order differs from
     * it only where a surrogate meets a unit of U+E000 to U+FFFF, so the first differing units decide, with
     * surrogates moved above that range.
     */
    static int compareCodePoints(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        int common = Math.min(a.length(), b.length());
        for (int i = 0; i < common; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                return Integer.compare(codePointOrder(x), codePointOrder(y));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static int codePointOrder(char unit) {
        if (unit < 0xD800) {
            return unit;
        }
        return Character.isSurrogate(unit) ? unit + 0x2000 : unit - 0x800;
    }

    /** {@code signature, path, offset, sad}: matches go through Kryo in the shuffle to the table writers. */
    public static final class KryoSerializer extends Serializer<Match> {
        public KryoSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, Match match) {
            output.writeInt(match.signature, true);
            output.writeString(match.path);
            output.writeLong(match.offset, true);
            output.writeInt(match.sad, true);
        }

        @Override
        public Match read(Kryo kryo, Input input, Class<Match> type) {
            return new Match(input.readInt(true), input.readString(), input.readLong(true), input.readInt(true));
        }
    }
}
