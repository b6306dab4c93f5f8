package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * Runs the filter shaders with their HLSL bindings and returns u0's words, asserting that no Arrow memory
 * is left: {@code GramFilter} (t0 tile words, t1 key words of the four classes, u0 R32_UINT) and {@code Msad4Gather} (t0
 * reference, t1 tile words, t2 window starts, u0 R32G32B32A32_UINT, cb0 REF_SIZE).
 */
public final class ShaderRun {
    private ShaderRun() {
    }

    /** u0 of a gram filter Dispatch of {@code groups} groups, one word per thread. */
    public static int[] gramFilter(ComputeShader shader, int[] source, int[] keys, int groups) {
        return gramFilter(shader, source, TypedBuffer.ofWords(DxgiFormat.R32_UINT, keys, keys.length), groups);
    }

    /** u0 of a gram-filter Dispatch with {@code keys} bound as t1. */
    public static int[] gramFilter(ComputeShader shader, int[] source, TypedBuffer keys, int groups) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int[] words = new int[64 * groups];
            try (RWBuffer hits = RWBuffer.allocate(DxgiFormat.R32_UINT, words.length, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, source, source.length))
                        .setShaderResource(1, keys)
                        .setUnorderedAccessView(0, hits);
                new DeviceContext().dispatch(shader, resources, Dispatch.of(groups));
                hits.readWords(0, words, words.length);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return words;
        }
    }

    /** u0 of a gather Dispatch of {@code groups} groups into a UAV of {@code elements} elements, 4 words each. */
    public static int[] msad4Gather(ComputeShader shader, int[] reference, int[] source, int[] at, int groups,
            int elements) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int[] words = new int[4 * elements];
            try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, elements, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, reference, reference.length))
                        .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, source, source.length))
                        .setShaderResource(2, TypedBuffer.ofWords(DxgiFormat.R32_UINT, at, at.length))
                        .setUnorderedAccessView(0, accum)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(reference.length));
                new DeviceContext().dispatch(shader, resources, Dispatch.of(groups));
                accum.readWords(0, words, words.length);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return words;
        }
    }

    /** u0 of a sum bound Dispatch of {@code groups} groups into a UAV of {@code elements} elements, 4 words each. */
    public static int[] sumBound(ComputeShader shader, int[] prefix, int[] runs, int runCount, int[] at, int groups,
            int elements) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int[] words = new int[4 * elements];
            try (RWBuffer bound = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, elements, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, prefix, prefix.length))
                        .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, runs, runs.length))
                        .setShaderResource(2, TypedBuffer.ofWords(DxgiFormat.R32_UINT, at, at.length))
                        .setUnorderedAccessView(0, bound)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(runCount));
                new DeviceContext().dispatch(shader, resources, Dispatch.of(groups));
                bound.readWords(0, words, words.length);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return words;
        }
    }
}
