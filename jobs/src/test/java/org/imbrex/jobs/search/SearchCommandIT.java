package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.CommandRun;
import org.imbrex.jobs.testing.FaultyFileSystem;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code imbrex search} run as a command in this JVM, in the shared session (which it must leave running):
 * configuration from a properties file, {@code --conf} and flags; table formats; the summary; overwrite
 * and failure semantics of the output.
 */
class SearchCommandIT {
    private static final String CSV_HEADER = "signature,path,offset,length,sad";

    @TempDir
    static Path dir;
    private static SearchCorpus corpus;
    private static BruteForceSearch oracle;

    @BeforeAll
    static void writeCorpus() throws IOException {
        LocalSpark.session();
        corpus = new SearchCorpus(dir.resolve("corpus"), 99L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        corpus.signature(Signature.ofHex("elf", "7F 45 4C 46"));
        corpus.randomSignature("random-16", 16);
        corpus.file("a.bin", 20_000);
        corpus.file("sub/b.bin", 9_000);
        corpus.file("empty.bin", 0);
        for (int i = 0; i < 12; i++) {
            corpus.plant(i % 3, i % 2 == 0 ? "a.bin" : "sub/b.bin", 700 * i + 13, i % 4 == 0 ? 0 : i);
        }
        oracle = corpus.write();
    }

    private static String[] searchArgs(Object output, String... more) {
        return Stream.concat(Stream.of("search", "--signatures", corpus.signatureFile().toString(), "--input",
                corpus.data().toString(), "--output", output.toString()), Stream.of(more)).toArray(String[]::new);
    }

    @Test
    void search_propertiesFileConfAndFlags_flagsWinAndTheCsvTableHasAHeader() throws IOException {
        Path conf = Files.writeString(dir.resolve("imbrex.conf"),
                "spark.imbrex.search.format csv\nspark.imbrex.search.max-sad 100\nspark.imbrex.search.tile-size 4k\n"
                        + "spark.imbrex.partitions 3\n");
        Path out = dir.resolve("configured");

        CommandRun run = CommandRun.of(Stream.concat(Stream.of("--properties-file", conf.toString(), "--conf",
                "spark.imbrex.search.best=2"), Stream.of(searchArgs(out, "--max-sad", "5", "--show", "3")))
                .toArray(String[]::new));

        List<MatchRow> expected = oracle.best(2, 5);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).as("the old key of an option both commands have is ignored").contains(
                "imbrex: spark.imbrex.partitions is ignored: search and motion both have --partitions; use "
                        + "spark.imbrex.search.partitions or spark.imbrex.motion.partitions");
        assertThat(Searches.read(out.toString(), TableFormat.CSV)).containsExactlyElementsOf(expected);
        assertThat(csvParts(out)).isNotEmpty().allSatisfy(part -> assertThat(Files.readAllLines(part).get(0))
                .isEqualTo(CSV_HEADER));
        assertThat(run.out()).containsPattern("^imbrex search: 3 files, 28\\.3 KiB, 3 signatures: " + expected.size()
                + " matches in [0-9.]+ s \\([0-9.]+ [KM]?i?B/s, [0-9.]+ M byte-differences/s\\)\n");
        for (String signature : List.of("mz", "elf", "random-16")) {
            long count = expected.stream().filter(r -> r.signature().equals(signature)).count();
            assertThat(run.out()).containsPattern("\n  " + signature + " +" + count + "\n");
        }
        assertThat(run.out()).contains("table: file:" + out + " (csv)\nbest matches:\n")
                .containsPattern("best matches:\n  signature +sad +offset +path\n(  \\S+ +\\d+ +\\d+  file:\\S+\n){3}$");
        assertThat(LocalSpark.session().sparkContext().isStopped()).isFalse();
    }

    @Test
    void search_jsonFormat_isReadableWithTheSameRows() {
        Path out = dir.resolve("json");

        CommandRun run = CommandRun.of(searchArgs(out, "--format", "json", "--max-sad", "12", "--show", "0"));

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(Searches.read(out.toString(), TableFormat.JSON)).containsExactlyElementsOf(oracle.withinMaxSad(12));
        assertThat(run.out()).doesNotContain("best matches");
    }

    @Test
    void search_unreadableInput_failsWithOneLineNamingItAndLeavesNoOutput() throws IOException {
        Path data = Files.createDirectories(dir.resolve("faulty-new"));
        Files.write(data.resolve("a.bin"), new byte[] {0x4D, 0x5A, 0, 0});
        Path unreadable = Files.write(data.resolve("b" + FaultyFileSystem.UNREADABLE), new byte[64]);
        Path out = dir.resolve("faulty-new-out/matches");

        CommandRun run = CommandRun.of("search", "--signatures", corpus.signatureFile().toString(), "--input",
                FaultyFileSystem.uri(data), "--output", out.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().lines()).containsExactly(
                "imbrex search: failed: " + FaultyFileSystem.uri(unreadable).replace(":///", ":/")
                        + ": Permission denied",
                "(set IMBREX_DEBUG=1 for the stack trace)");
        assertThat(out.getParent()).satisfiesAnyOf(parent -> assertThat(parent).doesNotExist(),
                parent -> assertThat(parent).isEmptyDirectory());
    }

    @Test
    void search_tableWriteFails_removesTheStagingDirectory() throws IOException {
        Path parent = Files.createDirectories(dir.resolve("full-disk/" + FaultyFileSystem.UNWRITABLE));

        CommandRun run = CommandRun.of(searchArgs(FaultyFileSystem.uri(parent.resolve("matches"))));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("imbrex search: failed: No space left on device (writing faulty:/");
        assertThat(parent).isEmptyDirectory();
    }

    @Test
    void search_overwrite_replacesTheTableOnlyWhenTheNewOneIsComplete() throws IOException {
        Path out = dir.resolve("replaced");
        CommandRun first = CommandRun.of(searchArgs(out, "--show", "0"));
        Path data = Files.createDirectories(dir.resolve("faulty-overwrite"));
        Files.write(data.resolve("x" + FaultyFileSystem.UNREADABLE), new byte[64]);

        CommandRun failed = CommandRun.of("search", "--signatures", corpus.signatureFile().toString(), "--input",
                FaultyFileSystem.uri(data), "--output", out.toString(), "--overwrite");
        List<MatchRow> afterFailure = Searches.read(out.toString(), TableFormat.PARQUET);
        CommandRun second = CommandRun.of(searchArgs(out, "--overwrite", "--best", "1", "--show", "0"));

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(afterFailure).containsExactlyElementsOf(oracle.withinMaxSad(0));
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(Searches.read(out.toString(), TableFormat.PARQUET))
                .containsExactlyElementsOf(oracle.best(1, Integer.MAX_VALUE));
        assertThat(entries(dir)).noneMatch(name -> name.contains(OutputDirectory.INCOMPLETE_MARK));
    }

    private static List<Path> csvParts(Path table) throws IOException {
        try (Stream<Path> files = Files.list(table)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".csv")).filter(p -> p.toFile().length() > 0)
                    .toList();
        }
    }

    private static List<String> entries(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
