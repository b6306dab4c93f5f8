package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.LocalHdfs;
import org.imbrex.jobs.testing.LocalSpark;
import org.imbrex.jobs.testing.SuiteHdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code imbrex search} with its signatures, inputs and table on HDFS writes exactly the table of the same
 * search over the same files on the local disk (paths aside). The files span several 1 MiB blocks, and a
 * signature is planted across every 64 KiB boundary, so across every block edge, split end (512 KiB) and
 * tile edge (64 KiB); the tasks read those windows with positioned reads that run from one block into the
 * next.
 * <pre>
 *   corpus/signatures.txt   mz = 4D 5A ?? 00, elf = 7F 45 4C 46 02 01 01 ?? ?? 00 00 00, random-40
 *   corpus/data/a.bin       3 MiB + 12345 bytes: blocks [0,1M) [1M,2M) [2M,3M) [3M,end)
 *   corpus/data/sub/b.bin   1 MiB + 77 bytes: 2 blocks
 *   corpus/data/c.bin, empty.bin
 *                           k·64K − j                k·64K
 *                           |<-- signature k mod 3 ---|----->|   SAD 0..6, straddling the boundary
 * </pre>
 */
@ExtendWith(SuiteHdfs.class)
class HdfsSearchIT {
    private static final long BLOCK = LocalHdfs.BLOCK_SIZE;
    private static final int SPACING = 64 << 10;
    private static final int MAX_SAD = 6;
    private static final String ROOT = "/HdfsSearchIT";

    @TempDir
    static Path dir;
    private static SearchCorpus corpus;
    private static BruteForceSearch oracle;
    private static String hdfsCorpus;

    @BeforeAll
    static void writeCorpus(LocalHdfs hdfs) throws IOException {
        LocalSpark.session();
        corpus = new SearchCorpus(dir.resolve("corpus"), 1717L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        corpus.signature(Signature.ofHex("elf", "7F 45 4C 46 02 01 01 ?? ?? 00 00 00"));
        corpus.randomSignature("random-40", 40);
        corpus.file("a.bin", (int) (3 * BLOCK + 12_345));
        corpus.file("sub/b.bin", (int) (BLOCK + 77));
        corpus.file("c.bin", 20_000);
        corpus.file("empty.bin", 0);
        Random random = new Random(5);
        for (String file : List.of("a.bin", "sub/b.bin", "c.bin")) {
            for (int boundary = SPACING; boundary + 64 <= corpus.length(file); boundary += SPACING) {
                int s = boundary / SPACING % 3;
                int length = corpus.signatures().get(s).length();
                corpus.plant(s, file, boundary - 1 - random.nextInt(length - 1), random.nextInt(MAX_SAD + 1));
            }
        }
        oracle = corpus.write();
        hdfsCorpus = hdfs.put(dir.resolve("corpus"), ROOT + "/corpus");
    }

    @ParameterizedTest
    @EnumSource(value = TableFormat.class, names = {"PARQUET", "CSV"})
    void search_hdfsInputsAndOutput_writesTheLocalDiskRunsTable(TableFormat format, LocalHdfs hdfs) {
        String output = ROOT + "/matches-" + format.sparkFormat();
        List<MatchRow> local = Searches.read(Searches.run(searchArgs(corpus.signatureFile().toString(),
                corpus.data().toString(), dir.resolve("local-" + format.sparkFormat()).toString(), format)));

        SearchSummary summary = Searches.run(searchArgs(hdfsCorpus + "/signatures.txt", hdfsCorpus + "/data",
                hdfs.uri(output), format));

        List<MatchRow> fromHdfs = Searches.read(summary);
        assertThat(local).as("the local disk run").containsExactlyElementsOf(oracle.withinMaxSad(MAX_SAD));
        assertThat(summary.table()).isEqualTo(hdfs.uri(output));
        assertThat(fromHdfs).extracting(MatchRow::path).allMatch(path -> path.startsWith(hdfsCorpus + "/data/"));
        assertThat(fromHdfs.stream().map(row -> onLocalDisk(row)).toList()).containsExactlyElementsOf(local);
        assertThat(blockEdgesCrossed(fromHdfs)).as("block edges crossed by matches").containsExactly(
                "a.bin@" + BLOCK, "a.bin@" + 2 * BLOCK, "a.bin@" + 3 * BLOCK, "sub/b.bin@" + BLOCK);
        assertThat(hdfs.list(ROOT)).noneMatch(name -> name.contains(OutputDirectory.INCOMPLETE_MARK));
    }

    /**
     * {@code format("imbrex")} over the HDFS corpus gives the local run's rows, and each partition prefers
     * the DataNode that holds its blocks.
     */
    @Test
    void dataSource_hdfsInputs_givesTheLocalRunsRowsAndTheBlocksHosts(LocalHdfs hdfs) {
        java.util.Map<String, String> options = java.util.Map.of("signatures", hdfsCorpus + "/signatures.txt",
                "max-sad", "" + MAX_SAD, "tile-size", "64k", "split-size", "512k");
        List<MatchRow> read = LocalSpark.session().read().format("imbrex").options(options).load(hdfsCorpus + "/data")
                .collectAsList().stream().map(MatchRow::of).map(HdfsSearchIT::onLocalDisk)
                .sorted(MatchRow.TABLE_ORDER).toList();
        java.util.Map<String, String> planned = new java.util.HashMap<>(options);
        planned.put("path", hdfsCorpus + "/data");
        org.apache.spark.sql.connector.read.InputPartition[] partitions = new SearchScanBuilder(
                SourceOptions.parse(planned)).build().toBatch().planInputPartitions();

        assertThat(read).containsExactlyElementsOf(oracle.withinMaxSad(MAX_SAD));
        assertThat(partitions).hasSizeGreaterThanOrEqualTo(8);
        assertThat(partitions).allSatisfy(p -> assertThat(p.preferredLocations()).containsExactly(
                LocalHdfs.DATANODE_HOST));
    }

    private static String[] searchArgs(String signatures, String input, String output, TableFormat format) {
        return new String[] {"--signatures", signatures, "--input", input, "--output", output, "--format",
                format.sparkFormat(), "--max-sad", Integer.toString(MAX_SAD), "--tile-size", "64k",
                "--split-size", "512k", "--show", "0"};
    }

    /** The row with its HDFS path replaced by the same file's path on the local disk. */
    private static MatchRow onLocalDisk(MatchRow row) {
        String local = SearchCorpus.qualified(corpus.data().resolve(row.path().substring((hdfsCorpus + "/data/")
                .length())));
        return new MatchRow(row.signature(), local, row.offset(), row.length(), row.sad());
    }

    /** {@code FILE@EDGE} for every block edge some match's window spans. */
    private static Set<String> blockEdgesCrossed(List<MatchRow> rows) {
        Set<String> edges = new TreeSet<>();
        for (MatchRow row : rows) {
            long first = row.offset() / BLOCK;
            long last = (row.offset() + row.length() - 1) / BLOCK;
            for (long block = first + 1; block <= last; block++) {
                edges.add(row.path().substring((hdfsCorpus + "/data/").length()) + "@" + block * BLOCK);
            }
        }
        return edges;
    }
}
