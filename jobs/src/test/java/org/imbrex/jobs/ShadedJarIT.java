package org.imbrex.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged command as users run it: a fresh JVM on the shaded jar and Spark's jars, as {@code
 * bin/imbrex} starts it. Its Spark session is its own, and stops with it.
 */
class ShadedJarIT {
    private static final long TIMEOUT_SECONDS = 180;

    /** What a forked {@code imbrex} printed. */
    private record Forked(int exitCode, String out, String err) {
    }

    @Test
    void search_inAFreshJvm_exitsZeroPrintsTheSummaryAndWritesTheTable(@TempDir Path dir) throws Exception {
        Path signatures = Files.writeString(dir.resolve("sigs.txt"), "mz = 4D 5A ?? 00\nelf = 7F 45 4C 46\n");
        Path data = Files.createDirectories(dir.resolve("data"));
        byte[] image = new byte[10_000];
        byte[][] copies = {{0x4D, 0x5A, 0x33, 0x00}, {0x7F, 0x45, 0x4C, 0x46}, {0x4D, 0x5A, 0x01, 0x01}};
        int[] at = {0, 5_000, 9_996};
        for (int i = 0; i < copies.length; i++) {
            System.arraycopy(copies[i], 0, image, at[i], 4);
        }
        Files.write(data.resolve("image.bin"), image);
        Path out = dir.resolve("matches");

        Forked run = imbrex("search", "--signatures", signatures.toString(), "--input", data.toString(),
                "--output", out.toString(), "--max-sad", "1", "--format", "csv", "--master", "local[1]");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("imbrex search: 1 files, 9.8 KiB, 2 signatures: 3 matches in ");
        String path = "file:" + data.resolve("image.bin");
        assertThat(csvRows(out)).containsExactlyInAnyOrder("mz," + path + ",0,4,0", "elf," + path + ",5000,4,0",
                "mz," + path + ",9996,4,1");
    }

    /** The data rows of a CSV table's part files, without their header rows. */
    private static List<String> csvRows(Path table) throws IOException {
        List<String> rows = new ArrayList<>();
        try (Stream<Path> parts = Files.list(table)) {
            for (Path part : parts.filter(p -> p.getFileName().toString().endsWith(".csv")).toList()) {
                List<String> lines = Files.readAllLines(part);
                assertThat(lines.get(0)).isEqualTo("signature,path,offset,length,sad");
                rows.addAll(lines.subList(1, lines.size()));
            }
        }
        return rows;
    }

    @Test
    void version_fromTheJarManifest_namesTheRelease() throws Exception {
        Forked run = imbrex("--version");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out().strip()).matches("imbrex \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    }

    private static Forked imbrex(String... args) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("imbrex.jar"));
        Path root = Path.of(System.getProperty("imbrex.root"));
        String sparkClasspath = Files.readString(jar.resolveSibling("spark.classpath")).strip();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(sparkJvmFlags());
        command.addAll(List.of("-Xmx1g", "-Dlog4j2.configurationFile=" + root.resolve("conf/log4j2.properties"),
                "-cp", jar + java.io.File.pathSeparator + sparkClasspath, ImbrexMain.class.getName()));
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile("imbrex-out", ".txt");
        Path stderr = Files.createTempFile("imbrex-err", ".txt");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
            Process process = builder.start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                throw new AssertionError("imbrex did not finish within " + TIMEOUT_SECONDS + " s: "
                        + Files.readString(stderr));
            }
            return new Forked(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    /** The module flags this JVM got for Spark (the build's spark.jvm.flags), in their order. */
    private static List<String> sparkJvmFlags() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(flag -> flag.equals("-XX:+IgnoreUnrecognizedVMOptions") || flag.startsWith("--add-modules")
                        || flag.startsWith("--add-opens")
                        || flag.startsWith("-Dio.netty.") || flag.startsWith("--sun-misc-unsafe-memory-access")
                        || flag.startsWith("--enable-native-access"))
                .toList();
    }
}
