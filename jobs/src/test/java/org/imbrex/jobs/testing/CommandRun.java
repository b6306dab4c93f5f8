package org.imbrex.jobs.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.imbrex.jobs.ImbrexMain;

/**
 * One run of the {@code imbrex} command line in this JVM, with what it printed. The launcher arguments
 * ({@code --properties-file}, {@code --conf}) set system properties; they are restored afterwards.
 *
 * <p>Example: {@code CommandRun run = CommandRun.of("search", "--help"); run.exitCode(); run.out();}
 *
 * @param exitCode what {@link ImbrexMain#run} returned
 * @param out      standard output
 * @param err      standard error
 */
public record CommandRun(int exitCode, String out, String err) {

    public static synchronized CommandRun of(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        Properties properties = (Properties) System.getProperties().clone();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            exitCode = ImbrexMain.run(args);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            System.setProperties(properties);
        }
        return new CommandRun(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Standard error without its trailing newline. */
    public String errLine() {
        return err.strip();
    }
}
