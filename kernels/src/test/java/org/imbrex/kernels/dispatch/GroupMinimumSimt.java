package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * {@link GroupMinimum}'s HLSL run SIMT: each statement is a loop over the lanes, so a barrier is the
 * boundary between two loops and needs no code.
 */
final class GroupMinimumSimt implements GroupShader {
    private final NumThreads numThreads;

    GroupMinimumSimt(NumThreads numThreads) {
        this.numThreads = numThreads;
    }

    @Override
    public String name() {
        return "group-minimum-simt";
    }

    @Override
    public NumThreads numThreads() {
        return numThreads;
    }

    @Override
    public int[] groupSharedWords() {
        return new int[] {numThreads.count()};
    }

    @Override
    public void main(GroupContext g) {
        ShaderResources r = g.resources();
        ConstantBuffer params = r.constantBuffer(0);
        int n = g.lanes();
        int[] partial = g.groupShared().register(0);
        int group = (g.groupIdZ() * params.word(2) + g.groupIdY()) * params.word(1) + g.groupIdX();
        for (int gi = 0; gi < n; gi++) {
            int i = group * n + gi;
            partial[gi] = Integer.compareUnsigned(i, params.word(0)) < 0 ? r.typedBuffer(0).ldX(i) : 0xFFFFFFFF;
        }
        for (int stride = 1; stride < n; stride *= 2) {
            for (int gi = 0; gi < n; gi++) {
                if (gi % (2 * stride) == 0 && gi + stride < n) {
                    partial[gi] = Integer.compareUnsigned(partial[gi], partial[gi + stride]) <= 0 ? partial[gi]
                            : partial[gi + stride];
                }
            }
        }
        r.rwBuffer(0).storeUint(group, partial[0]);
    }
}
