package org.imbrex.jobs.spark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.apache.spark.sql.types.StructType;

/**
 * A Parquet table file as Spark writes one: snappy pages, format v1, every column {@code required} (the
 * tables have no nulls), strings as UTF-8 {@code binary (STRING)}, and the Spark schema in the footer under
 * Spark's key, so that Spark reads the columns back as non-nullable.
 *
 * <pre>
 *   message spark_schema {            (MatchTable.SCHEMA)
 *     required binary signature (STRING);
 *     required binary path (STRING);
 *     required int64 offset;
 *     required int32 length;
 *     required int32 sad;
 *   }
 *
 *   row → ColumnWriter per column (dictionary, statistics, pages) → ColumnChunkPageWriteStore → row group
 *         the dictionaries take a value repeated from the row before without a lookup (RepeatedValueDictionaries)
 * </pre>
 * A row's values go straight to Parquet's column writers, as its record writer would pass them after walking
 * the schema for each field (a tenth of a motion table's writing, and C2's largest compile in a short job);
 * every 10,000 rows the buffered size is checked against the row group size, and a full group is flushed
 * through {@link ParquetFileWriter}. A page holds at most the configuration's {@code
 * parquet.page.row.count.limit} rows (Parquet's key; 20,000 unless set, as in Spark's own writer). A row of a
 * string and ints ({@link #write(String, int[])}, the motion table's) goes to the writers without a boxed value
 * per column. Example: {@code new ParquetTableFile(TableColumns.of(schema), schema, path, conf)}; see {@link
 * TableFile}.
 */
final class ParquetTableFile implements TableFile {
    /** The footer key under which Spark keeps a file's Spark schema (as JSON). */
    static final String SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata";
    /** Rows between two looks at the buffered size. */
    private static final int ROWS_PER_SIZE_CHECK = 10_000;

    private final TableColumns columns;
    private final long rowGroupBytes;
    private final MessageType type;
    private final Map<String, String> footer = new HashMap<>();
    private final ParquetProperties properties;
    private final ParquetFileWriter file;
    private final CodecFactory codecs;
    private final CompressionCodecFactory.BytesInputCompressor compressor;
    /** The last string of each column and its UTF-8 form: rows of one task repeat their path and name. */
    private final Object[] lastString;
    private final Binary[] lastBinary;
    /** Whether the first column is a string and the others ints, as {@link #write(String, int[])} writes them. */
    private final boolean stringAndInts;
    private ColumnChunkPageWriteStore pages;
    private ColumnWriteStore store;
    private ColumnWriter[] writers;
    private long rows;

    ParquetTableFile(TableColumns columns, StructType schema, Path path, Configuration conf) throws IOException {
        this(columns, schema, path, conf, ParquetWriter.DEFAULT_BLOCK_SIZE);
    }

    /**
     * A file whose row groups end once their buffered pages reach {@code rowGroupBytes} (looked at every
     * {@value #ROWS_PER_SIZE_CHECK} rows).
     */
    ParquetTableFile(TableColumns columns, StructType schema, Path path, Configuration conf, long rowGroupBytes)
            throws IOException {
        this.rowGroupBytes = rowGroupBytes;
        this.columns = columns;
        this.properties = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                .withPageRowCountLimit(conf.getInt(ParquetOutputFormat.PAGE_ROW_COUNT_LIMIT,
                        ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT))
                .withValuesWriterFactory(new RepeatedValueDictionaries()).build();
        this.type = messageType(columns);
        footer.put(SPARK_SCHEMA_KEY, schema.json());
        this.file = new ParquetFileWriter(OutputFileSystem.parquetFile(path, conf), type, ParquetFileWriter.Mode.CREATE,
                rowGroupBytes, ParquetWriter.MAX_PADDING_SIZE_DEFAULT, null, properties);
        file.start();
        this.codecs = new CodecFactory(conf, properties.getPageSizeThreshold());
        this.compressor = codecs.getCompressor(CompressionCodecName.SNAPPY);
        this.lastString = new Object[columns.size()];
        this.lastBinary = new Binary[columns.size()];
        boolean ints = columns.size() > 0 && columns.kind(0) == TableColumns.Kind.STRING;
        for (int i = 1; i < columns.size(); i++) {
            ints &= columns.kind(i) == TableColumns.Kind.INT;
        }
        this.stringAndInts = ints;
        startRowGroup();
    }

    static MessageType messageType(TableColumns columns) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (int i = 0; i < columns.size(); i++) {
            Type column = switch (columns.kind(i)) {
                case STRING -> Types.required(PrimitiveTypeName.BINARY)
                        .as(LogicalTypeAnnotation.stringType()).named(columns.name(i));
                case INT -> Types.required(PrimitiveTypeName.INT32).named(columns.name(i));
                case LONG -> Types.required(PrimitiveTypeName.INT64).named(columns.name(i));
            };
            message.addField(column);
        }
        return message.named("spark_schema");
    }

    @Override
    public void write(Object[] row) throws IOException {
        columns.check(row);
        for (int i = 0; i < row.length; i++) {
            // required and not repeated: repetition and definition level 0
            switch (columns.kind(i)) {
                case STRING -> writers[i].write(utf8(i, (String) row[i]), 0, 0);
                case INT -> writers[i].write((Integer) row[i], 0, 0);
                case LONG -> writers[i].write((Long) row[i], 0, 0);
            }
        }
        endRecord();
    }

    private void endRecord() throws IOException {
        store.endRecord();
        rows++;
        if (rows % ROWS_PER_SIZE_CHECK == 0 && store.getBufferedSize() >= rowGroupBytes) {
            endRowGroup();
            startRowGroup();
        }
    }

    @Override
    public void write(String first, int[] rest) throws IOException {
        if (!stringAndInts) {
            throw new IllegalArgumentException("rows of " + columns.columnNames() + " are not a string and ints");
        }
        columns.check(1 + rest.length);
        writers[0].write(utf8(0, first), 0, 0);
        for (int i = 0; i < rest.length; i++) {
            writers[1 + i].write(rest[i], 0, 0);
        }
        endRecord();
    }

    @Override
    public void close() throws IOException {
        try {
            endRowGroup();
            file.end(footer);
        } finally {
            codecs.release();
        }
    }

    private void startRowGroup() {
        pages = new ColumnChunkPageWriteStore(compressor, type, properties.getAllocator(),
                properties.getColumnIndexTruncateLength(), properties.getPageWriteChecksumEnabled());
        store = properties.newColumnWriteStore(type, pages, pages);
        List<ColumnDescriptor> descriptors = type.getColumns();
        writers = new ColumnWriter[descriptors.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = store.getColumnWriter(descriptors.get(i));
        }
    }

    /** Writes the buffered rows as a row group (none if there are none) and frees the buffers. */
    private void endRowGroup() throws IOException {
        if (rows > 0) {
            file.startBlock(rows);
            store.flush();
            pages.flushToFileWriter(file);
            file.endBlock();
            rows = 0;
        }
        store.close();
        pages.close();
    }

    /**
     * The column's value as UTF-8 bytes, made again only when the string changes. A constant byte-array binary,
     * not {@code Binary.fromString}'s byte-buffer one: the column's statistics compare every row's value with
     * their minimum and maximum byte by byte, which an array does without a buffer's checks per byte.
     */
    private Binary utf8(int column, String value) {
        if (lastString[column] != value) {
            lastString[column] = value;
            lastBinary[column] = Binary.fromConstantByteArray(value.getBytes(StandardCharsets.UTF_8));
        }
        return lastBinary[column];
    }
}
