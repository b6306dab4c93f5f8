package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IOUtils;
import org.imbrex.io.motion.FfmpegMvCsv;

/**
 * {@code --format ffmpeg-csv}: the motion table of one file as a single {@code motion.csv} in the columns
 * and row format of FFmpeg's {@code extract_mvs} ({@link FfmpegMvCsv}), with its header row.
 *
 * <pre>
 *   framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags
 *   2,-1,16,16,   5,   8,   8,   8,0x0          frame 1's block (0, 0) came from (−3, 0)
 * </pre>
 * The tasks write their rows in FFmpeg's format to fragments, each already in table order; the driver
 * writes the header and appends the fragments in part order, a byte copy, then drops them. Example: {@code
 * FfmpegCsvFile.join(fragments, staging, conf)} writes {@code staging/motion.csv}.
 */
final class FfmpegCsvFile {
    private FfmpegCsvFile() {
    }

    /** Writes {@code directory}/motion.csv from the fragments (in part order) and deletes them. */
    static void join(List<String> fragments, String directory, Configuration conf) {
        Path file = new Path(directory, MotionFormat.FFMPEG_CSV_FILE);
        try (OutputStream out = SingleFiles.create(file, conf)) {
            out.write((FfmpegMvCsv.HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
            for (String fragment : fragments) {
                Path part = new Path(fragment);
                FileSystem fs = part.getFileSystem(conf);
                try (InputStream in = fs.open(part)) {
                    IOUtils.copyBytes(in, out, 1 << 16, false);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
