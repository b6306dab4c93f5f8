package org.imbrex.io.signature;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the text signature format ({@code name = 4D 5A ?? 00}, one a line): any bytes give a signature set
 * or a one-line {@link SignatureFormatException}, as {@link SignatureFileContract} states.
 *
 * <p>Example: the input {@code "mz = 4D 5A ?A\n"} is refused with {@code fuzz.txt:1:12: nibble wildcard ?A
 * in signature 'mz' is not supported: ...}. Seeds and findings: {@code TextSignatureFuzzTestInputs/parse/}
 * in the test resources, replayed by every build.
 */
class TextSignatureFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parse(byte[] file) {
        SignatureFileContract.check("fuzz.txt", file);
    }
}
