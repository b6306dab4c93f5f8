package org.imbrex.jobs.motion;

import org.imbrex.jobs.cli.OptionChoice;
import org.imbrex.jobs.spark.TableFormat;

/**
 * How the motion table is written: as a table (Parquet, CSV with a header row, JSON lines), or as one
 * {@code motion.csv} in the columns FFmpeg's {@code doc/examples/extract_mvs.c} prints, to diff against
 * {@code ffmpeg -vf mestimate}.
 *
 * <p>Example: {@code MotionFormat.parse("ffmpeg-csv")} is {@link #FFMPEG_CSV}; {@code parse("csv").table()} is
 * {@link TableFormat#CSV}.
 */
public enum MotionFormat {
    PARQUET,
    CSV,
    JSON,
    FFMPEG_CSV;

    /** The file {@link #FFMPEG_CSV} writes inside the output directory. */
    public static final String FFMPEG_CSV_FILE = "motion.csv";

    /** The Spark table format, or null for {@link #FFMPEG_CSV}. */
    public TableFormat table() {
        return this == FFMPEG_CSV ? null : TableFormat.valueOf(name());
    }

    /** The name as the option spells it, e.g. {@code ffmpeg-csv}. */
    public String optionName() {
        return OptionChoice.spelling(this);
    }

    public static MotionFormat parse(String text) {
        return OptionChoice.parse("--format", text, MotionFormat.class);
    }
}
