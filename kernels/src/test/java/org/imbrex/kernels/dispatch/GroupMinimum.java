package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * A test shader that reduces a buffer to one minimum per thread group through groupshared memory and
 * barriers, for any numthreads and any 3-D Dispatch:
 *
 * <pre>
 * Buffer&lt;uint&gt; input : register(t0);
 * RWBuffer&lt;uint&gt; minima : register(u0);
 * cbuffer Params : register(b0) { uint COUNT; uint GX; uint GY; };
 * groupshared uint partial[N];                                  // N = X·Y·Z
 * [numthreads(X, Y, Z)]
 * void main(uint3 gid : SV_GroupID, uint gi : SV_GroupIndex) {
 *     uint group = (gid.z * GY + gid.y) * GX + gid.x;
 *     uint i = group * N + gi;
 *     partial[gi] = i &lt; COUNT ? input[i] : 0xFFFFFFFF;
 *     for (uint stride = 1; stride &lt; N; stride *= 2) {
 *         GroupMemoryBarrierWithGroupSync();
 *         if (gi % (2 * stride) == 0 &amp;&amp; gi + stride &lt; N)
 *             partial[gi] = min(partial[gi], partial[gi + stride]);
 *     }
 *     GroupMemoryBarrierWithGroupSync();
 *     if (gi == 0) minima[group] = partial[0];
 * }
 * </pre>
 * Without a working barrier, thread 0 would combine slots no other thread had written yet.
 */
final class GroupMinimum implements ThreadShader {
    private final NumThreads numThreads;

    GroupMinimum(NumThreads numThreads) {
        this.numThreads = numThreads;
    }

    @Override
    public String name() {
        return "group-minimum";
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
    public boolean usesGroupSync() {
        return true;
    }

    @Override
    public void main(ThreadContext t) {
        ShaderResources r = t.resources();
        ConstantBuffer params = r.constantBuffer(0);
        int n = numThreads.count();
        int[] partial = t.groupShared().register(0);
        int gi = t.groupIndex();
        Uint3 gid = t.groupId();
        int group = (gid.z() * params.word(2) + gid.y()) * params.word(1) + gid.x();
        int i = group * n + gi;
        partial[gi] = Integer.compareUnsigned(i, params.word(0)) < 0 ? r.typedBuffer(0).ldX(i) : 0xFFFFFFFF;
        for (int stride = 1; stride < n; stride *= 2) {
            t.groupMemoryBarrierWithGroupSync();
            if (gi % (2 * stride) == 0 && gi + stride < n) {
                partial[gi] = Integer.compareUnsigned(partial[gi], partial[gi + stride]) <= 0 ? partial[gi]
                        : partial[gi + stride];
            }
        }
        t.groupMemoryBarrierWithGroupSync();
        if (gi == 0) {
            r.rwBuffer(0).storeUint(group, partial[0]);
        }
    }
}
