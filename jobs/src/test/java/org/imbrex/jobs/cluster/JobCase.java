package org.imbrex.jobs.cluster;

import java.nio.file.Path;

/**
 * A job the cluster suite runs: its input, already written, and its reference table, written by a
 * local-mode run ({@link LocalImbrex}). Every run of the suite cuts the work into tiles, splits and tasks
 * its own way ({@link Partitioning}); whatever the cut and whatever fails on the way, a finished run must
 * write exactly the reference rows.
 *
 * <p>Example: {@code cluster.submit(List.of(), job.arguments(output, Partitioning.CLIENT_MODE))} runs
 * {@code imbrex search --signatures S --input I --output O --max-sad 6 --tile-size 64k --split-size 1m}.
 */
sealed interface JobCase permits SearchCase, MotionCase {

    /** The runs of the suite; a job gives each its own tile, split and task counts. */
    enum Partitioning {
        /** The local-mode run that writes the reference table. */
        LOCAL_REFERENCE,
        CLIENT_MODE,
        CLUSTER_MODE,
        /** Many short tasks: an executor can be caught running one while most of the stage is to come. */
        MANY_TASKS,
        DRIVER_LOSS,
        /** The {@code --overwrite} run after a failed one. */
        RERUN
    }

    /** The imbrex command, as named on the command line: {@code search}, {@code motion}. */
    String command();

    /**
     * How the job's description in the Spark UI starts while its tasks do the job's work (scan the data,
     * search the frames): the phase in which the executor-loss test kills an executor.
     */
    String workPhase();

    /**
     * A named accumulator the tasks of the work phase add to ({@code "imbrex motion: frames"}): in the
     * event log, the stage that did the job's work is the one that counted it.
     */
    String workCounter();

    /**
     * {@code COMMAND OPTIONS... EXTRA...}: the job over its input, writing to {@code output}, cut as
     * {@code partitioning} says.
     */
    String[] arguments(Path output, Partitioning partitioning, String... extra);

    /** Reads a table this job wrote. */
    ResultTable read(Path table);

    /** The table of the local-mode run. */
    ResultTable reference();
}
