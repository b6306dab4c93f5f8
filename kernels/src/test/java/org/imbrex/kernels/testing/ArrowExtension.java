package org.imbrex.kernels.testing;

import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a JUnit 5 test method a fresh {@link BufferAllocator} parameter and, after the test, asserts that
 * it holds zero bytes before closing it ({@link CheckedAllocator}).
 *
 * <pre>{@code
 * @ExtendWith(ArrowExtension.class)
 * class RWBufferTest {
 *     @Test void store_outOfBounds_writesNothing(BufferAllocator allocator) { ... }
 * }
 * }</pre>
 */
public final class ArrowExtension implements ParameterResolver, AfterEachCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ArrowExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == BufferAllocator.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getStore(NAMESPACE)
                .getOrComputeIfAbsent("allocator", key -> new CheckedAllocator(), CheckedAllocator.class)
                .allocator();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        CheckedAllocator allocator = context.getStore(NAMESPACE).remove("allocator", CheckedAllocator.class);
        if (allocator != null) {
            allocator.close();
        }
    }
}
