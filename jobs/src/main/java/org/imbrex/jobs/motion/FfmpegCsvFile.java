package org.imbrex.jobs.motion;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.imbrex.io.motion.FfmpegMvCsv;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * {@code --format ffmpeg-csv}: the motion table of one file as a single {@code motion.csv} in the columns
 * and row format of FFmpeg's {@code extract_mvs} ({@link FfmpegMvCsv}), with its header row.
 *
 * <pre>
 *   framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags
 *   2,-1,16,16,   5,   8,   8,   8,0x0          frame 1's block (0, 0) came from (−3, 0)
 * </pre>
 * The table is small next to the video, so it goes to one partition, is sorted there (path, frame,
 * block_y, block_x) and that one task writes the file into the staging directory. Example: {@code
 * FfmpegCsvFile.write(table, 16, staging, hadoop)} returns the number of rows written.
 */
final class FfmpegCsvFile implements FlatMapFunction<Iterator<Row>, Long> {
    private static final long serialVersionUID = 1L;

    private final int block;
    private final String directory;
    private final HadoopConf hadoop;

    private FfmpegCsvFile(int block, String directory, HadoopConf hadoop) {
        this.block = block;
        this.directory = directory;
        this.hadoop = hadoop;
    }

    /** Writes {@code table} to {@code directory}/motion.csv. */
    static long write(Dataset<Row> table, int block, String directory, HadoopConf hadoop) {
        List<Long> written = table.repartition(1).sortWithinPartitions(MotionTable.order()).javaRDD()
                .mapPartitions(new FfmpegCsvFile(block, directory, hadoop)).collect();
        if (written.isEmpty()) {
            // no row and no partition: the file still gets its header
            return new FfmpegCsvFile(block, directory, hadoop).call(List.<Row>of().iterator()).next();
        }
        return written.stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public Iterator<Long> call(Iterator<Row> rows) {
        Configuration conf = hadoop.toConfiguration();
        Path file = new Path(directory, MotionFormat.FFMPEG_CSV_FILE);
        long count = 0;
        try (Writer out = new BufferedWriter(new OutputStreamWriter(SingleFiles.create(file, conf),
                StandardCharsets.US_ASCII), 1 << 16)) {
            out.append(FfmpegMvCsv.HEADER).append('\n');
            while (rows.hasNext()) {
                Row row = rows.next();
                out.append(FfmpegMvCsv.row(row.getInt(1), block, MotionTable.vector(row))).append('\n');
                count++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return List.of(count).iterator();
    }
}
