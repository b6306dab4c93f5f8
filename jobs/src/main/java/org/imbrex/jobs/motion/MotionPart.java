package org.imbrex.jobs.motion;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * What a motion task reports to the driver: the part file it wrote (below the staging directory's {@code
 * _temporary}, or null when it had no rows), per input file the blocks and moving blocks in it, the PNGs it
 * drew, and the nanoseconds it ran, searched and wrote rows. The driver moves exactly the reported
 * files into the table, so a retried attempt's file is never kept twice.
 *
 * <p>Example: {@code new MotionPart(2, ".../attempt-9/part-00002-J-c000.snappy.parquet", new String[]
 * {"file:/a.y4m"}, new long[] {28800}, new long[] {28650}, 0, 2_000_000_000L, 1_900_000_000L, 40_000_000L)}.
 */
public record MotionPart(int part, String file, String[] paths, long[] blocks, long[] moving, long rendered,
        long taskNanos, long searchNanos, long writeNanos) {

    /** Field by field: task results go through Kryo. */
    public static final class KryoSerializer extends Serializer<MotionPart> {
        public KryoSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, MotionPart part) {
            output.writeInt(part.part, true);
            output.writeString(part.file);
            output.writeInt(part.paths.length, true);
            for (String path : part.paths) {
                output.writeString(path);
            }
            output.writeLongs(part.blocks, true);
            output.writeLongs(part.moving, true);
            output.writeLong(part.rendered, true);
            output.writeLong(part.taskNanos, true);
            output.writeLong(part.searchNanos, true);
            output.writeLong(part.writeNanos, true);
        }

        @Override
        public MotionPart read(Kryo kryo, Input input, Class<MotionPart> type) {
            int part = input.readInt(true);
            String file = input.readString();
            String[] paths = new String[input.readInt(true)];
            for (int i = 0; i < paths.length; i++) {
                paths[i] = input.readString();
            }
            long[] blocks = input.readLongs(paths.length, true);
            long[] moving = input.readLongs(paths.length, true);
            return new MotionPart(part, file, paths, blocks, moving, input.readLong(true), input.readLong(true),
                    input.readLong(true), input.readLong(true));
        }
    }
}
