package org.imbrex.jobs.search;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;

/**
 * What a table-writing task reports to the driver: the file it wrote (below the staging directory's
 * {@code _temporary}, or null when its part had no rows), the rows per signature in it, and its best rows
 * for the summary. The driver moves exactly the reported files into the table, so a retried or speculative
 * attempt's file is never counted or kept twice.
 *
 * <p>Example: {@code new WrittenPart(3, ".../attempt-17/part-00003-J.snappy.parquet", new int[] {4}, new long[]
 * {12}, best)}: part 3 holds 12 rows of signature 4.
 */
public record WrittenPart(int part, String file, int[] signatures, long[] rows, List<Match> best) {

    /** {@code part, file, signatures, rows, best}; task results go through Kryo. */
    public static final class KryoSerializer extends Serializer<WrittenPart> {
        private final Match.KryoSerializer matches = new Match.KryoSerializer();

        public KryoSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, WrittenPart part) {
            output.writeInt(part.part, true);
            output.writeString(part.file);
            output.writeInt(part.signatures.length, true);
            output.writeInts(part.signatures, true);
            output.writeLongs(part.rows, true);
            output.writeInt(part.best.size(), true);
            for (Match match : part.best) {
                matches.write(kryo, output, match);
            }
        }

        @Override
        public WrittenPart read(Kryo kryo, Input input, Class<WrittenPart> type) {
            int part = input.readInt(true);
            String file = input.readString();
            int signatures = input.readInt(true);
            int[] indexes = input.readInts(signatures, true);
            long[] rows = input.readLongs(signatures, true);
            int best = input.readInt(true);
            List<Match> kept = new ArrayList<>(best);
            for (int i = 0; i < best; i++) {
                kept.add(matches.read(kryo, input, Match.class));
            }
            return new WrittenPart(part, file, indexes, rows, kept);
        }
    }
}
