package org.imbrex.jobs.search;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * What a scan task of a rule search gives back ({@link ScanAndEvaluate}): either the part files of the whole
 * files it evaluated itself ({@code written}), or the atoms it found in a file it holds only part of
 * ({@code path}, {@code hits} as {@code atom << 32 | offset}), which are evaluated once all of that file's
 * parts are scanned.
 *
 * <p>Example: {@code RuleScanOutput.of(written)} and {@code RuleScanOutput.of("file:/big.bin", new long[]
 * {3L << 32 | 4096})}.
 */
public record RuleScanOutput(WrittenRules written, String path, long[] hits) {

    static RuleScanOutput of(WrittenRules written) {
        return new RuleScanOutput(written, null, null);
    }

    static RuleScanOutput of(String path, long[] hits) {
        return new RuleScanOutput(null, path, hits);
    }

    boolean isWritten() {
        return written != null;
    }

    /** Task results and persisted partitions go through Kryo. */
    public static final class KryoSerializer extends Serializer<RuleScanOutput> {
        public KryoSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, RuleScanOutput out) {
            output.writeBoolean(out.isWritten());
            if (out.isWritten()) {
                kryo.writeObject(output, out.written);
            } else {
                output.writeString(out.path);
                output.writeInt(out.hits.length, true);
                output.writeLongs(out.hits, false);
            }
        }

        @Override
        public RuleScanOutput read(Kryo kryo, Input input, Class<RuleScanOutput> type) {
            if (input.readBoolean()) {
                return of(kryo.readObject(input, WrittenRules.class));
            }
            String path = input.readString();
            int count = input.readInt(true);
            return of(path, input.readLongs(count, false));
        }
    }
}
