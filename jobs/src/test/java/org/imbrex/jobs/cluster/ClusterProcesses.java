package org.imbrex.jobs.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The processes and ports of a cluster, as Linux shows them in {@code /proc}: servers carry the marker
 * {@code -Dimbrex.cluster=STATE_DIR} on their command line; executors and cluster-mode drivers run in
 * directories under a worker's work dir.
 *
 * <pre>
 *   STATE_DIR/worker-1/work/app-20260101000000-0000/0        cwd of executor 0 of that application
 *   STATE_DIR/worker-2/work/driver-20260101000000-0001       cwd of a cluster-mode driver
 * </pre>
 * Example: {@code List<Long> executors = ClusterProcesses.runningIn(appDir);}
 */
final class ClusterProcesses {
    private ClusterProcesses() {
    }

    /** Live (not zombie) processes whose working directory is {@code dir} or below it. */
    static List<Long> runningIn(Path dir) {
        Path target = dir.toAbsolutePath().normalize();
        return ProcessHandle.allProcesses().map(ProcessHandle::pid)
                .filter(pid -> workingDirectory(pid).map(cwd -> cwd.startsWith(target)).orElse(false))
                .filter(ClusterProcesses::isRunning)
                .toList();
    }

    /** Live processes started with {@code -Dimbrex.cluster=STATE_DIR}: servers, submits, the watchdog. */
    static List<Long> markedWith(Path stateDir) {
        String marker = "-Dimbrex.cluster=" + stateDir.toAbsolutePath().normalize();
        return ProcessHandle.allProcesses().map(ProcessHandle::pid)
                .filter(pid -> commandLine(pid).contains(marker))
                .filter(ClusterProcesses::isRunning)
                .toList();
    }

    /** The process exists and is not a zombie (a zombie holds no memory and no port). */
    static boolean isRunning(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Something accepts connections on 127.0.0.1:port. */
    static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** SIGKILL: the process ends at once, as when its machine fails. */
    static void kill(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    /** SIGSTOP: the process runs no further (a stopped JVM finishes no task) until {@link #resume}. */
    static void pause(long pid) {
        signal(pid, "STOP");
    }

    /** SIGCONT: a paused process runs on. */
    static void resume(long pid) {
        signal(pid, "CONT");
    }

    private static void signal(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Optional<Path> workingDirectory(long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static List<String> commandLine(long pid) {
        try {
            byte[] bytes = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
