package org.imbrex.jobs.spark;

/**
 * Shares of a stage's work for its tasks in launch order, tapering linearly from 1.6 times the mean share to
 * 0.4 times it. Spark launches a stage's tasks in partition order, each on the first free core, so the cores
 * run out of work at about the same time when the last tasks are short: with equal shares, a core that
 * finishes early waits for the whole of another core's last task (a motion job of 8 tasks on 2 cores: one
 * core idle for 0.47 s of 3.7 s).
 *
 * <pre>
 *   8 tasks, equal      12.5  12.5  12.5  12.5  12.5  12.5  12.5  12.5   %
 *   8 tasks, tapered    20.0  17.9  15.7  13.6  11.4   9.3   7.1   5.0   %
 *   share of task i     w_i = a·(1 − ¾·i/(n−1)),  a = 1.6 · 100/n                 (w_(n−1) = 0.4 · 100/n)
 *   before task k       F(k) = (k − ¾·k(k−1)/(2(n−1))) / (n·⅝)                    F(0) = 0, F(n) = 1
 * </pre>
 * The first tasks, the largest, also meet the JIT compiling the job's code: a fixed delay, which the short
 * tasks at the end even out. Example: {@code TaperedShares.before(1, 8)} is 0.2, {@code before(8, 8)} is 1.
 */
public final class TaperedShares {
    /** The last task's share over the first's. */
    static final double LAST_OVER_FIRST = 0.25;
    /** The first task's share over the mean share: 2 / (1 + LAST_OVER_FIRST). */
    public static final double FIRST_OVER_MEAN = 2 / (1 + LAST_OVER_FIRST);

    private TaperedShares() {
    }

    /** The share of the work of tasks {@code [0, task)} of {@code tasks}, from 0 (task 0) to 1 (task = tasks). */
    public static double before(int task, int tasks) {
        if (tasks < 1 || task < 0 || task > tasks) {
            throw new IllegalArgumentException("task " + task + " of " + tasks);
        }
        if (tasks == 1) {
            return task;
        }
        double taper = (1 - LAST_OVER_FIRST) / (tasks - 1);
        double sum = task - taper * task * (task - 1) / 2.0;
        double total = tasks - taper * tasks * (tasks - 1) / 2.0;
        return task == tasks ? 1 : sum / total;
    }

    /**
     * Cuts {@code units} whole units of work (frames, say) into {@code tasks} runs of tapering length, each of at
     * least one unit: {@code tasks} is lowered to {@code units} when larger. The lengths sum to {@code units}.
     */
    public static int[] runs(long units, int tasks) {
        if (units < 1) {
            return new int[0];
        }
        int n = (int) Math.min(tasks, units);
        int[] runs = new int[n];
        long start = 0;
        for (int k = 0; k < n; k++) {
            // at least one unit for this run, and one for each run after it
            long end = Math.max(start + 1, Math.min(units - (n - 1 - k), Math.round(units * before(k + 1, n))));
            runs[k] = Math.toIntExact(end - start);
            start = end;
        }
        return runs;
    }
}
