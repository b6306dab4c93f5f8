package org.imbrex.jobs;

import org.imbrex.jobs.cli.GlobalArguments;
import org.imbrex.jobs.cli.SparkConfDefaults;
import org.imbrex.jobs.motion.MotionCommand;
import org.imbrex.jobs.search.SearchCommand;
import org.imbrex.jobs.spark.HadoopWarmUp;
import org.imbrex.kernels.cli.OneLineErrors;
import org.imbrex.kernels.cli.ShaderCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code imbrex} command: {@code bin/imbrex <command>} locally, or {@code spark-submit --class
 * org.imbrex.jobs.ImbrexMain imbrex-jobs.jar <command>} on a cluster.
 *
 * <p>Example: {@code imbrex shader msad4-search 1 --srv 0:R32_UINT:ref.bin ...}.
 */
@Command(name = "imbrex", mixinStandardHelpOptions = true, versionProvider = ImbrexMain.Version.class,
        description = "Find byte patterns in very large data, and motion in videos, with a bit-exact Direct3D 11 "
                + "msad4 shader on Spark.",
        subcommands = {SearchCommand.class, MotionCommand.class, DemoCommand.class, ShaderCommand.class,
            CommandLine.HelpCommand.class})
public final class ImbrexMain implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (0 success, 1 failure, 2 bad arguments). */
    public static int run(String... args) {
        String[] rest;
        try {
            rest = GlobalArguments.apply(args);
        } catch (IllegalArgumentException e) {
            System.err.println("imbrex: " + e.getMessage());
            return CommandLine.ExitCode.USAGE;
        }
        HadoopWarmUp.startFor(rest);
        CommandLine line = OneLineErrors.commandLine(new ImbrexMain());
        line.setDefaultValueProvider(new SparkConfDefaults());
        line.setExecutionExceptionHandler(new FailureHandler());
        return line.execute(rest);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required: "
                + String.join(", ", spec.subcommands().keySet()));
    }

    /** The version from the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = ImbrexMain.class.getPackage().getImplementationVersion();
            return new String[] {"imbrex " + (version == null ? "(development build)" : version)};
        }
    }
}
