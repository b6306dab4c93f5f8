package org.imbrex.io.yara.pe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Compares {@link PeHeaderReader} with what YARA 4.2.3 recorded ({@code yara-4.2.3-pe.tsv.gz}, written
 * by {@link YaraPeRecorder}) for every generated case and real file: every supported field, defined or
 * not. The files are regenerated from their case ids, so yara need not be installed here.
 */
class PeYaraDifferentialTest {

    private static final String RECORD = "/yara/pe/yara-4.2.3-pe.tsv.gz";

    static List<String> recordedLines() throws IOException {
        try (InputStream in = new GZIPInputStream(Objects.requireNonNull(
                PeYaraDifferentialTest.class.getResourceAsStream(RECORD), RECORD))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines().filter(l -> !l.startsWith("#")).toList();
        }
    }

    @Test
    void everyRecordedCase_matchesYara_inEveryField() throws IOException {
        List<String> lines = recordedLines();
        SoftAssertions softly = new SoftAssertions();
        for (String line : lines) {
            List<String> cells = Arrays.asList(line.split("\t"));
            String id = cells.get(0);
            Map<String, String> yara = YaraDump.unformat(cells.subList(1, cells.size()));
            Map<String, String> imbrex = YaraDump.render(PeHeaderReader.read(PeSource.of(PeCases.bytes(id))));
            softly.assertThat(imbrex).as(id).containsExactlyInAnyOrderEntriesOf(yara);
        }
        softly.assertAll();
    }

    @Test
    void record_coversEveryCaseAndRealFile_andTheInterestingOutcomes() throws IOException {
        List<String> lines = recordedLines();
        List<String> ids = lines.stream().map(l -> l.split("\t")[0]).toList();
        assertThat(ids).containsAll(PeCases.all());
        assertThat(ids).contains("file:cli-32.exe", "file:cli-64.exe");
        assertThat(lines).anyMatch(l -> l.contains("\tis_pe=0"));
        assertThat(lines).anyMatch(l -> l.contains("\tentry_point=-1"));
        assertThat(lines).anyMatch(l -> l.contains("\tis_pe=1") && !l.contains("entry_point=-1"));
        assertThat(lines).anyMatch(l -> l.contains("\tsections[95].name"));
        assertThat(lines).anyMatch(l -> l.contains("\topthdr_magic=523"));
    }
}
