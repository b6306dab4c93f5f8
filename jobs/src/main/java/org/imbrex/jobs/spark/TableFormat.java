package org.imbrex.jobs.spark;

import java.util.Locale;
import org.imbrex.jobs.cli.OptionChoice;

/**
 * How a match table is written: Parquet (the default, for notebooks and Spark), CSV with a header row of
 * the column names, or JSON lines.
 *
 * <p>Example: {@code TableFormat.parse("csv").sparkFormat()} is {@code "csv"}.
 */
public enum TableFormat {
    PARQUET,
    CSV,
    JSON;

    /** The Spark data source name. */
    public String sparkFormat() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static TableFormat parse(String text) {
        return OptionChoice.parse("--format", text, TableFormat.class);
    }
}
