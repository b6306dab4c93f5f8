package org.imbrex.jobs.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * A real HDFS for the integration tests: one NameNode and one DataNode (Hadoop's {@code MiniDFSCluster}) in
 * this JVM, every server bound to 127.0.0.1 on a free port, with {@value #BLOCK_SIZE}-byte blocks so that
 * files of a few MiB span several blocks. Other JVMs (a child {@code imbrex} run, a standalone cluster's
 * executors) reach it at {@link #uri(String)}: {@code hdfs://127.0.0.1:PORT/...}.
 *
 * <pre>
 *   NameNode   RPC 127.0.0.1:PORT, HTTP 127.0.0.1:free        metadata in DIR/name-*
 *   DataNode   data, IPC and HTTP on 127.0.0.1:free           blocks in DIR/data; reported as host "localhost"
 *   files      replication 1, blocks of 1 MiB (or any multiple of 64 KiB, see put), written by this JVM
 * </pre>
 * {@link SuiteHdfs} gives every test class of a run the same one; each class keeps to a directory of its
 * own ({@code /ClassName/...}). Example, an input of 3.5 MiB in four blocks:
 * <pre>{@code
 * @ExtendWith(SuiteHdfs.class)
 * class ReadsHdfsIT {
 *     @Test
 *     void read(LocalHdfs hdfs) {
 *         String input = hdfs.put(Path.of("target/in/a.bin"), "/ReadsHdfsIT/a.bin");
 *         // hdfs://127.0.0.1:41234/ReadsHdfsIT/a.bin; hdfs.blocks("/ReadsHdfsIT/a.bin").length == 4
 *     }
 * }
 * }</pre>
 * Without JUnit: {@code try (LocalHdfs hdfs = LocalHdfs.start(dir)) { ... }}. {@link #holdRename} lets a
 * test stop a client in the middle of a commit.
 */
public final class LocalHdfs implements AutoCloseable {
    /** The block size of the files the tests write: {@code dfs.blocksize}. */
    public static final long BLOCK_SIZE = 1 << 20;
    /** The smallest block size the NameNode accepts ({@code dfs.namenode.fs-limits.min-block-size}). */
    public static final long MIN_BLOCK_SIZE = 64 << 10;
    /** The host name the DataNode reports, so block locations and splits name it. */
    public static final String DATANODE_HOST = "localhost";
    private static final String LOOPBACK = "127.0.0.1";

    private final MiniDFSCluster cluster;
    private final FileSystem fs;

    private LocalHdfs(MiniDFSCluster cluster) throws IOException {
        this.cluster = cluster;
        this.fs = cluster.getFileSystem();
    }

    /**
     * Formats and starts a NameNode and a DataNode keeping their files below {@code dir}, and returns once
     * the DataNode has registered and the NameNode has left safe mode.
     */
    public static LocalHdfs start(java.nio.file.Path dir) {
        Configuration conf = new Configuration();
        conf.setLong("dfs.blocksize", BLOCK_SIZE);
        conf.setLong("dfs.namenode.fs-limits.min-block-size", MIN_BLOCK_SIZE);
        conf.setInt("dfs.replication", 1);
        conf.set("dfs.namenode.rpc-bind-host", LOOPBACK);
        conf.set("dfs.namenode.http-address", LOOPBACK + ":0");
        conf.set("dfs.namenode.https-address", LOOPBACK + ":0");
        conf.set("dfs.datanode.address", LOOPBACK + ":0");
        conf.set("dfs.datanode.ipc.address", LOOPBACK + ":0");
        conf.set("dfs.datanode.http.address", LOOPBACK + ":0");
        // Only RenameHold sees the NameNode's operations (the default audit log is not written).
        conf.set("dfs.namenode.audit.loggers", RenameHold.class.getName());
        try {
            Files.createDirectories(dir);
            MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(1)
                    .hosts(new String[] {DATANODE_HOST}).checkDataNodeAddrConfig(true).build();
            cluster.waitActive();
            LocalHdfs hdfs = new LocalHdfs(cluster);
            hdfs.checkLoopback();
            return hdfs;
        } catch (IOException e) {
            throw new UncheckedIOException("HDFS did not start in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Fails unless the NameNode's RPC and HTTP servers and the DataNode's data server listen on 127.0.0.1. */
    private void checkLoopback() {
        List<InetSocketAddress> addresses = new ArrayList<>();
        addresses.add(cluster.getNameNode().getNameNodeAddress());
        addresses.add(cluster.getNameNode().getHttpAddress());
        for (DataNode node : cluster.getDataNodes()) {
            addresses.add(node.getXferAddress());
        }
        for (InetSocketAddress address : addresses) {
            if (!address.getAddress().isLoopbackAddress()) {
                close();
                throw new IllegalStateException("HDFS listens on " + address + ", not on " + LOOPBACK);
            }
        }
    }

    /** {@code hdfs://127.0.0.1:PORT}: the file system's URI, without a path. */
    public String uri() {
        return "hdfs://" + LOOPBACK + ":" + cluster.getNameNodePort();
    }

    /** The qualified form of an absolute path: {@code uri("/a/b.bin")} is {@code hdfs://127.0.0.1:PORT/a/b.bin}. */
    public String uri(String path) {
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("an HDFS path of the tests is absolute: " + path);
        }
        return uri() + path;
    }

    /** A client of this HDFS (shared; do not close it). */
    public FileSystem fileSystem() {
        return fs;
    }

    /** The NameNode's RPC port. */
    public int port() {
        return cluster.getNameNodePort();
    }

    /**
     * Copies a local file, or a directory with everything below it, to {@code path} with blocks of {@link
     * #BLOCK_SIZE}; returns {@link #uri(String) uri(path)}. An existing file is replaced.
     */
    public String put(java.nio.file.Path local, String path) {
        return put(local, path, BLOCK_SIZE);
    }

    /** {@link #put(java.nio.file.Path, String)} with blocks of {@code blockSize}, a multiple of 64 KiB. */
    public String put(java.nio.file.Path local, String path, long blockSize) {
        if (blockSize < MIN_BLOCK_SIZE || blockSize % MIN_BLOCK_SIZE != 0) {
            throw new IllegalArgumentException("block size " + blockSize + " is not a multiple of " + MIN_BLOCK_SIZE);
        }
        String target = uri(path);
        try (Stream<java.nio.file.Path> files = Files.walk(local)) {
            for (java.nio.file.Path file : files.filter(Files::isRegularFile).toList()) {
                String relative = local.relativize(file).toString().replace('\\', '/');
                copy(file, new Path(relative.isEmpty() ? target : target + "/" + relative), blockSize);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + local + " to " + target + ": " + e.getMessage(), e);
        }
        return target;
    }

    private void copy(java.nio.file.Path file, Path target, long blockSize) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                OutputStream out = fs.create(target, true, 64 << 10, (short) 1, blockSize)) {
            in.transferTo(out);
        }
    }

    /** The blocks of a file, in order, with the hosts holding each. */
    public BlockLocation[] blocks(String path) {
        try {
            FileStatus status = fs.getFileStatus(new Path(uri(path)));
            return fs.getFileBlockLocations(status, 0, status.getLen());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True if the path exists. */
    public boolean exists(String path) {
        try {
            return fs.exists(new Path(uri(path)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file at or below {@code path}, as paths without the scheme and authority, sorted. */
    public List<String> filesBelow(String path) {
        List<String> files = new ArrayList<>();
        try {
            var below = fs.listFiles(new Path(uri(path)), true);
            while (below.hasNext()) {
                files.add(below.next().getPath().toUri().getPath());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.sort(null);
        return files;
    }

    /** The names of the entries of a directory, sorted; empty if it does not exist. */
    public List<String> list(String directory) {
        try {
            Path dir = new Path(uri(directory));
            if (!fs.exists(dir)) {
                return List.of();
            }
            return Stream.of(fs.listStatus(dir)).map(status -> status.getPath().getName()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes a file or a directory with everything below it, if it exists. */
    public void delete(String path) {
        try {
            fs.delete(new Path(uri(path)), true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Holds the next rename whose source path matches, on the NameNode, after it is applied and before its
     * client is answered: the client stops there until the hold is closed. See {@link RenameHold}.
     */
    public RenameHold.Hold holdRename(Predicate<String> source) {
        return RenameHold.arm(source);
    }

    /** Stops the DataNode and the NameNode and removes their files. */
    @Override
    public void close() {
        RenameHold.disarm();
        cluster.shutdown(true);
    }
}
