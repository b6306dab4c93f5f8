package org.imbrex.jobs.cluster;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives test classes the suite's two-worker cluster: started once, on first use, for every cluster test
 * class of the run, and stopped (with its no-process, no-port check) when the run ends, even when tests
 * failed. Example:
 *
 * <pre>
 * &#64;ExtendWith(SuiteCluster.class)
 * class DeployModesIT {
 *     &#64;BeforeAll static void setUp(StandaloneCluster cluster) { ... }
 * }
 * </pre>
 */
final class SuiteCluster implements ParameterResolver {
    static final int WORKERS = 2;
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SuiteCluster.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == StandaloneCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cluster",
                key -> StandaloneCluster.start("suite", WORKERS), StandaloneCluster.class);
    }
}
