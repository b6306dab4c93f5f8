package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The container checksum against the compiler's: every conformance container carries the checksum of its
 * bytes, the twelve whose case.json names a {@code dxbc_patch} too (their patcher re-signed them). The 80
 * containers reach both final-block forms (leftover bytes below 56 and from 56 up, and none).
 */
class DxbcChecksumTest {

    static java.util.List<Path> cases() throws IOException, URISyntaxException {
        return DxbcConformanceTest.bothCorpora();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void of_conformanceContainer_isTheChecksumInItsHeader(Path dir) throws IOException {
        assertThat(DxbcChecksum.matches(Files.readAllBytes(DxbcConformanceTest.dxbc(dir)))).isTrue();
    }

    @Test
    void corpus_patchedContainers_areAmongTheSignedOnes() throws Exception {
        int patched = 0;
        Set<Integer> leftovers = new TreeSet<>();
        for (Path dir : cases()) {
            byte[] bytes = Files.readAllBytes(DxbcConformanceTest.dxbc(dir));
            leftovers.add((bytes.length - DxbcChecksum.SKIPPED) % 64);
            if (Files.readString(dir.resolve("case.json")).contains("\"dxbc_patch\": \"")) {
                patched++;
                assertThat(DxbcChecksum.matches(bytes)).as("%s", dir.getFileName()).isTrue();
            }
        }
        assertThat(patched).isEqualTo(12);
        assertThat(leftovers).contains(0).anyMatch(r -> r >= 56).anyMatch(r -> r > 0 && r < 56);
    }

    @Test
    void sign_patchedContainer_makesItMatchAgain() throws IOException {
        byte[] bytes = DxbcBytes.real("shaders", "rnd-s1-000");
        bytes[bytes.length - 1] ^= 0x40;
        assertThat(DxbcChecksum.matches(bytes)).isFalse();
        DxbcChecksum.sign(bytes);
        assertThat(DxbcChecksum.matches(bytes)).isTrue();
    }
}
