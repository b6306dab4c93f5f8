package org.imbrex.jobs.cluster;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the build put what the cluster tests need. Failsafe passes {@code imbrex.root} and {@code
 * imbrex.jar}; run from an IDE, the module directory is the working directory.
 *
 * <pre>
 *   ROOT/bin/imbrex-cluster
 *   ROOT/jobs/target/imbrex-jobs-VERSION.jar        the shaded application jar (package phase)
 *   ROOT/jobs/target/cluster-it/spark-home          the SPARK_HOME the script builds for the tests
 *   ROOT/jobs/target/cluster-it/NAME                one cluster's state, logs and worker work dirs
 * </pre>
 * Example: {@code Path jar = BuildLayout.applicationJar();}
 */
final class BuildLayout {
    private BuildLayout() {
    }

    static Path root() {
        String root = System.getProperty("imbrex.root");
        return (root != null ? Path.of(root) : Path.of("..")).toAbsolutePath().normalize();
    }

    static Path applicationJar() {
        String jar = System.getProperty("imbrex.jar");
        Path path = jar != null ? Path.of(jar) : root().resolve("jobs/target/imbrex-jobs-0.1.0-SNAPSHOT.jar");
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException("no application jar at " + path + "; run 'mvn package' first");
        }
        return path.toAbsolutePath();
    }

    static Path testDir() {
        return root().resolve("jobs/target/cluster-it");
    }

    static Path sparkHome() {
        return testDir().resolve("spark-home");
    }
}
