package org.imbrex.io.video;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FSDataInputStream;
import org.imbrex.io.testing.Allocation;
import org.imbrex.io.testing.OneLine;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the YUV4MPEG2 header, frame reader and frame index with any bytes as a stream. The contract:
 *
 * <pre>
 *   reader   every frame to the end (a truncated last frame is a warning), or a Y4mFormatException whose
 *            message is one line naming the source; frames of W·H luma bytes, never more luma in all than
 *            the stream holds
 *   index    exactly what the reader sees: the same frame count, truncation and warnings, the same luma
 *            when each frame is read back by its offset, or the same Y4mFormatException message
 *   both     at most 4 MiB + 64 bytes per byte of the stream allocated, whatever the header's W and H say
 * </pre>
 * and nothing else thrown. Example: {@code "YUV4MPEG2 W2 H2 Cmono\nFRAME\nabcdFRAME\nab"} gives one frame
 * and the warning {@code fuzz.y4m: frame 1 is truncated (2 of 4 bytes); using the 1 complete frame before
 * it} from both. Seeds and findings: {@code Y4mStreamFuzzTestInputs/readAndIndex/} in the test resources.
 */
class Y4mStreamFuzzTest {
    private static final String SOURCE = "fuzz.y4m";

    /** What one of the two saw: frames and warnings, or the message of the failure. */
    private record Seen(List<LumaFrame> frames, boolean truncated, List<String> warnings, String failure) {
    }

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void readAndIndex(byte[] stream) throws IOException {
        Seen read = Allocation.atMost(4 << 20, 64, stream.length, "reading the stream", () -> read(stream));
        Seen indexed = index(stream, read);

        assertThat(indexed.failure()).as("the index's failure against the reader's").isEqualTo(read.failure());
        if (read.failure() != null) {
            OneLine.check(read.failure());
            assertThat(read.failure()).startsWith(SOURCE + ": ");
            return;
        }
        assertThat(indexed.frames()).hasSameSizeAs(read.frames());
        assertThat(indexed.truncated()).isEqualTo(read.truncated());
        assertThat(indexed.warnings()).isEqualTo(read.warnings());
        read.warnings().forEach(OneLine::check);
        long luma = 0;
        for (LumaFrame frame : read.frames()) {
            luma += frame.luma().length;
        }
        assertThat(luma).isLessThanOrEqualTo(stream.length);
    }

    private static Seen read(byte[] stream) throws IOException {
        List<String> warnings = new ArrayList<>();
        List<LumaFrame> frames = new ArrayList<>();
        try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(stream), SOURCE, warnings::add)) {
            Y4mHeader header = reader.header();
            for (LumaFrame frame = reader.readFrame(); frame != null; frame = reader.readFrame()) {
                assertThat(frame.index()).isEqualTo(frames.size());
                assertThat(frame.width()).isEqualTo(header.width());
                assertThat(frame.height()).isEqualTo(header.height());
                frames.add(frame);
            }
            assertThat(reader.framesRead()).isEqualTo(frames.size());
            return new Seen(frames, reader.truncated(), warnings, null);
        } catch (Y4mFormatException refused) {
            return new Seen(frames, false, warnings, refused.getMessage());
        }
    }

    /** Indexes the stream and reads every indexed frame back by its offset, against {@code read}'s frames. */
    private static Seen index(byte[] stream, Seen read) throws IOException {
        List<String> warnings = new ArrayList<>();
        Y4mFrameIndex index;
        try {
            index = Allocation.atMost(4 << 20, 64, stream.length, "indexing the stream", () -> {
                warnings.clear();
                try (FSDataInputStream in = SeekableBytes.open(stream)) {
                    return Y4mFrameIndex.read(in, SOURCE, stream.length, warnings::add);
                }
            });
        } catch (Y4mFormatException refused) {
            return new Seen(List.of(), false, warnings, refused.getMessage());
        }
        List<LumaFrame> frames = new ArrayList<>();
        Y4mHeader header = index.header();
        try (FSDataInputStream in = SeekableBytes.open(stream)) {
            for (int f = 0; f < index.frames() && f < read.frames().size(); f++) {
                LumaFrame frame = Y4mFrameIndex.readRows(in, index.lumaOffset(f), f, header.width(), header.height(),
                        0, header.height());
                assertThat(frame.luma()).as("luma of frame %d", f).isEqualTo(read.frames().get(f).luma());
                frames.add(frame);
            }
        }
        for (int f = frames.size(); f < index.frames(); f++) {
            frames.add(null);
        }
        return new Seen(frames, index.truncated(), warnings, null);
    }
}
