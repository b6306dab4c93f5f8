package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Per-group minima through groupshared memory and {@code GroupMemoryBarrierWithGroupSync} (spec §2.3), for
 * group shapes that are and are not powers of two, buffers that are not a multiple of the group, and
 * groups in x, y and z; compared with a plain loop.
 */
@ExtendWith(ArrowExtension.class)
class GroupSharedReductionTest {

    /** Oracle: the unsigned minimum of each run of n elements, 0xFFFFFFFF for runs past the end. */
    private static int[] minima(int[] input, int n, int groups) {
        int[] out = new int[groups];
        for (int group = 0; group < groups; group++) {
            long min = 0xFFFF_FFFFL;
            for (int k = 0; k < n; k++) {
                long index = (long) group * n + k;
                if (index < input.length) {
                    min = Math.min(min, Integer.toUnsignedLong(input[(int) index]));
                }
            }
            out[group] = (int) min;
        }
        return out;
    }

    private static int[] run(ComputeShader shader, int[] input, Dispatch dispatch, BufferAllocator allocator) {
        int groups = (int) dispatch.groupCount();
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, groups, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, input, input.length))
                    .setUnorderedAccessView(0, out)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(input.length, dispatch.groupsX(), dispatch.groupsY()));
            new DeviceContext().dispatch(shader, resources, dispatch);
            int[] result = new int[groups];
            int[] rgba = new int[4];
            for (int g = 0; g < groups; g++) {
                out.load(g, rgba);
                result[g] = rgba[0];
            }
            return result;
        }
    }

    private static int[] randomInput(int size, long seed) {
        Random random = new Random(seed);
        int[] input = new int[size];
        for (int i = 0; i < size; i++) {
            input[i] = random.nextInt() | 1;   // never 0: a 0 read from an unwritten slot would show
        }
        return input;
    }

    @ParameterizedTest(name = "numthreads({0},{1},{2}), Dispatch({3},{4},{5}), {6} elements")
    @CsvSource({
        "1,  1, 1, 3, 2, 2, 11",
        "63, 1, 1, 2, 2, 1, 250",
        "64, 1, 1, 3, 1, 1, 129",
        "65, 1, 1, 1, 2, 2, 259",
        "8,  8, 1, 2, 1, 2, 200",
        "4,  4, 4, 1, 3, 2, 321",
        "63, 1, 1, 1, 1, 1, 1",
        "65, 1, 1, 2, 1, 1, 64"})
    void groupMinimum_barriers_matchPlainLoop(int tx, int ty, int tz, int gx, int gy, int gz, int size,
            BufferAllocator allocator) {
        NumThreads shape = NumThreads.of(tx, ty, tz);
        Dispatch dispatch = Dispatch.of(gx, gy, gz);
        int[] input = randomInput(size, 31L * size + tx);
        int[] expected = minima(input, shape.count(), (int) dispatch.groupCount());
        assertThat(run(new GroupMinimum(shape), input, dispatch, allocator)).as("cooperative threads")
                .containsExactly(expected);
        assertThat(run(new GroupMinimumSimt(shape), input, dispatch, allocator)).as("SIMT")
                .containsExactly(expected);
    }
}
