package org.imbrex.jobs.motion;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.motion.FfmpegMvCsv;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.jobs.spark.OutputFileSystem;
import org.imbrex.jobs.spark.TableFile;

/**
 * One task's part of the motion table, written row by row as the vectors come: a {@link TableFile}
 * (Parquet, CSV, JSON lines), or for {@code --format ffmpeg-csv} a fragment of {@code motion.csv} in
 * FFmpeg's row format without the header, which the driver joins in part order ({@link FfmpegCsvFile}).
 *
 * <pre>
 *   parquet/csv/json   part-00003-JOB-c000.snappy.parquet   rows (path, frame, block_x, block_y, dx, dy, sad)
 *   ffmpeg-csv         part-00003-JOB.csv                   rows "2,-1,16,16,   5,   8,   8,   8,0x0"
 * </pre>
 * Example: {@code try (MotionPartFile out = MotionPartFile.create(MotionFormat.CSV, 16, path, conf)) {
 * out.write("file:/a.y4m", 1, vector); }}.
 */
abstract class MotionPartFile implements Closeable {

    /** The file name of part {@code part}: Spark's names for tables, {@code part-00003-JOB.csv} for fragments. */
    static String fileName(int part, String job, MotionFormat format) {
        return format == MotionFormat.FFMPEG_CSV ? String.format("part-%05d-%s.csv", part, job)
                : TableFile.partName(part, job, format.table());
    }

    static MotionPartFile create(MotionFormat format, int block, Path path, Configuration conf) throws IOException {
        if (format == MotionFormat.FFMPEG_CSV) {
            return new Fragment(block, path, conf);
        }
        TableFile file = TableFile.create(format.table(), MotionTable.SCHEMA, path, conf);
        return new MotionPartFile() {
            private final int[] ints = new int[MotionTable.SCHEMA.size() - 1];

            @Override
            void write(String path, int frame, MotionVector v) throws IOException {
                ints[0] = frame;
                ints[1] = v.blockX();
                ints[2] = v.blockY();
                ints[3] = v.dx();
                ints[4] = v.dy();
                ints[5] = v.sad();
                file.write(path, ints);
            }

            @Override
            public void close() throws IOException {
                file.close();
            }
        };
    }

    /** Appends the row of vector {@code v} of frame {@code frame} of {@code path}. */
    abstract void write(String path, int frame, MotionVector v) throws IOException;

    /** FFmpeg's rows, no header. */
    private static final class Fragment extends MotionPartFile {
        private final int block;
        private final Writer out;

        Fragment(int block, Path path, Configuration conf) throws IOException {
            this.block = block;
            this.out = new BufferedWriter(new OutputStreamWriter(OutputFileSystem.of(path, conf).create(path, false),
                    StandardCharsets.US_ASCII), 1 << 16);
        }

        @Override
        void write(String path, int frame, MotionVector v) throws IOException {
            out.append(FfmpegMvCsv.row(frame, block, v)).append('\n');
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
