package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The search the cluster tests run, and its reference table: the same input searched by a local-mode run
 * ({@code local[2]}, the application jar in a JVM of its own) with other tile and split sizes. A cluster run must produce exactly
 * these rows, whatever its partitioning and whatever failed on the way.
 *
 * <p>Tests receive it as a parameter ({@code @ExtendWith(SearchCase.Fixture.class)}); it is made once per
 * run. Example: {@code cluster.submit(search.arguments(output, "--split-size", "1m"))}.
 */
record SearchCase(SearchInput input, MatchTable reference) {
    /** The data size: enough splits and tiles that a search keeps two executors busy for several seconds. */
    static final int DATA_SIZE = 16 << 20;

    /** {@code search --signatures S --input I --output O --max-sad T EXTRA...}. */
    String[] arguments(Path output, String... extra) {
        List<String> args = new ArrayList<>(List.of("search", "--signatures", input.signatures().toString(),
                "--input", input.data().toString(), "--output", output.toString(),
                "--max-sad", Integer.toString(SearchInput.MAX_SAD)));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    /** A path under {@code target/cluster-it/outputs} with nothing at it or beside it. */
    static Path freshOutput(String name) {
        Path dir = BuildLayout.testDir().resolve("outputs").resolve(name);
        deleteRecursively(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve("matches");
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the input and runs the local reference search, once per test run. */
    static final class Fixture implements ParameterResolver {
        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Fixture.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == SearchCase.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("search", key -> create(),
                    SearchCase.class);
        }

        private static SearchCase create() {
            SearchInput input = SearchInput.write(BuildLayout.testDir().resolve("search-input"), DATA_SIZE, 20261201);
            SearchCase search = new SearchCase(input, null);
            Path output = freshOutput("local-reference");
            runLocally(search.arguments(output, "--master", "local[2]", "--tile-size", "256k", "--split-size", "4m"));
            MatchTable reference = MatchTable.read(output);
            assertThat(reference.rows()).as("the local run finds exactly the planted matches")
                    .extracting(m -> new SearchInput.Planted(m.signature(), m.offset(), m.sad()))
                    .containsExactlyInAnyOrderElementsOf(input.planted());
            return new SearchCase(input, reference);
        }

        /** Runs imbrex from the application jar in a JVM of its own, as {@code bin/imbrex} does. */
        private static void runLocally(String... args) {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(BuildLayout.jvmFlags());
            command.addAll(List.of("-Xmx2g", "-cp", BuildLayout.localClasspath(), "org.imbrex.jobs.ImbrexMain"));
            command.addAll(List.of(args));
            Path log = BuildLayout.testDir().resolve("local-reference.log");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                        .start();
                try {
                    assertThat(process.waitFor(4, TimeUnit.MINUTES)).as("local run ended; see %s", log).isTrue();
                    assertThat(process.exitValue()).as("local run: %s", Files.readString(log)).isZero();
                } finally {
                    process.destroyForcibly();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }
}
