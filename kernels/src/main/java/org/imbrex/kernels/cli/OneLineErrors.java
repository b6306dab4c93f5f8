package org.imbrex.kernels.cli;

import java.io.PrintWriter;
import org.imbrex.kernels.text.OneLineText;
import picocli.CommandLine;

/**
 * Reports a bad command line as one line, {@code imbrex <command>: <what is wrong>}, plus a pointer to
 * {@code --help}, and exits with code 2 (picocli's usage error code). The line stays one printable line
 * whatever the arguments held: control characters quoted from them are escaped ({@link OneLineText}).
 *
 * <p>Example: {@code imbrex shader: --uav 0:R32_UINT:x:out.bin: BYTES 'x' is not a number}.
 */
public final class OneLineErrors implements CommandLine.IParameterExceptionHandler {

    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(OneLineText.of(command.getCommandSpec().qualifiedName() + ": " + ex.getMessage()));
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    /** A command line for {@code command} with one-line errors. */
    public static CommandLine commandLine(Object command) {
        CommandLine line = new CommandLine(command);
        line.setParameterExceptionHandler(new OneLineErrors());
        line.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof CommandLine.ParameterException pe) {
                return new OneLineErrors().handleParseException(pe, new String[0]);
            }
            throw ex;
        });
        return line;
    }
}
