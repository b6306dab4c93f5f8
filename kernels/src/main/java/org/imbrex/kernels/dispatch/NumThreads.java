package org.imbrex.kernels.dispatch;

/**
 * A compute shader's {@code [numthreads(X, Y, Z)]} attribute: the shape of one thread group.
 *
 * <p>Threads of a group are numbered by {@code SV_GroupIndex} (spec §2.2, FS §18.6.4):
 * <pre>
 *   SV_GroupIndex = tz·X·Y + ty·X + tx
 *
 *   numthreads(4,2,2):   tz=0            tz=1
 *                        0  1  2  3      8  9 10 11     ← ty = 0
 *                        4  5  6  7     12 13 14 15     ← ty = 1
 * </pre>
 * Example: {@code NumThreads.of(64, 1, 1, ShaderModel.CS_5_0).count()} is 64; {@code NumThreads.of(1025,
 * 1, 1, CS_5_0)} throws, naming 1025 and the limit 1024.
 */
public record NumThreads(int x, int y, int z) {

    /** Checks the shape against a profile's limits (spec §2.1); the message names the value and the limit. */
    public static NumThreads of(int x, int y, int z, ShaderModel model) {
        check("X", x, model.maxX(), model);
        check("Y", y, model.maxY(), model);
        check("Z", z, model.maxZ(), model);
        long total = (long) x * y * z;
        if (total > model.maxThreadsPerGroup()) {
            throw new IllegalArgumentException("numthreads(" + x + ", " + y + ", " + z + ") has " + total
                    + " threads per group; " + model.profile() + " allows at most " + model.maxThreadsPerGroup());
        }
        return new NumThreads(x, y, z);
    }

    /** A cs_5_0 shape. */
    public static NumThreads of(int x, int y, int z) {
        return of(x, y, z, ShaderModel.CS_5_0);
    }

    private static void check(String axis, int value, int max, ShaderModel model) {
        if (value < 1 || value > max) {
            throw new IllegalArgumentException("numthreads " + axis + " = " + value + " is out of range; "
                    + model.profile() + " allows 1.." + max);
        }
    }

    /** Threads per group, X·Y·Z. */
    public int count() {
        return x * y * z;
    }

    /** {@code SV_GroupIndex} of a group thread id: {@code tz·X·Y + ty·X + tx} (FS §18.6.4). */
    public int groupIndex(int tx, int ty, int tz) {
        return tz * x * y + ty * x + tx;
    }

    @Override
    public String toString() {
        return "numthreads(" + x + ", " + y + ", " + z + ")";
    }
}
