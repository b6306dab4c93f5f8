package org.imbrex.jobs.spark;

import java.util.Arrays;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.IntList;
import org.apache.parquet.column.values.factory.DefaultValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Parquet's format-v1 value writers, with dictionaries that remember the last value they were given: a value
 * repeated from the row before takes its dictionary id again without a lookup (a string: the same {@link
 * Binary} object, whose bytes are then not hashed again). A table part repeats much from row to row (a motion
 * part: the path on every row, the frame on 3,600 rows of a 720p frame, the block row on 80, the vector of
 * a moving background); the pages, the dictionaries and the encodings are the bytes Parquet writes without it.
 * <pre>
 *   frame column   7    7    7    8   ...        path column   "file:/a.y4m"  same object  same object
 *   dictionary     look 7 up → id 0 (new)                     hash → id 0    last id      last id
 *                       last id, last id
 *                                 look 8 up → id 1
 *   data page      0 0 0 1 ...  (RLE/bit-packed ids, dictionary page 7 8 ..., as Parquet writes them)
 * </pre>
 * A string is taken as its last value only as the same object, so a {@code Binary} whose bytes are reused
 * ({@code fromReusedByteArray}) must not be passed twice. Example: {@code
 * ParquetProperties.builder().withValuesWriterFactory(new RepeatedValueDictionaries()).build()}.
 */
final class RepeatedValueDictionaries implements ValuesWriterFactory {
    private final DefaultValuesWriterFactory defaults = new DefaultValuesWriterFactory();
    private ParquetProperties properties;

    @Override
    public void initialize(ParquetProperties properties) {
        if (properties.getWriterVersion() != ParquetProperties.WriterVersion.PARQUET_1_0) {
            throw new IllegalArgumentException("RepeatedValueDictionaries writes Parquet format v1 pages, not "
                    + properties.getWriterVersion());
        }
        this.properties = properties;
        defaults.initialize(properties);
    }

    @Override
    public ValuesWriter newValuesWriter(ColumnDescriptor column) {
        PrimitiveTypeName type = column.getPrimitiveType().getPrimitiveTypeName();
        if (!properties.isDictionaryEnabled(column) || properties.isByteStreamSplitEnabled(column)
                || (type != PrimitiveTypeName.BINARY && type != PrimitiveTypeName.INT32)) {
            return defaults.newValuesWriter(column);
        }
        // as DefaultV1ValuesWriterFactory builds the writer of such a column, with the remembering dictionary
        int limit = properties.getDictionaryPageSizeThreshold();
        ByteBufferAllocator allocator = properties.getAllocator();
        DictionaryValuesWriter dictionary = type == PrimitiveTypeName.BINARY
                ? new Strings(limit, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, allocator)
                : new Ints(limit, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, allocator);
        return FallbackValuesWriter.of(dictionary, new PlainValuesWriter(properties.getInitialSlabSize(),
                properties.getPageSizeThreshold(), allocator));
    }

    /** Parquet's plain binary dictionary writer, with the last value and its id kept. */
    static final class Strings extends DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter {
        private Binary last;
        private int lastId;

        Strings(int maxDictionaryByteSize, Encoding dataPage, Encoding dictionaryPage, ByteBufferAllocator allocator) {
            super(maxDictionaryByteSize, dataPage, dictionaryPage, allocator);
        }

        @Override
        public void writeBytes(Binary value) {
            if (value != last) {
                int id = binaryDictionaryContent.getInt(value);
                if (id == -1) {
                    id = binaryDictionaryContent.size();
                    binaryDictionaryContent.put(value.copy(), id);
                    // length as int (4 bytes) + the bytes, as Parquet counts a dictionary entry
                    dictionaryByteSize += 4L + value.length();
                }
                last = value;
                lastId = id;
            }
            encodedValues.add(lastId);
        }

        @Override
        protected void clearDictionaryContent() {
            super.clearDictionaryContent();
            last = null;
        }
    }

    /**
     * A plain int dictionary writer (Parquet's {@code PlainIntegerDictionaryValuesWriter}: ids in the order the
     * values first came, the dictionary page their plain encoding in that order), with the last value and its
     * id kept. The ids are found in an open-addressing table:
     * <pre>
     *   values   [7, 8, -3]          the dictionary: values[id]
     *   slots    [0, 2, 0, 3, 1, ..] id + 1 at a value's hash (0: free), linear probing, at most half full
     * </pre>
     */
    static final class Ints extends DictionaryValuesWriter {
        private int[] values = new int[64];
        private int[] slots = new int[128];
        private int size;
        private int last;
        private int lastId = -1;

        Ints(int maxDictionaryByteSize, Encoding dataPage, Encoding dictionaryPage, ByteBufferAllocator allocator) {
            super(maxDictionaryByteSize, dataPage, dictionaryPage, allocator);
        }

        @Override
        public void writeInteger(int value) {
            // value != last || lastId < 0 as one branch: a new writer's first value equal to the initial last (0)
            // is the only time lastId < 0 decides, and C2, which had never seen it, compiled a trap there that
            // threw the compiled row writer away at a row group's first 0 (a motion table's block_x, dx, dy)
            if (((value ^ last) | (lastId >> 31)) != 0) {
                lastId = idOf(value);
                last = value;
            }
            encodedValues.add(lastId);
        }

        private int idOf(int value) {
            int mask = slots.length - 1;
            for (int slot = hash(value) & mask; ; slot = (slot + 1) & mask) {
                int id = slots[slot] - 1;
                if (id < 0) {
                    return add(value, slot);
                }
                if (values[id] == value) {
                    return id;
                }
            }
        }

        private int add(int value, int slot) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            int id = size++;
            values[id] = value;
            slots[slot] = id + 1;
            dictionaryByteSize += 4;
            if (2 * size > slots.length) {
                rehash(2 * slots.length);
            }
            return id;
        }

        private void rehash(int length) {
            slots = new int[length];
            int mask = length - 1;
            for (int id = 0; id < size; id++) {
                int slot = hash(values[id]) & mask;
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = id + 1;
            }
        }

        private static int hash(int value) {
            int h = value * 0x9E3779B9;
            return h ^ (h >>> 16);
        }

        @Override
        public DictionaryPage toDictPageAndClose() {
            if (lastUsedDictionarySize == 0) {
                return null;
            }
            // only the part of the dictionary the pages written so far use
            PlainValuesWriter page = new PlainValuesWriter(lastUsedDictionaryByteSize, maxDictionaryByteSize,
                    allocator);
            for (int id = 0; id < lastUsedDictionarySize; id++) {
                page.writeInteger(values[id]);
            }
            return dictPage(page);
        }

        @Override
        public int getDictionarySize() {
            return size;
        }

        @Override
        protected void clearDictionaryContent() {
            size = 0;
            Arrays.fill(slots, 0);
            lastId = -1;
        }

        @Override
        public void fallBackDictionaryEncodedData(ValuesWriter writer) {
            IntList.IntIterator ids = encodedValues.iterator();
            while (ids.hasNext()) {
                writer.writeInteger(values[ids.next()]);
            }
        }
    }
}
