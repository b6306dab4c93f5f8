package org.imbrex.jobs.spark;

import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Hadoop's once-per-JVM set-up of its file systems, run on a daemon thread while the command line is parsed:
 * a job's first {@code FileSystem.get} (reading the signature or rule files, listing the inputs) otherwise
 * spends about 0.15 s on it, on the driver's critical path.
 * <pre>
 *   main thread   picocli builds and parses the command line (≈0.2 s) → job: read signatures, list inputs
 *   warm-up       the current user (UserGroupInformation) · the file system classes (ServiceLoader) ↑ done
 * </pre>
 * Both steps are what {@code FileSystem.get} does first with any configuration: the current user is set up
 * from a default {@code Configuration} whoever asks, and the file system classes found on the classpath are
 * kept in a static table; no {@code FileSystem} is made or cached, so the job's own options still decide
 * everything else. Only the commands that run a job warm up ({@link #startFor}), and {@code
 * -Dimbrex.warm-up=false} turns it off with the other warm-ups.
 *
 * <p>Example: {@code HadoopWarmUp.startFor(new String[] {"search", "--signatures", "r.yar", ...})} returns
 * at once.
 */
public final class HadoopWarmUp implements StartupWarmUp.Work {
    /** The commands whose first step reads through Hadoop's file systems. */
    static final Set<String> JOB_COMMANDS = Set.of("search", "motion", "demo");

    /**
     * Starts the warm-up when {@code command} (the command and its arguments, after the launcher's own) runs
     * a job: its first word is a job command and it asks for no help or version.
     */
    public static void startFor(String[] command) {
        if (runsJob(command)) {
            StartupWarmUp.startUnlessOff("hadoop", new HadoopWarmUp());
        }
    }

    static boolean runsJob(String[] command) {
        if (command.length == 0 || !JOB_COMMANDS.contains(command[0])) {
            return false;
        }
        for (String arg : command) {
            if (arg.equals("-h") || arg.equals("--help") || arg.equals("-V") || arg.equals("--version")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void run(BooleanSupplier stopped) throws Exception {
        UserGroupInformation.getCurrentUser();
        FileSystem.getFileSystemClass("file", new Configuration());
    }
}
