package org.imbrex.jobs.spark;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
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
 * </pre>
 * Example: {@code new ParquetTableFile(TableColumns.of(schema), schema, path, conf)}; see {@link TableFile}.
 */
final class ParquetTableFile implements TableFile {
    /** The footer key under which Spark keeps a file's Spark schema (as JSON). */
    static final String SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata";

    private final TableColumns columns;
    private final ParquetWriter<Object[]> writer;

    ParquetTableFile(TableColumns columns, StructType schema, Path path, Configuration conf) throws IOException {
        this.columns = columns;
        Map<String, String> footer = new HashMap<>();
        footer.put(SPARK_SCHEMA_KEY, schema.json());
        RowWriteSupport support = new RowWriteSupport(columns, messageType(columns), footer);
        this.writer = new Builder(OutputFileSystem.parquetFile(path, conf), support).withConf(conf)
                .withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0).build();
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
        writer.write(row);
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }

    /** Writes a row field by field into Parquet's record consumer. */
    private static final class RowWriteSupport extends WriteSupport<Object[]> {
        private final TableColumns columns;
        private final MessageType type;
        private final Map<String, String> footer;
        private RecordConsumer consumer;
        /** The last string of each column and its UTF-8 form: rows of one task repeat their path and name. */
        private final Object[] lastString;
        private final Binary[] lastBinary;

        RowWriteSupport(TableColumns columns, MessageType type, Map<String, String> footer) {
            this.columns = columns;
            this.type = type;
            this.footer = footer;
            this.lastString = new Object[columns.size()];
            this.lastBinary = new Binary[columns.size()];
        }

        @Override
        public WriteContext init(Configuration configuration) {
            return new WriteContext(type, footer);
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            this.consumer = recordConsumer;
        }

        @Override
        public void write(Object[] row) {
            consumer.startMessage();
            for (int i = 0; i < row.length; i++) {
                consumer.startField(columns.name(i), i);
                switch (columns.kind(i)) {
                    case STRING -> consumer.addBinary(utf8(i, (String) row[i]));
                    case INT -> consumer.addInteger((Integer) row[i]);
                    case LONG -> consumer.addLong((Long) row[i]);
                }
                consumer.endField(columns.name(i), i);
            }
            consumer.endMessage();
        }

        private Binary utf8(int column, String value) {
            if (lastString[column] != value) {
                lastString[column] = value;
                lastBinary[column] = Binary.fromString(value);
            }
            return lastBinary[column];
        }
    }

    private static final class Builder extends ParquetWriter.Builder<Object[], Builder> {
        private final RowWriteSupport support;

        Builder(OutputFile file, RowWriteSupport support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder self() {
            return this;
        }

        @Override
        protected WriteSupport<Object[]> getWriteSupport(Configuration conf) {
            return support;
        }
    }
}
