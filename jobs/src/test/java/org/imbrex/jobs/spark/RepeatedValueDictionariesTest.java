package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * The remembering dictionaries write the bytes Parquet's own dictionary writers write (the oracle), page by
 * page, for values that repeat in runs, come back after others and fill the dictionary past its size limit
 * (so that the writers fall back to plain encoding); strings repeated as the same object and as equal copies.
 */
class RepeatedValueDictionariesTest {
    private static final HeapByteBufferAllocator HEAP = new HeapByteBufferAllocator();

    @Property(tries = 150)
    void ints_writeThePagesParquetsIntDictionaryWrites(@ForAll long seed,
            @ForAll @IntRange(min = 64, max = 2048) int maxDictionaryBytes,
            @ForAll @IntRange(min = 1, max = 700) int pageValues) {
        Random random = new Random(seed);
        int[] values = runs(random, 1 + random.nextInt(3000), () -> switch (random.nextInt(4)) {
            case 0 -> random.nextInt(16) - 8;
            case 1 -> random.nextInt(5000);
            case 2 -> random.nextBoolean() ? Integer.MIN_VALUE + random.nextInt(3)
                    : Integer.MAX_VALUE - random.nextInt(3);
            default -> random.nextInt();
        });
        List<Object> ours = pages(new RepeatedValueDictionaries.Ints(maxDictionaryBytes, Encoding.PLAIN_DICTIONARY,
                Encoding.PLAIN_DICTIONARY, HEAP), values.length, pageValues, (w, i) -> w.writeInteger(values[i]));
        List<Object> parquets = pages(new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(
                maxDictionaryBytes, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP), values.length,
                pageValues, (w, i) -> w.writeInteger(values[i]));

        assertThat(ours).containsExactlyElementsOf(parquets);
    }

    @Property(tries = 150)
    void strings_writeThePagesParquetsBinaryDictionaryWrites(@ForAll long seed,
            @ForAll @IntRange(min = 64, max = 2048) int maxDictionaryBytes,
            @ForAll @IntRange(min = 1, max = 700) int pageValues) {
        Random random = new Random(seed);
        String[] words = {"", "file:/a.y4m", "file:/b.y4m", "hdfs://nn/dümps/😀.bin", "x", "file:/a.y4n"};
        int[] picks = runs(random, 1 + random.nextInt(3000), () -> random.nextInt(words.length + 40));
        // a repeated value is the same Binary object, or now and then an equal copy
        Binary[] binaries = new Binary[picks.length];
        for (int i = 0; i < picks.length; i++) {
            boolean repeat = i > 0 && picks[i] == picks[i - 1] && random.nextInt(8) != 0;
            binaries[i] = repeat ? binaries[i - 1] : Binary.fromString(
                    picks[i] < words.length ? words[picks[i]] : "path-" + picks[i]);
        }
        List<Object> ours = pages(new RepeatedValueDictionaries.Strings(maxDictionaryBytes,
                Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP), binaries.length, pageValues,
                (w, i) -> w.writeBytes(binaries[i]));
        List<Object> parquets = pages(new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(
                maxDictionaryBytes, Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP), binaries.length,
                pageValues, (w, i) -> w.writeBytes(binaries[i]));

        assertThat(ours).containsExactlyElementsOf(parquets);
    }

    @Test
    void ints_manyDistinctValues_growTheTableAndKeepTheirIds() {
        int[] values = new int[40_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 37 % 2_000) * 131 - 400_000;
        }
        List<Object> ours = pages(new RepeatedValueDictionaries.Ints(1 << 20, Encoding.PLAIN_DICTIONARY,
                Encoding.PLAIN_DICTIONARY, HEAP), values.length, 8_192, (w, i) -> w.writeInteger(values[i]));
        List<Object> parquets = pages(new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(1 << 20,
                Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY, HEAP), values.length, 8_192,
                (w, i) -> w.writeInteger(values[i]));

        assertThat(ours).containsExactlyElementsOf(parquets);
        assertThat(ours).as("dictionary-encoded pages").contains("PLAIN_DICTIONARY");
    }

    @Test
    void factory_givesRememberingDictionariesToStringAndIntColumnsOnly() {
        MessageType type = Types.buildMessage()
                .required(PrimitiveTypeName.BINARY).named("path")
                .required(PrimitiveTypeName.INT32).named("frame")
                .required(PrimitiveTypeName.INT64).named("offset")
                .named("t");
        ParquetProperties properties = ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
                .withValuesWriterFactory(new RepeatedValueDictionaries()).build();
        List<ColumnDescriptor> columns = type.getColumns();

        assertThat(properties.newValuesWriter(columns.get(0))).extracting(RepeatedValueDictionariesTest::initial)
                .isInstanceOf(RepeatedValueDictionaries.Strings.class);
        assertThat(properties.newValuesWriter(columns.get(1))).extracting(RepeatedValueDictionariesTest::initial)
                .isInstanceOf(RepeatedValueDictionaries.Ints.class);
        assertThat(properties.newValuesWriter(columns.get(2))).extracting(RepeatedValueDictionariesTest::initial)
                .isInstanceOf(DictionaryValuesWriter.PlainLongDictionaryValuesWriter.class);
        assertThatThrownBy(() -> ParquetProperties.builder()
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                .withValuesWriterFactory(new RepeatedValueDictionaries()).build())
                .hasMessage("RepeatedValueDictionaries writes Parquet format v1 pages, not PARQUET_2_0");
    }

    /**
     * What a column writer does with its values writer in one column chunk (Parquet's {@code ColumnWriterBase};
     * a table file starts each row group with new writers): pages of {@code pageValues} values, then the
     * dictionary page.
     */
    private static <W extends DictionaryValuesWriter> List<Object> pages(W dictionary, int count, int pageValues,
            BiConsumer<ValuesWriter, Integer> write) {
        ValuesWriter writer = FallbackValuesWriter.of(dictionary, new PlainValuesWriter(64, 1 << 20, HEAP));
        List<Object> out = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            write.accept(writer, n);
            if ((n + 1) % pageValues == 0 || n == count - 1) {
                out.add(Arrays.toString(bytes(writer)));
                out.add(writer.getEncoding().name());
                writer.reset();
            }
        }
        DictionaryPage page = writer.toDictPageAndClose();
        out.add(page == null ? "no dictionary page" : page.getDictionarySize() + " " + page.getEncoding() + " "
                + Arrays.toString(bytes(page)));
        writer.close();
        return out;
    }

    private static byte[] bytes(ValuesWriter writer) {
        try {
            return writer.getBytes().toByteArray();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] bytes(DictionaryPage page) {
        try {
            return page.getBytes().toByteArray();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code count} values in runs of 1 to 40 of one value each, some values drawn again later. */
    private static int[] runs(Random random, int count, java.util.function.IntSupplier value) {
        int[] values = new int[count];
        int i = 0;
        while (i < count) {
            int v = i > 0 && random.nextInt(4) == 0 ? values[random.nextInt(i)] : value.getAsInt();
            for (int run = 1 + random.nextInt(40); run > 0 && i < count; run--) {
                values[i++] = v;
            }
        }
        return values;
    }

    private static ValuesWriter initial(ValuesWriter writer) {
        return writer instanceof FallbackValuesWriter<?, ?> fallback ? fallback.initialWriter : writer;
    }
}
