package org.imbrex.io.signature;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the YARA reader: any bytes read as a {@code .yar} file give the signature set of its hex strings
 * or a one-line {@link SignatureFormatException}, as {@link SignatureFileContract} states.
 *
 * <p>Example: the input {@code "rule r { strings: $a = { 4D [2] 5A } condition: $a }"} is refused with
 * {@code fuzz.yar:1:29: jump [2] in hex string $a of rule 'r' is not supported: ...}. Seeds and findings:
 * {@code YaraSignatureFuzzTestInputs/parse/} in the test resources, replayed by every build.
 */
class YaraSignatureFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parse(byte[] file) {
        SignatureFileContract.check("fuzz.yar", file);
    }
}
