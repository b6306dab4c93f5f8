package org.imbrex.jobs.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where the build put what the cluster tests need. Failsafe passes {@code imbrex.root}, {@code
 * imbrex.jar} and {@code imbrex.jvm.flags} (Spark's JVM flags); run from an IDE, the module directory is
 * the working directory.
 *
 * <pre>
 *   ROOT/bin/imbrex-cluster
 *   ROOT/jobs/target/imbrex-jobs-VERSION.jar        the shaded application jar (package phase)
 *   ROOT/jobs/target/spark.classpath                Spark's jars, as bin/imbrex runs them
 *   ROOT/jobs/target/cluster-it/spark-home          the SPARK_HOME the script builds for the tests
 *   ROOT/jobs/target/cluster-it/NAME                one cluster's state, logs and worker work dirs
 *   ROOT/jobs/target/cluster-it/NAME-N-COMMAND.log  what each bin/imbrex-cluster run printed
 *   ROOT/jobs/target/cluster-it/search-input        the data and signatures of the search runs
 *   ROOT/jobs/target/cluster-it/motion-input        the clips of the motion runs
 *   ROOT/jobs/target/cluster-it/outputs/RUN         the table of each run, and what it left beside it
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

    /** The application jar, imbrex's log configuration and Spark's jars: what {@code bin/imbrex} runs with. */
    static String localClasspath() {
        try {
            String spark = Files.readString(root().resolve("jobs/target/spark.classpath")).trim();
            return applicationJar() + ":" + root().resolve("conf") + ":" + spark;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Spark's JVM flags ({@code spark.jvm.flags} of the parent POM), as a list of arguments. */
    static List<String> jvmFlags() {
        String flags = System.getProperty("imbrex.jvm.flags");
        if (flags == null || flags.isBlank()) {
            throw new IllegalStateException("no imbrex.jvm.flags system property; run the ITs with Maven (failsafe)");
        }
        return List.of(flags.trim().split("\\s+"));
    }

    static Path testDir() {
        return root().resolve("jobs/target/cluster-it");
    }

    static Path sparkHome() {
        return testDir().resolve("spark-home");
    }
}
