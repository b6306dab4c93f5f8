package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.jobs.motion.MotionTable;

/**
 * The {@code motion} the cluster suite runs: {@link MotionInput}'s two panning clips searched with
 * {@code --block 16 --range 4}. Small frames and a short range keep every run short, executors' cold JITs
 * included (a run's time is then mostly Spark's); a task is a run of frames (stripes only cut its frames
 * in turn), and single frames give the executor-loss run 14 tasks, the first of which take seconds on a
 * fresh executor. Its local reference run must give every block of known motion its vector, so the
 * reference is right before runs are compared with it.
 *
 * <pre>
 *   partitioning      --frames-per-task  --stripe-rows  --partitions   search tasks (pan-420 + pan-444)
 *   LOCAL_REFERENCE   (automatic: 4)     (automatic: 1)                2 + 2 = 4
 *   CLIENT_MODE       4                  2                             2 + 2 = 4
 *   CLUSTER_MODE      3                  3              4              3 + 2 = 5, in 4 partitions
 *   MANY_TASKS        1                  2                             8 + 6 = 14
 *   DRIVER_LOSS       3                  (automatic: 1)                3 + 2 = 5
 *   RERUN             5                  4              2              2 + 2 = 4, in 2 partitions
 *
 *   runs of frames; pan-420 has 8 frame pairs of 5 block rows, pan-444 6 of 4
 * </pre>
 * Even partition counts, since the two executors have one core each. Example: {@code JobCase motion =
 * MotionCase.prepare();}
 */
record MotionCase(MotionInput input, ResultTable reference) implements JobCase {

    /** Writes the clips and runs the local reference search. */
    static MotionCase prepare() {
        MotionInput input = MotionInput.write(BuildLayout.testDir().resolve("motion-input"), 20261202);
        MotionCase unfinished = new MotionCase(input, null);
        Path output = Outputs.fresh("motion-local-reference");
        LocalImbrex.run("motion-local-reference", unfinished.arguments(output, Partitioning.LOCAL_REFERENCE));
        ResultTable reference = unfinished.read(output);
        assertThat(reference.rows()).as("the local run has a row per block and the known vectors")
                .hasSize((int) input.rows())
                .doesNotHaveDuplicates()
                .containsAll(input.known());
        return new MotionCase(input, reference);
    }

    @Override
    public String command() {
        return "motion";
    }

    @Override
    public String workPhase() {
        return "imbrex motion: search";
    }

    @Override
    public String workCounter() {
        return "imbrex motion: frames";
    }

    @Override
    public String[] arguments(Path output, Partitioning partitioning, String... extra) {
        List<String> args = new ArrayList<>(List.of(command(), "--input", input.inputOption(),
                "--output", output.toString(), "--block", Integer.toString(MotionInput.BLOCK),
                "--range", Integer.toString(MotionInput.RANGE)));
        args.addAll(switch (partitioning) {
            case LOCAL_REFERENCE -> List.of("--master", "local[2]");
            case CLIENT_MODE -> List.of("--frames-per-task", "4", "--stripe-rows", "2");
            case CLUSTER_MODE -> List.of("--frames-per-task", "3", "--stripe-rows", "3", "--partitions", "4");
            case MANY_TASKS -> List.of("--frames-per-task", "1", "--stripe-rows", "2");
            case DRIVER_LOSS -> List.of("--frames-per-task", "3");
            case RERUN -> List.of("--frames-per-task", "5", "--stripe-rows", "4", "--partitions", "2");
        });
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Override
    public ResultTable read(Path table) {
        return ResultTable.read(table, MotionTable.SCHEMA);
    }
}
