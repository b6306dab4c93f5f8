package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LocalWalk} against the walk of Hadoop's {@code listStatus} it replaces: the same statuses, field for
 * field, on a tree of awkward names, checksum files, empty directories and symbolic links, on both local
 * file system classes.
 */
class LocalWalkTest {
    private static final String[] NAMES = {"a.bin", "B-2_x+y,z=@~.dat", "with space.bin", "trailing space ",
            "100%.bin", "a:b.bin", "x#y.bin", "q?.bin", "[x]{y}*.bin", "\u00e9t\u00e9.bin", "\u6587\u4ef6",
            "semi;colon", "back\\slash", "..dots..", ".hidden", ".a.bin.crc", "a.bin.crc", "tab\tname"};

    @TempDir
    Path dir;

    @Test
    void filesBelow_awkwardTree_givesHadoopsStatuses() throws IOException {
        Path root = Files.createDirectories(dir.resolve("tree root"));
        int n = 0;
        for (String name : NAMES) {
            Files.write(root.resolve(name), new byte[n++ * 37]);
            Path sub = Files.createDirectories(root.resolve("d " + name.replace('/', '_')));
            Files.write(sub.resolve(name), new byte[n * 11]);
        }
        Files.createDirectories(root.resolve("empty/deeper"));
        Files.createSymbolicLink(root.resolve("link to a"), root.resolve("a.bin"));
        Files.createSymbolicLink(root.resolve("link to d"), root.resolve("d a.bin"));
        Files.createSymbolicLink(root.resolve("broken link"), root.resolve("nowhere"));

        Configuration conf = new Configuration();
        for (FileSystem fs : new FileSystem[] {FileSystem.getLocal(conf), FileSystem.getLocal(conf).getRawFileSystem()}) {
            org.apache.hadoop.fs.Path top = fs.makeQualified(new org.apache.hadoop.fs.Path(root.toUri()));
            for (org.apache.hadoop.fs.Path start : List.of(top, new org.apache.hadoop.fs.Path(top, "a.bin"))) {
                List<LocatedFileStatus> hadoop = new ArrayList<>();
                InputLister.walk(fs, fs.getFileStatus(start), hadoop);
                List<LocatedFileStatus> ours = new ArrayList<>();
                LocalWalk.filesBelow(fs, fs.getFileStatus(start), ours);
                assertThat(describe(ours)).as("%s from %s", fs.getClass().getSimpleName(), start)
                        .containsExactlyElementsOf(describe(hadoop));
                if (start.equals(top)) {
                    assertThat(ours).hasSizeGreaterThan(2 * NAMES.length - 4);
                }
            }
        }
    }

    @Test
    void isPlain_acceptsOnlyNamesHadoopKeepsAsTheyAre() {
        assertThat(LocalWalk.isPlain("a-b_c.d+e,f=g@h~i j")).isTrue();
        for (String name : new String[] {"", ".", "..", "a:b", "a%b", "a b ", "a/b", "\u00e9", "a#b", "a?b", "a\\b"}) {
            assertThat(LocalWalk.isPlain(name)).as(name).isFalse();
        }
    }

    /** Every field a search reads, one line per file, in path order. */
    private static List<String> describe(List<LocatedFileStatus> files) throws IOException {
        List<String> lines = new ArrayList<>();
        for (LocatedFileStatus f : files.stream().sorted(Comparator.comparing(s -> s.getPath().toString())).toList()) {
            StringBuilder blocks = new StringBuilder();
            for (BlockLocation b : f.getBlockLocations()) {
                blocks.append(b.getOffset()).append('+').append(b.getLength()).append(Arrays.toString(b.getHosts()))
                        .append(Arrays.toString(b.getNames()));
            }
            lines.add(f.getPath() + " len=" + f.getLen() + " dir=" + f.isDirectory() + " file=" + f.isFile()
                    + " repl=" + f.getReplication() + " block=" + f.getBlockSize() + " mtime="
                    + f.getModificationTime() + " atime=" + f.getAccessTime() + " blocks=" + blocks);
        }
        return lines;
    }
}
