package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Damaged bytecode never escapes as anything but one {@link DxbcFormatException} line: the real
 * conformance containers with bytes flipped, words replaced by random or plausible tokens, or cut short,
 * then (mostly) re-signed so that the damage reaches the token decoder rather than only the checksum; and
 * random token streams in a well-formed container. Each try either decodes to a program or fails with the
 * project's exception, naming a byte inside the file.
 *
 * <pre>
 *   kind 0  flip 1–4 bits in the program chunk          kind 3  cut the file at a random length
 *   kind 1  replace a program word with a random int    kind 4  replace a header or chunk-table byte
 *   kind 2  replace a word with a plausible opcode token (a known opcode, a small length, maybe _sat/test)
 * </pre>
 */
class DxbcMutationTest {
    private static final List<byte[]> CORPUS = new ArrayList<>();

    private static synchronized List<byte[]> corpus() throws IOException, URISyntaxException {
        if (CORPUS.isEmpty()) {
            for (Path dir : DxbcConformanceTest.bothCorpora()) {
                CORPUS.add(Files.readAllBytes(DxbcConformanceTest.dxbc(dir)));
            }
        }
        return CORPUS;
    }

    @Property(tries = 300)
    void parse_mutatedRealContainer_givesAProgramOrOneDxbcError(@ForAll @IntRange(min = 0, max = 79) int index,
            @ForAll @IntRange(min = 0, max = 4) int kind, @ForAll long seed) throws Exception {
        byte[] bytes = corpus().get(index).clone();
        Random random = new Random(seed);
        DxbcContainer.Chunk chunk = DxbcContainer.program("x.dxbc", bytes);
        int words = chunk.size() / 4;
        switch (kind) {
            case 0 -> {
                for (int i = random.nextInt(4); i >= 0; i--) {
                    bytes[chunk.offset() + random.nextInt(chunk.size())] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> DxbcBytes.put(bytes, chunk.offset() + 4 * random.nextInt(words), random.nextInt());
            case 2 -> DxbcBytes.put(bytes, chunk.offset() + 4 * (2 + random.nextInt(words - 2)), plausible(random));
            case 3 -> bytes = Arrays.copyOf(bytes, random.nextInt(bytes.length));
            default -> bytes[random.nextInt(chunk.offset())] = (byte) random.nextInt();
        }
        if (bytes.length > DxbcChecksum.SKIPPED && random.nextInt(8) != 0) {
            DxbcChecksum.sign(bytes);
        }
        decodesOrFailsInOneLine(bytes);
    }

    @Property(tries = 200)
    void parse_randomTokensInAWellFormedContainer_givesAProgramOrOneDxbcError(@ForAll long seed) {
        Random random = new Random(seed);
        int[] tokens = new int[2 + random.nextInt(60)];
        tokens[0] = random.nextInt(6) == 0 ? random.nextInt() : DxbcBytes.CS_5_0;
        tokens[1] = random.nextInt(10) == 0 ? random.nextInt() : tokens.length;
        int at = 2;
        if (random.nextBoolean() && tokens.length >= 6) {
            int[] group = DxbcBytes.ins(0x9b, 0, new int[] {1 + random.nextInt(64), 1, 1});
            System.arraycopy(group, 0, tokens, 2, group.length);
            at = 6;
        }
        for (int i = at; i < tokens.length; i++) {
            tokens[i] = switch (random.nextInt(3)) {
                case 0 -> plausible(random);
                case 1 -> random.nextInt(64);
                default -> random.nextInt();
            };
        }
        decodesOrFailsInOneLine(DxbcBytes.container(random.nextBoolean() ? "SHEX" : "SHDR", tokens));
    }

    /** An opcode token that could be real: a known opcode, a length of 1–8, sometimes _sat or the test bit. */
    private static int plausible(Random random) {
        int number;
        do {
            number = random.nextInt(0xeb);
        } while (DxbcOpcodes.name(number) == null);
        int controls = random.nextInt(4) == 0 ? random.nextInt(1 << 13) : 0;
        return number | controls << 11 | (1 + random.nextInt(8)) << 24;
    }

    private static void decodesOrFailsInOneLine(byte[] bytes) {
        Throwable thrown = catchThrowable(() -> {
            AsmProgram program = DxbcParser.parse("x.dxbc", bytes);
            assertThat(program.declarations().numThreads()).isNotNull();
        });
        if (thrown == null) {
            return;
        }
        assertThat(thrown).isExactlyInstanceOf(DxbcFormatException.class);
        DxbcFormatException e = (DxbcFormatException) thrown;
        assertThat(e.byteOffset()).isBetween(0, bytes.length);
        assertThat(e.getMessage()).startsWith("x.dxbc: byte 0x" + Integer.toHexString(e.byteOffset()) + ": ")
                .doesNotContain("\n");
    }
}
