package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 block-gather shader ({@code Msad4BlockGather.hlsl}) in Java: {@link Msad4BlockMatch}'s loop for
 * the candidate lanes a selection ({@link SeaSelect}) listed per block, stored where the dense shader stores
 * them, so the listed lanes' UAV elements are the dense shader's and the others are left as they were.
 *
 * <pre>
 * Buffer&lt;uint&gt; lanes : register(t2);        // per block: CANDIDATES slots
 * Buffer&lt;uint&gt; lane_count : register(t3);   // per block: slots in use
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint block = DTid.z * (WIDTH / BLOCK) + DTid.y;
 *     if (DTid.x &gt;= lane_count[block]) return;
 *     uint c = lanes[block * CANDIDATES + DTid.x];
 *     ... Msad4BlockMatch's body for lane c ...
 * }
 * </pre>
 * Dispatched like the dense shader, {@code Dispatch(ceil(CANDIDATES / 64), WIDTH / BLOCK, blockRows)}: a
 * group whose block listed fewer lanes than its first thread returns at once. Example: block 0 lists lanes
 * {@code (30, 41)} and {@code lane_count[0] = 2}: threads 0 and 1 of group (0, 0, 0) write elements {@code
 * 30·BANDS ..} and {@code 41·BANDS ..}, as lanes 30 and 41 of {@link Msad4BlockMatch} would.
 */
public final class Msad4BlockGather implements GroupShader {
    /** Threads per group. */
    public static final int LANES = BlockMatchLanes.LANES;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-block-gather}. */
    public static final String NAME = "msad4-block-gather";

    private final BlockMatchLanes lanes;
    private final int[] candidates = new int[LANES];

    /** The shader, its lane loops in this JVM's {@link LaneLoops#active()} form. */
    public Msad4BlockGather() {
        this(LaneLoops.active());
    }

    /** The shader with the given lane loops ({@link LaneLoops#VECTOR} needs the module {@code jdk.incubator.vector}). */
    public Msad4BlockGather(LaneLoops loops) {
        this.lanes = new BlockMatchLanes(loops, false);
    }

    /** The form this instance's lane loops take. */
    public LaneLoops laneLoops() {
        return lanes.laneLoops();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer curLuma = group.resources().typedBuffer(0);
        TypedBuffer prevLuma = group.resources().typedBuffer(1);
        TypedBuffer laneList = group.resources().typedBuffer(2);
        TypedBuffer laneCount = group.resources().typedBuffer(3);
        RWBuffer candSad = group.resources().rwBuffer(0);
        BlockParams p = BlockParams.of(group.resources().constantBuffer(0));
        int blockCol = group.groupIdY();
        int blockRow = group.groupIdZ();
        if (group.groupIdX() == 0 && blockCol == 0 && blockRow == 0) {
            lanes.dispatchStarts(); // groups run x fastest (spec §2.3): group (0, 0, 0) comes first
        }
        // uint block = DTid.z * (WIDTH / BLOCK) + DTid.y;  if (DTid.x >= lane_count[block]) return;
        int block = blockRow * p.blocksX() + blockCol;
        int firstLane = group.dispatchThreadIdX(0);
        int active = (int) Math.max(0, Math.min(LANES, Integer.toUnsignedLong(laneCount.ldX(block))
                - Integer.toUnsignedLong(firstLane)));
        if (active == 0) {
            return;
        }
        // uint c = lanes[block * CANDIDATES + DTid.x];
        laneList.ldRange(block * p.candidates() + firstLane, candidates, active);
        lanes.score(p, curLuma, prevLuma, candSad, candidates, active, blockCol, blockRow);
    }
}
