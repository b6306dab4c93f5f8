package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * Runs a small assembly program the way the spec-vector tests need it: inputs in {@code cb0} (raw words),
 * results in {@code u0}, an R32_UINT buffer of {@code outputs} words (zeros before the Dispatch).
 *
 * <pre>
 *   cs_5_0 / dcl_thread_group 1, 1, 1 / dcl_constantBuffer cb0[…] / dcl_uav_typed_buffer (uint,…) u0
 *   …body…                       e.g. add r0.x, cb0[0].x, cb0[0].y / store_uav_typed u0.xyzw, l(0), r0.xxxx
 * </pre>
 */
final class AsmRun {
    private AsmRun() {
    }

    /** The standard header: one thread, {@code cbRegisters} of cb0, u0, {@code temps} temps. */
    static String header(String numThreads, int cbRegisters, int temps) {
        return "cs_5_0\ndcl_thread_group " + numThreads + "\ndcl_constantBuffer cb0[" + cbRegisters
                + "], immediateIndexed\ndcl_uav_typed_buffer (uint,uint,uint,uint) u0\ndcl_temps " + temps + "\n";
    }

    static int[] run(String asm, int[] cb0, int outputs, Dispatch dispatch) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int[] words = new int[outputs];
            try (RWBuffer u0 = RWBuffer.allocate(DxgiFormat.R32_UINT, outputs, allocator)) {
                ShaderResources resources = new ShaderResources().setUnorderedAccessView(0, u0)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(cb0));
                new DeviceContext().dispatch(AsmShader.parse("test.asm", asm), resources, dispatch);
                for (int i = 0; i < outputs; i++) {
                    words[i] = u0.uint(i, 0);
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return words;
        }
    }

    /** One thread; each result {@code r#.c} listed in {@code stores} goes to u0[i]. */
    static int[] single(String body, int[] cb0, int temps, String... stores) {
        String header = header("1, 1, 1", Math.max(1, (cb0.length + 3) / 4), temps);
        if (body.contains("x0[")) {
            header += "dcl_indexableTemp x0[3], 4\n";
        }
        StringBuilder asm = new StringBuilder(header).append(body).append('\n');
        for (int i = 0; i < stores.length; i++) {
            asm.append("store_uav_typed u0.xyzw, l(").append(i).append("), ").append(stores[i]).append('\n');
        }
        asm.append("ret\n");
        return run(asm.toString(), cb0, stores.length, Dispatch.of(1));
    }
}
