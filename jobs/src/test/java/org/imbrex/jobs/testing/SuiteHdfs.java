package org.imbrex.jobs.testing;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test classes the run's one {@link LocalHdfs}: started on first use (about 10 s on two cores) in
 * {@code target/hdfs-PID}, shared by every class of the test JVM that asks for it, and stopped (its files
 * removed) when the run ends, even when tests failed. A class asks with a {@code LocalHdfs} parameter of a
 * test, {@code @BeforeAll} or {@code @BeforeEach} method, and keeps its files below {@code /ClassName}:
 *
 * <pre>
 * &#64;ExtendWith(SuiteHdfs.class)
 * class MatchesFromHdfsIT {
 *     private static String input;
 *
 *     &#64;BeforeAll
 *     static void putInput(LocalHdfs hdfs) {
 *         input = hdfs.put(Path.of("target/corpus"), "/MatchesFromHdfsIT/corpus");
 *     }
 *
 *     &#64;Test
 *     void read(LocalHdfs hdfs) { ... spark.read().format("imbrex").load(input) ... }
 * }
 * </pre>
 */
public final class SuiteHdfs implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SuiteHdfs.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LocalHdfs.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Path dir = Path.of("target", "hdfs-" + ProcessHandle.current().pid()).toAbsolutePath();
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("hdfs", key -> LocalHdfs.start(dir),
                LocalHdfs.class);
    }
}
