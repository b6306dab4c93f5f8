package org.imbrex.jobs.spark;

import com.univocity.parsers.csv.CsvWriter;
import com.univocity.parsers.csv.CsvWriterSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * A CSV table file written with the parser library and the settings of Spark's CSV writer: a header row of
 * the column names, {@code ,} between values, {@code "} around a value that holds one of {@code , " \n}
 * with {@code \"} inside, {@code \n} after every row, UTF-8. One difference: values are written as they are,
 * where Spark's writer trims leading and trailing spaces (a path may end in a space).
 *
 * <pre>
 *   signature,path,offset,length,sad
 *   mz,file:/data/a.bin,0,4,0
 *   mz,"file:/data/x,y.bin",64,4,0
 * </pre>
 * Example: see {@link TableFile}.
 */
final class CsvTableFile implements TableFile {
    private final TableColumns columns;
    private final CsvWriter writer;

    CsvTableFile(TableColumns columns, OutputStream out) {
        this.columns = columns;
        CsvWriterSettings settings = new CsvWriterSettings();
        settings.getFormat().setDelimiter(',');
        settings.getFormat().setQuote('"');
        settings.getFormat().setQuoteEscape('\\');
        settings.getFormat().setLineSeparator("\n");
        settings.getFormat().setComment('\0');
        settings.setIgnoreLeadingWhitespaces(false);
        settings.setIgnoreTrailingWhitespaces(false);
        settings.setNullValue("");
        settings.setEmptyValue("\"\"");
        settings.setSkipEmptyLines(true);
        settings.setQuoteAllFields(false);
        settings.setQuoteEscapingEnabled(true);
        this.writer = new CsvWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), settings);
        writer.writeHeaders(columns.names());
    }

    @Override
    public void write(Object[] row) {
        columns.check(row);
        writer.writeRow(row);
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }
}
