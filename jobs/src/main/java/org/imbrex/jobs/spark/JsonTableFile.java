package org.imbrex.jobs.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * A JSON lines table file as Spark's JSON writer makes one: an object per row with the columns in schema
 * order, one row per line, UTF-8, written with the JSON library Spark uses.
 *
 * <pre>
 *   {"signature":"mz","path":"file:/data/a.bin","offset":0,"length":4,"sad":0}
 * </pre>
 * Example: see {@link TableFile}.
 */
final class JsonTableFile implements TableFile {
    private final TableColumns columns;
    private final JsonGenerator json;

    JsonTableFile(TableColumns columns, OutputStream out) throws IOException {
        this.columns = columns;
        // Through a writer, as Spark's JSON writer does: characters outside the BMP stay UTF-8, not escapes.
        this.json = new JsonFactory().createGenerator(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        json.setRootValueSeparator(null);
    }

    @Override
    public void write(Object[] row) throws IOException {
        columns.check(row);
        json.writeStartObject();
        for (int i = 0; i < row.length; i++) {
            json.writeFieldName(columns.name(i));
            switch (columns.kind(i)) {
                case STRING -> json.writeString((String) row[i]);
                case INT -> json.writeNumber((Integer) row[i]);
                case LONG -> json.writeNumber((Long) row[i]);
            }
        }
        json.writeEndObject();
        json.writeRaw('\n');
    }

    @Override
    public void close() throws IOException {
        json.close(); // and the stream under it
    }
}
