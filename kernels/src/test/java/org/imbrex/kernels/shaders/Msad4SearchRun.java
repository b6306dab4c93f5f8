package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.testing.CheckedAllocator;

/** Runs {@link Msad4Search} once, binding t0, t1, u0 and b0 as its HLSL declares them. */
final class Msad4SearchRun {
    private Msad4SearchRun() {
    }

    /** The UAV words ({@code 4 · uavElements}) after one Dispatch; Arrow memory checked for leaks. */
    static int[] run(Msad4Search shader, int refSize, int[] reference, int[] source, int uavElements,
            Dispatch dispatch) {
        try (CheckedAllocator arrow = new CheckedAllocator();
                RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, uavElements, arrow.allocator())) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, reference, reference.length))
                    .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, source, source.length))
                    .setUnorderedAccessView(0, accum)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(refSize));
            new DeviceContext().dispatch(shader, resources, dispatch);
            int[] words = new int[uavElements * 4];
            for (int i = 0; i < words.length; i++) {
                words[i] = accum.uint(i / 4, i % 4);
            }
            if (accum.vector().getValueCount() != uavElements) {
                throw new AssertionError("UAV value count not published");
            }
            return words;
        }
    }
}
