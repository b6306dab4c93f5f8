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
sealed interface JobCase permits SearchCase {

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
     * {@code COMMAND OPTIONS... EXTRA...}: the job over its input, writing to {@code output}, cut as
     * {@code partitioning} says.
     */
    String[] arguments(Path output, Partitioning partitioning, String... extra);

    /** Reads a table this job wrote. */
    ResultTable read(Path table);

    /** The table of the local-mode run. */
    ResultTable reference();
}
