package org.imbrex.kernels.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The one line {@link OneLineErrors} prints for a bad command line. */
class OneLineErrorsTest {

    /** Found by {@code ShaderCommandFuzzTest}: an argument with a NUL or an ESC went into the line as it was. */
    @Test
    void handleParseException_controlCharactersInTheArguments_areEscaped() {
        CommandLine line = OneLineErrors.commandLine(new ShaderCommand());
        StringWriter err = new StringWriter();
        line.setErr(new PrintWriter(err));

        int code = line.execute("msad4-search", "1", "--srv", "0:R32\u001FUINT:ref.bin", "--x\u0000\u001B[2J");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("shader: Unknown option: '--x\\x00\\x1B[2J'\n"
                + "Try 'shader --help' for more information.\n");
    }
}
