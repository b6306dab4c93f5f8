package org.imbrex.io.yara.strings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The deterministic corpus of the YARA differential test: string definitions covering every text modifier
 * combination and every hex construct, and small files with planted occurrences of them (at the start and
 * the end, overlapping, wide, case-flipped, next to letters and digits for {@code fullword}).
 * <pre>
 *   definitions   text: 12 strings × 16 subsets of {ascii, wide, nocase, fullword}
 *                 hex:  fixed cases for each construct, then random ones from the seed
 *   files         f00 … f15, 40..400 bytes: fragments of filler from a small alphabet (so that near
 *                 misses abound) and instances of the definitions
 * </pre>
 * {@code record-yara-matches.sh} (next to the recorded matches) runs {@link #main} and then YARA on its
 * output; {@link YaraRecordedMatchesTest} checks that the recording is still what this class generates.
 *
 * <p>Example: {@code new YaraStringCorpus(SEED).definitions().get(0)} is {@code $a = "ab"}.
 */
public final class YaraStringCorpus {
    public static final long SEED = 20261203L;
    static final int FILES = 16;

    private static final String[] TEXTS = {
        "ab", "aba", "aA", "Ab1", "abab", "a-b", "a\\x00", "x", "\\x00a", "abcdefgh", "A\\xE4b", "\\\"q\\\\"
    };
    private static final String[] TEXT_MODIFIERS = {"ascii", "wide", "nocase", "fullword"};
    private static final String[] FIXED_HEX = {
        "61 62", "61 ?? 62", "6? 62", "?1 62", "61 [0-3] 62", "61 [1-3] 62", "61 [2] 62", "61 [-] 62",
        "61 [2-] 62", "61 [0-] 62", "61 62 [1-4] 61 62", "?? 61", "61 ??", "??", "00 61", "61 [250-300] 62",
        "61 [201-] 62", "61 62 [300] 61", "( 61 | 62 )", "( 61 62 | 62 61 )", "61 ( 62 | 41 ) 61",
        "( 61 | 62 ) ( 61 | 62 )", "61 ( 62 ( 61 | 62 ) | 41 ?? ) 62", "4D 5A 90 13 ( 61 | 61 62 )",
        "4D 5A 90 13 ( 61 62 | 61 )", "4D 5A 90 13 ( 61 [1-3] 62 | 62 )", "4D 5A 90 13 [0-2] ( 62 | 61 62 ) 62",
        "61 [1-2] ( 62 | 41 ) [0-2] 61", "( 61 [1-2] 62 | 41 ?? 42 )",
    };
    /**
     * Four rare bytes put before every random group: YARA then takes them as its atom, before the group,
     * where {@link HexMatcher}'s priority rule is exact (see there for groups without such an anchor).
     */
    private static final String ANCHOR = "4D 5A 90 13";
    private static final byte[] FILLER = "aAbB01 -\u0000\u00e4\u00c4xq".getBytes(StandardCharsets.ISO_8859_1);
    private static final int[] HEX_BYTES = {0x61, 0x62, 0x41, 0x42, 0x00, 0x30, 0x20, 0xE4};

    private final Random random;
    private final List<String> definitions = new ArrayList<>();
    private final List<String> hexPatterns = new ArrayList<>();

    public YaraStringCorpus(long seed) {
        random = new Random(seed);
        for (String text : TEXTS) {
            for (int subset = 0; subset < 16; subset++) {
                StringBuilder definition = new StringBuilder("$a = \"" + text + "\"");
                for (int bit = 0; bit < 4; bit++) {
                    if ((subset & 1 << bit) != 0) {
                        definition.append(' ').append(TEXT_MODIFIERS[bit]);
                    }
                }
                definitions.add(definition.toString());
            }
        }
        hexPatterns.addAll(List.of(FIXED_HEX));
        for (int i = 0; i < 60; i++) {
            hexPatterns.add(randomHex(i % 3 == 0));
        }
        for (String hex : hexPatterns) {
            definitions.add("$a = { " + hex + " }");
        }
    }

    /** The string definitions, one per rule, as YARA source. */
    public List<String> definitions() {
        return definitions;
    }

    /** The scanned files; generated after the definitions, from the same random sequence. */
    public List<byte[]> files() {
        List<byte[]> files = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            files.add(file(40 + random.nextInt(360)));
        }
        return files;
    }

    private String randomHex(boolean withGroup) {
        List<String> tokens = new ArrayList<>();
        int length = 2 + random.nextInt(4);
        for (int i = 0; i < length; i++) {
            if (i > 0 && i < length - 1 && random.nextInt(3) == 0) {
                tokens.add(randomJump(false));
            }
            tokens.add(withGroup && random.nextInt(3) == 0 ? randomGroup() : randomByte());
        }
        String hex = String.join(" ", tokens);
        return hex.contains("(") ? ANCHOR + " " + hex : hex;
    }

    private String randomGroup() {
        int count = 2 + random.nextInt(2);
        List<String> alternatives = new ArrayList<>();
        for (int a = 0; a < count; a++) {
            List<String> tokens = new ArrayList<>();
            int length = 1 + random.nextInt(3);
            for (int i = 0; i < length; i++) {
                if (i > 0 && random.nextInt(4) == 0) {
                    tokens.add(randomJump(true));
                }
                tokens.add(randomByte());
            }
            alternatives.add(String.join(" ", tokens));
        }
        return "( " + String.join(" | ", alternatives) + " )";
    }

    private String randomJump(boolean insideGroup) {
        int min = random.nextInt(3);
        return switch (random.nextInt(insideGroup ? 2 : 4)) {
            case 0 -> "[" + (min + 1) + "]";
            case 1 -> "[" + min + "-" + (min + random.nextInt(4)) + "]";
            case 2 -> "[" + min + "-]";
            default -> "[-]";
        };
    }

    private String randomByte() {
        int b = HEX_BYTES[random.nextInt(HEX_BYTES.length)];
        return switch (random.nextInt(8)) {
            case 0 -> "??";
            case 1 -> String.format("%X?", b >> 4);
            case 2 -> String.format("?%X", b & 0xF);
            default -> String.format("%02X", b);
        };
    }

    private byte[] file(int size) {
        List<Byte> bytes = new ArrayList<>();
        plant(bytes);
        while (bytes.size() < size) {
            if (random.nextInt(3) == 0) {
                for (int i = random.nextInt(6); i >= 0; i--) {
                    bytes.add(FILLER[random.nextInt(FILLER.length)]);
                }
            } else {
                plant(bytes);
            }
        }
        plant(bytes);
        byte[] file = new byte[bytes.size()];
        for (int i = 0; i < file.length; i++) {
            file[i] = bytes.get(i);
        }
        return file;
    }

    /**
     * An instance of a random definition. A text: 0 as is, 1 wide, 2 case-flipped, 3 between {@code z} and
     * {@code 7 00}, 4 before {@code Q 00}, 5 between blanks. A hex string: bytes that fit its tokens, a
     * random alternative of each group, jumps of their minimum length up to 4 more.
     */
    private void plant(List<Byte> bytes) {
        if (random.nextBoolean()) {
            byte[] text = StringDefinitionReader.read("corpus", "$a = \"" + TEXTS[random.nextInt(TEXTS.length)] + "\"")
                    .value() instanceof TextString t ? t.bytes() : new byte[0];
            int style = random.nextInt(6);
            if (style == 3 || style == 5) {
                bytes.add((byte) (style == 3 ? 'z' : ' '));
            }
            for (byte b : text) {
                int c = b & 0xFF;
                bytes.add((byte) (style == 2 && Character.isLetter(c) && c < 0x80 ? c ^ 0x20 : c));
                if (style == 1) {
                    bytes.add((byte) 0);
                }
            }
            if (style == 3 || style == 4) {
                bytes.add((byte) (style == 3 ? '7' : 'Q'));
                bytes.add((byte) 0);
            } else if (style == 5) {
                bytes.add((byte) ' ');
            }
        } else {
            HexString hex = (HexString) StringDefinitionReader.read("corpus",
                    "$a = { " + hexPatterns.get(random.nextInt(hexPatterns.size())) + " }").value();
            instance(hex.tokens(), bytes);
        }
    }

    private void instance(List<HexToken> tokens, List<Byte> bytes) {
        for (HexToken token : tokens) {
            if (token instanceof HexToken.HexByte b) {
                int free = random.nextInt(256) & ~b.mask();
                bytes.add((byte) (b.value() | (random.nextBoolean() ? free : FILLER[random.nextInt(FILLER.length)]
                        & ~b.mask())));
            } else if (token instanceof HexToken.HexJump jump) {
                int gap = jump.min() + random.nextInt(Math.min(jump.max() - jump.min(), 4) + 1);
                for (int i = 0; i < gap; i++) {
                    bytes.add(FILLER[random.nextInt(FILLER.length)]);
                }
            } else {
                List<List<HexToken>> alternatives = ((HexToken.HexAlternatives) token).alternatives();
                instance(alternatives.get(random.nextInt(alternatives.size())), bytes);
            }
        }
    }

    /** Writes {@code cases.yar} (rule cNNN per definition) and {@code fNN.bin} into the directory given. */
    public static void main(String[] args) throws IOException {
        Path directory = Path.of(args[0]);
        Files.createDirectories(directory);
        YaraStringCorpus corpus = new YaraStringCorpus(SEED);
        StringBuilder rules = new StringBuilder();
        List<String> definitions = corpus.definitions();
        for (int i = 0; i < definitions.size(); i++) {
            rules.append(String.format("rule c%03d { strings: %s condition: $a }%n", i, definitions.get(i)));
        }
        Files.writeString(directory.resolve("cases.yar"), rules, StandardCharsets.ISO_8859_1);
        List<byte[]> files = corpus.files();
        for (int f = 0; f < files.size(); f++) {
            Files.write(directory.resolve(String.format("f%02d.bin", f)), files.get(f));
        }
    }
}
