package org.imbrex.jobs.spark;

import com.univocity.parsers.csv.CsvWriter;
import com.univocity.parsers.csv.CsvWriterSettings;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

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
 * The library formats each string value; a column keeps the bytes of the fields of the strings it has seen
 * (by identity, up to {@value #KNOWN_FIELDS} of them), so that rows repeating the same {@code String} objects
 * (a file's path, the signatures of the rules that match it) cost a copy of those bytes and the digits of the
 * numbers. Example: see {@link TableFile}.
 */
final class CsvTableFile implements TableFile {
    /** What the library writes after a string value in the rows {@link #field} formats: {@code ,x\n}. */
    private static final String FIELD_END = ",x\n";
    /** The most strings a column keeps the fields of; it forgets them all when one more comes. */
    static final int KNOWN_FIELDS = 4096;

    /** Bytes held before they go to the file. */
    private static final int BUFFER_BYTES = 1 << 16;

    private final TableColumns columns;
    private final OutputStream out;
    /**
     * The row bytes not yet written to {@code out}: a buffer of the writer's own, since {@code
     * BufferedOutputStream} takes a lock in each of the ten or so writes of a row (700,000 rows of a rule search's
     * strings table: a tenth of the table's time).
     */
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int buffered;
    private boolean closed;
    private final CharArrayWriter text = new CharArrayWriter();
    private final CsvWriter fields;
    private final List<Map<String, byte[]>> knownFields = new ArrayList<>();
    private final byte[] digits = new byte[20];

    CsvTableFile(TableColumns columns, OutputStream out) throws IOException {
        this.columns = columns;
        this.out = out;
        this.fields = new CsvWriter(text, settings());
        for (int i = 0; i < columns.size(); i++) {
            knownFields.add(new IdentityHashMap<>());
        }
        text.reset();
        fields.writeRow((Object[]) columns.names());
        fields.flush();
        put(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The library's settings for Spark's CSV format, values kept as they are. */
    static CsvWriterSettings settings() {
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
        return settings;
    }

    @Override
    public void write(Object[] row) throws IOException {
        columns.check(row);
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                put((byte) ',');
            }
            Object value = row[i];
            if (value instanceof Long || value instanceof Integer) {
                writeDecimal(((Number) value).longValue());
                continue;
            }
            if (value == null) {
                continue; // as the library writes null: nothing (columns are never null; see TableFile)
            }
            String string = value.toString();
            Map<String, byte[]> known = knownFields.get(i);
            byte[] field = known.get(string);
            if (field == null) {
                if (known.size() == KNOWN_FIELDS) {
                    known.clear();
                }
                field = field(string);
                known.put(string, field);
            }
            put(field);
        }
        put((byte) '\n');
    }

    /** {@code value} as the library writes it in a row: quoted and escaped where it must be, in UTF-8. */
    private byte[] field(String value) {
        text.reset();
        fields.writeRow(value, "x");
        fields.flush();
        String line = text.toString();
        if (!line.endsWith(FIELD_END)) {
            throw new IllegalStateException("the CSV library wrote " + line + " for a value and x");
        }
        return line.substring(0, line.length() - FIELD_END.length()).getBytes(StandardCharsets.UTF_8);
    }

    /** The decimal digits of {@code value}, as {@code Long.toString} gives them. */
    private void writeDecimal(long value) throws IOException {
        if (value == Long.MIN_VALUE) {
            put(Long.toString(value).getBytes(StandardCharsets.US_ASCII));
            return;
        }
        if (value < 0) {
            put((byte) '-');
            value = -value;
        }
        int at = digits.length;
        if (value <= Integer.MAX_VALUE) {
            // int division: a multiply where the JIT compiles it, not the runtime call a long division can be
            int small = (int) value;
            do {
                digits[--at] = (byte) ('0' + small % 10);
                small /= 10;
            } while (small != 0);
            put(digits, at, digits.length - at);
            return;
        }
        do {
            digits[--at] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value != 0);
        put(digits, at, digits.length - at);
    }

    private void put(byte b) throws IOException {
        if (buffered == buffer.length) {
            flushBuffer();
        }
        buffer[buffered++] = b;
    }

    private void put(byte[] bytes) throws IOException {
        put(bytes, 0, bytes.length);
    }

    private void put(byte[] bytes, int from, int length) throws IOException {
        if (length > buffer.length - buffered) {
            flushBuffer();
            if (length > buffer.length) {
                out.write(bytes, from, length);
                return;
            }
        }
        System.arraycopy(bytes, from, buffer, buffered, length);
        buffered += length;
    }

    private void flushBuffer() throws IOException {
        out.write(buffer, 0, buffered);
        buffered = 0;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (OutputStream file = out) {
            flushBuffer();
        }
    }
}
