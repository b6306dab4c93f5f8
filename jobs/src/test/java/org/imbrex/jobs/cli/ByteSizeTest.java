package org.imbrex.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class ByteSizeTest {

    @ParameterizedTest
    @CsvSource({"4096, 4096", "0, 0", "1k, 1024", "64K, 65536", "64m, 67108864", "1g, 1073741824",
        "2G, 2147483648", "1t, 1099511627776", "8kb, 8192", "8KiB, 8192", "3MB, 3145728", "' 5m ', 5242880"})
    void parse_numberWithBinarySuffix_isBytes(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.5g", "-1", "-1k", "", "k", "12x", "1e6", "9223372036854775807k", "0x10"})
    void parse_notAWholeSize_isRefusedWithAnExample(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessage("'" + text + "' is not a size (a whole number of bytes, or with a k, m, g or t suffix,"
                        + " e.g. 64m)");
    }

    /**
     * Found by {@code SearchCommandFuzzTest}: the digits went to {@code Long.parseLong}, which also takes a
     * sign and digits of other scripts, and "ib" was dropped after a bare number.
     */
    @ParameterizedTest
    @ValueSource(strings = {"-0", "+5", "+5k", "5ib", "\u0665", "\u0665k", "5\u212A", "5 k", "5b"})
    void parse_signsOtherDigitsAndStraySuffixes_areRefused(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessageStartingWith("'" + text + "' is not a size");
    }

    @ParameterizedTest
    @CsvSource({"00000000000000000000001k, 1024", "9223372036854775807, 9223372036854775807",
        "8191t, 9006099743113216"})
    void parse_longDigitRuns_areTheirValue(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({"0, 0 B", "1023, 1023 B", "1024, 1.0 KiB", "67108864, 64.0 MiB", "2281701381, 2.1 GiB"})
    void format_bytes_usesTheLargestBinaryUnit(long bytes, String text) {
        assertThat(ByteSize.format(bytes)).isEqualTo(text);
    }
}
