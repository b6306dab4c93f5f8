package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.univocity.parsers.csv.CsvWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.imbrex.jobs.search.MatchTable;
import org.junit.jupiter.api.Test;

/**
 * The CSV table file gives, byte for byte, what the CSV library writes for the same rows row by row: its
 * cache of a column's fields must not leak into a row whose value changed, whether that value is a new
 * object with the same text, another object, or an awkward one (delimiters, quotes, backslashes, line
 * breaks, spaces at the ends, empty, non-ASCII, unpaired surrogates), nor lose a field when it forgets.
 */
class CsvTableFileTest {
    private static final String[] TEXTS = {"mz", "rule:$a", "file:/data/x,y.bin", "q\"uote", "back\\slash\\",
        "line\nbreak", "cr\r\nlf", " spaced ", "", "ünïcödé 😀", "half \uD800 surrogate", "#comment", "tab\there"};

    @Property(tries = 60)
    void write_randomRowsReusingAndChangingValues_equalsTheLibraryRowByRow(@ForAll long seed) throws IOException {
        Random random = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        Object[] last = null;
        for (int r = 0; r < 1 + random.nextInt(40); r++) {
            Object[] row = new Object[5];
            for (int column = 0; column < 2; column++) {
                int pick = random.nextInt(4);
                // the same object as the row above, an equal copy, or any text
                row[column] = last != null && pick < 2 ? last[column]
                        : pick == 2 && last != null ? new String(((String) last[column]).toCharArray())
                        : TEXTS[random.nextInt(TEXTS.length)];
            }
            row[2] = random.nextInt(5) == 0 ? (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
                    : random.nextLong() >> random.nextInt(64);
            row[3] = random.nextInt(5) == 0 ? Integer.MIN_VALUE : random.nextInt() >> random.nextInt(32);
            row[4] = random.nextInt(300);
            rows.add(row);
            last = row;
        }

        assertWritesAsTheLibrary(rows);
    }

    @Test
    void write_moreStringsThanAColumnKeeps_comingBackAfterItForgot_equalsTheLibrary() throws IOException {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < CsvTableFile.KNOWN_FIELDS + 7; i++) {
            texts.add(TEXTS[i % TEXTS.length] + i);
        }
        List<Object[]> rows = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < texts.size(); i++) {
                // column 1 repeats a few objects while column 0 runs through more than the cache holds
                rows.add(new Object[] {texts.get(i), texts.get(i % 3), (long) i, pass, i % 300});
            }
        }
        assertWritesAsTheLibrary(rows);
    }

    @Test
    void write_fieldsLongerThanTheWritersBuffer_betweenShortRows_equalsTheLibrary() throws IOException {
        String longPath = "file:/data/" + "d,ir/".repeat(30_000) + "x.bin"; // 150,000 bytes, quoted
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            rows.add(new Object[] {"rule:$a", i % 1000 == 999 ? longPath : "file:/data/a.bin", (long) i, 4, 0});
        }
        assertWritesAsTheLibrary(rows);
    }

    private static void assertWritesAsTheLibrary(List<Object[]> rows) throws IOException {
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        try (CsvTableFile file = new CsvTableFile(TableColumns.of(MatchTable.SCHEMA), written)) {
            for (Object[] row : rows) {
                file.write(row);
            }
        }

        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        CsvWriter library = new CsvWriter(new OutputStreamWriter(expected, StandardCharsets.UTF_8),
                CsvTableFile.settings());
        library.writeHeaders(TableColumns.of(MatchTable.SCHEMA).names());
        rows.forEach(library::writeRow);
        library.close();
        assertThat(written.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString(StandardCharsets.UTF_8));
        assertThat(written.toByteArray()).isEqualTo(expected.toByteArray());
    }
}
