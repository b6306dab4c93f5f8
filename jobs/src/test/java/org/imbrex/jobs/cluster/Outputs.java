package org.imbrex.jobs.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The output paths of the cluster runs: each job's table goes to a directory of its own, so what a run
 * leaves beside its table (a staging directory) can be told apart.
 *
 * <pre>
 *   target/cluster-it/outputs/search-client/matches
 *   target/cluster-it/outputs/search-driver-loss/.matches_imbrex_incomplete_ID     left by a killed driver
 * </pre>
 * Example: {@code Path output = Outputs.fresh("search-client");}
 */
final class Outputs {
    private Outputs() {
    }

    /** {@code target/cluster-it/outputs/NAME/matches}, with nothing at it or beside it. */
    static Path fresh(String name) {
        Path dir = BuildLayout.testDir().resolve("outputs").resolve(name);
        deleteRecursively(dir);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve("matches");
    }

    /** The entries beside {@code output} (and {@code output} itself, if it exists). */
    static List<Path> siblings(Path output) {
        return entries(output.getParent());
    }

    static List<Path> entries(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file below {@code dir}, at any depth. */
    static List<Path> filesBelow(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
}
