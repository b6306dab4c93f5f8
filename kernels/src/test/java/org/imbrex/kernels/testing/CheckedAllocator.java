package org.imbrex.kernels.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * A {@link RootAllocator} for one test or one property try: closing it asserts that every byte was given
 * back, then frees the allocator.
 *
 * <pre>{@code
 * try (CheckedAllocator arrow = new CheckedAllocator()) {
 *     try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 4, arrow.allocator())) { ... }
 * }   // fails here if a vector was left open
 * }</pre>
 */
public final class CheckedAllocator implements AutoCloseable {
    private final RootAllocator root = new RootAllocator();

    public BufferAllocator allocator() {
        return root;
    }

    @Override
    public void close() {
        long outstanding = root.getAllocatedMemory();
        try {
            assertThat(outstanding).as("Arrow bytes still allocated at teardown").isZero();
        } finally {
            if (outstanding == 0) {
                root.close();
            }
        }
    }
}
