package org.imbrex.jobs;

import java.io.PrintWriter;
import org.apache.spark.SparkException;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.kernels.cli.OneLineErrors;
import picocli.CommandLine;

/**
 * Turns what a command throws into what a user should see: bad input (an {@link IllegalArgumentException}
 * raised while checking options, signatures, inputs or the output) is one line and exit code 2; any other
 * failure is one line and exit code 1, with the stack trace in the log at debug level only when asked for
 * ({@code IMBREX_DEBUG=1}).
 *
 * <p>Example: {@code imbrex search: --input /nope: input '/nope' does not exist}.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine command, CommandLine.ParseResult parsed) {
        if (ex instanceof CommandLine.ParameterException parameter) {
            return new OneLineErrors().handleParseException(parameter, new String[0]);
        }
        PrintWriter err = command.getErr();
        String name = command.getCommandSpec().qualifiedName();
        if (ex instanceof IllegalArgumentException) {
            err.println(name + ": " + ex.getMessage());
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        err.println(name + ": failed: " + rootMessage(ex));
        if (System.getenv("IMBREX_DEBUG") != null) {
            ex.printStackTrace(err);
        } else {
            err.println("(set IMBREX_DEBUG=1 for the stack trace)");
        }
        err.flush();
        return CommandLine.ExitCode.SOFTWARE;
    }

    /**
     * One line about a failure: the root cause's message, with the outer message when it adds something. A
     * failed Spark job's message repeats the task's exception and its stack trace, so only the cause is kept.
     */
    static String rootMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String message = firstLine(cause);
        if (cause == failure || failure instanceof SparkException || failure instanceof JobProgress.JobFailed) {
            return message;
        }
        String outer = firstLine(failure);
        return outer.contains(message) ? outer : message + " (" + outer + ")";
    }

    private static String firstLine(Throwable failure) {
        String message = failure.getMessage();
        if (message == null || message.isBlank()) {
            return failure.getClass().getSimpleName();
        }
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).strip();
    }
}
