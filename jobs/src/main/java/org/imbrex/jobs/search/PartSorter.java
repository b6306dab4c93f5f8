package org.imbrex.jobs.search;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.apache.spark.SparkEnv;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts one write task's matches in table order: they are gathered into a run of at most {@code runBytes}
 * (estimated), each full run is sorted and spilled to a file of the executor's local directories, and the
 * runs are merged when the matches are read back. A part that fits one run is sorted in memory and never
 * touches the disk.
 * <pre>
 *   add ×n      [ run: m m m … ]  full → sort → spill-0 ─┐
 *               [ run: m m … ]    full → sort → spill-1 ─┼─ merge (heap of run heads, table order) → sorted()
 *               [ run: m ]        at the end → sort ─────┘
 * </pre>
 * Example: {@code try (PartSorter parts = new PartSorter(order, 256 << 20)) { matches.forEachRemaining(parts::add);
 * parts.sorted().forEachRemaining(write); }}. The spill files are deleted by {@link #close}.
 */
final class PartSorter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PartSorter.class);
    /** A write task's run: what it holds in memory before it spills. */
    static final long RUN_BYTES = 256L << 20;
    /**
     * Heap bytes of one match beside its path's characters: the record (32), its String (24) and the
     * String's array header (16), and the run's reference to it (8, with slack for the list's growth).
     */
    private static final int MATCH_BYTES = 88;

    /** Where a run spills: a new, empty file per call. */
    interface SpillFiles {
        File create() throws IOException;
    }

    private final TableOrder order;
    private final long runBytes;
    private final SpillFiles files;
    private final Match.KryoSerializer serializer = new Match.KryoSerializer();
    private final List<File> spills = new ArrayList<>();
    /** The spilled runs being merged: closed by {@link #close} if the merge stops early. */
    private final List<Input> reading = new ArrayList<>();
    private List<Match> run = new ArrayList<>();
    private long bytes;
    private long rows;

    /** A sorter whose runs spill below Spark's local directories (cleaned up with the executor). */
    PartSorter(TableOrder order, long runBytes) {
        this(order, runBytes, PartSorter::localBlockFile);
    }

    PartSorter(TableOrder order, long runBytes, SpillFiles files) {
        this.order = order;
        this.runBytes = runBytes;
        this.files = files;
    }

    void add(Match match) {
        run.add(match);
        rows++;
        // A path's characters: one byte each in a Latin-1 String (most paths), two in a UTF-16 one.
        bytes += MATCH_BYTES + match.path().length() * (isLatin1(match.path()) ? 1L : 2L);
        if (bytes >= runBytes) {
            spill();
        }
    }

    private static boolean isLatin1(String path) {
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** Matches added so far. */
    long rows() {
        return rows;
    }

    /** Runs spilled to disk so far. */
    int spills() {
        return spills.size();
    }

    /** Every match added, in table order; call once, after the last {@link #add}. */
    Iterator<Match> sorted() {
        run.sort(order);
        if (spills.isEmpty()) {
            return run.iterator();
        }
        LOG.info("write: merging {} rows from {} spilled runs and one in memory", rows, spills.size());
        List<Iterator<Match>> runs = new ArrayList<>();
        for (File spill : spills) {
            SpilledRun run = new SpilledRun(spill);
            reading.add(run.in);
            runs.add(run);
        }
        runs.add(run.iterator());
        return new Merge(runs, order);
    }

    private void spill() {
        run.sort(order);
        File file;
        try {
            file = files.create();
        } catch (IOException e) {
            throw new UncheckedIOException("write: cannot create a file to spill " + run.size() + " matches to", e);
        }
        // Listed first, so that close() deletes the file whatever happens while it is written.
        spills.add(file);
        try (Output out = new Output(new FileOutputStream(file), 1 << 16)) {
            out.writeVarInt(run.size(), true);
            for (Match match : run) {
                serializer.write(null, out, match);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("write: cannot spill " + run.size() + " matches to " + file, e);
        }
        LOG.debug("write: spilled {} matches ({} MiB estimated) to {}", run.size(), bytes >> 20, file);
        run = new ArrayList<>();
        bytes = 0;
    }

    /** A file below Spark's local directories, else (no Spark in this JVM) the JVM's temporary one. */
    private static File localBlockFile() throws IOException {
        SparkEnv env = SparkEnv.get();
        if (env != null) {
            return env.blockManager().diskBlockManager().createTempLocalBlock()._2();
        }
        return Files.createTempFile("imbrex-write-run", ".kryo").toFile();
    }

    @Override
    public void close() {
        for (Input in : reading) {
            in.close();
        }
        reading.clear();
        for (File spill : spills) {
            if (spill.exists() && !spill.delete()) {
                LOG.warn("write: cannot delete the spilled run {}", spill);
            }
        }
        spills.clear();
        run = new ArrayList<>();
    }

    /** A sorted run read back from its file, one match at a time. */
    private final class SpilledRun implements Iterator<Match> {
        private final Input in;
        private int left;

        SpilledRun(File file) {
            try {
                this.in = new Input(new FileInputStream(file), 1 << 16);
            } catch (IOException e) {
                throw new UncheckedIOException("write: cannot read the spilled run " + file, e);
            }
            this.left = in.readVarInt(true);
            if (left == 0) {
                in.close();
            }
        }

        @Override
        public boolean hasNext() {
            return left > 0;
        }

        @Override
        public Match next() {
            if (left == 0) {
                throw new NoSuchElementException();
            }
            Match match = serializer.read(null, in, Match.class);
            if (--left == 0) {
                in.close();
            }
            return match;
        }
    }

    /** The k-way merge of sorted runs: the least head next, the run it came from advanced. */
    private static final class Merge implements Iterator<Match> {
        private record Head(Match match, Iterator<Match> run) {
        }

        private final PriorityQueue<Head> heads;

        Merge(List<Iterator<Match>> runs, TableOrder order) {
            this.heads = new PriorityQueue<>(Math.max(1, runs.size()), (a, b) -> order.compare(a.match, b.match));
            for (Iterator<Match> run : runs) {
                if (run.hasNext()) {
                    heads.add(new Head(run.next(), run));
                }
            }
        }

        @Override
        public boolean hasNext() {
            return !heads.isEmpty();
        }

        @Override
        public Match next() {
            Head head = heads.poll();
            if (head == null) {
                throw new NoSuchElementException();
            }
            if (head.run.hasNext()) {
                heads.add(new Head(head.run.next(), head.run));
            }
            return head.match;
        }
    }
}
