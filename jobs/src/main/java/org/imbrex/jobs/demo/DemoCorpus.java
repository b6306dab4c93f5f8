package org.imbrex.jobs.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * The sample data of {@code imbrex demo}: a few MB of synthetic binary files with signatures planted in
 * them, exactly and as near matches (a few bytes off), plus the signature file that finds them.
 *
 * <pre>
 *   DIR/signatures.txt         the demo signatures (text format)
 *   DIR/rules.yar              YARA rules over the same images ({@link #RULES}), one with a regex imbrex skips
 *   DIR/corpus/firmware-0.bin  1.5 MiB each: noise, zero runs, and planted copies
 *   DIR/corpus/...             also a tiny file shorter than most signatures and an empty file
 * </pre>
 * The corpus is the same on every run (fixed seed). Example: {@code DemoCorpus.generate(Path.of("demo"))}
 * returns the plantings, each with the SAD the search must report for it.
 */
public final class DemoCorpus {
    /** A signature planted at an offset, with the exact SAD of the planted bytes against it. */
    public record Planting(String signature, String file, long offset, int sad) {
    }

    private record DemoSignature(String name, String hex) {
        byte[] bytes() {
            String[] tokens = hex.trim().split("\\s+");
            byte[] out = new byte[tokens.length];
            for (int i = 0; i < tokens.length; i++) {
                out[i] = tokens[i].equals("??") ? 0 : (byte) Integer.parseInt(tokens[i], 16);
            }
            return out;
        }

        boolean wildcard(int i) {
            return hex.trim().split("\\s+")[i].equals("??");
        }
    }

    private static final int FILES = 4;
    private static final int FILE_BYTES = 1536 * 1024;

    private static final List<DemoSignature> SIGNATURES = List.of(
            new DemoSignature("mz-dos-header", "4D 5A 90 00 03 00 00 00 04 00 00 00 FF FF 00 00"),
            new DemoSignature("elf64-header", "7F 45 4C 46 02 01 01 00"),
            new DemoSignature("png-ihdr", "89 50 4E 47 0D 0A 1A 0A 00 00 00 0D 49 48 44 52"),
            new DemoSignature("zip-local-file", "50 4B 03 04 ?? ?? ?? ?? 08 00"),
            new DemoSignature("license-key-blob",
                    "A7 3C 91 ?? ?? 5E D2 08 6B F1 33 ?? 90 4E C8 17 2A 65 BD 0F E3 ?? ?? 71 9C 48 D6 2B 85 "
                            + "F0 1E 6A C4 39 B7 52 ?? 0D 8E 61 F5 27 AC 93 4F 1B D8 76 E2 ?? 3A 5C 97 08 C1 6F "
                            + "24 B9 E6 53 0A 8D 7F 46"));

    private DemoCorpus() {
    }

    /** Writes the corpus and the signature file under {@code dir}; returns what was planted. */
    public static List<Planting> generate(Path dir) throws IOException {
        Path corpus = dir.resolve("corpus");
        Files.createDirectories(corpus);
        Random random = new Random(20261201L);
        List<Planting> plantings = new ArrayList<>();
        for (int f = 0; f < FILES; f++) {
            String name = "firmware-" + f + ".bin";
            byte[] data = noise(random);
            plant(data, name, random, plantings);
            plantBanner(data, f);
            Files.write(corpus.resolve(name), data);
        }
        Files.write(corpus.resolve("tiny.bin"), new byte[] {0x7F, 0x45, 0x4C});
        Files.write(corpus.resolve("empty.bin"), new byte[0]);
        StringBuilder text = new StringBuilder("# imbrex demo signatures: name = hex bytes, ?? = any byte\n");
        for (DemoSignature s : SIGNATURES) {
            text.append(s.name()).append(" = ").append(s.hex()).append('\n');
        }
        Files.writeString(dir.resolve("signatures.txt"), text, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("rules.yar"), RULES, StandardCharsets.UTF_8);
        return plantings;
    }

    /**
     * The demo's YARA rules, in the style of public rule sets: hex strings with jumps and wildcards, text
     * strings with modifiers, counts, a private rule used by another, tags and meta. On the demo images:
     * {@code demo_archive_firmware}, {@code demo_licence_blob} and {@code demo_png_header} match all four,
     * {@code demo_vendor_banner} the two with an ASCII banner; {@code demo_serial_number} has a regular
     * expression, which imbrex skips (the {@code skipped} table says so).
     */
    public static final String RULES = """
            /* imbrex demo rules: bin/imbrex search --signatures imbrex-demo/rules.yar --input imbrex-demo/corpus */

            private rule demo_zip_member
            {
                strings:
                    $local = { 50 4B 03 04 ?? ?? ?? ?? 08 00 }
                condition:
                    $local
            }

            rule demo_archive_firmware : firmware archive
            {
                meta:
                    description = "a firmware image that carries a zip member and two ELF loaders"
                strings:
                    $elf = { 7F 45 4C 46 02 01 01 00 }
                condition:
                    demo_zip_member and #elf >= 2
            }

            rule demo_licence_blob : licence
            {
                strings:
                    $blob = { A7 3C 91 [2] 5E D2 08 6B F1 33 ?? 90 4E C8 17 }
                condition:
                    $blob in (0..filesize)
            }

            rule demo_png_header
            {
                strings:
                    $png = { 89 50 4E 47 0D 0A 1A 0A 00 00 00 0D 49 48 44 52 }
                condition:
                    #png == 2
            }

            rule demo_vendor_banner : text
            {
                strings:
                    $vendor = "imbrex demo firmware" ascii wide nocase
                    $build = "build" fullword
                condition:
                    $vendor and $build
            }

            rule demo_serial_number
            {
                strings:
                    $serial = /SN-[0-9]{8}/
                condition:
                    $serial
            }
            """;

    /**
     * Writes a vendor banner into the free space at the end of image {@code f} (past the last planting's
     * slot): ASCII with a build number in images 0 and 2, UTF-16LE without one in image 1, none in image 3.
     */
    private static void plantBanner(byte[] data, int f) {
        byte[] banner = switch (f) {
            case 0, 2 -> "Imbrex Demo Firmware v1.2 (build 20261201)".getBytes(StandardCharsets.US_ASCII);
            case 1 -> "imbrex demo firmware".getBytes(StandardCharsets.UTF_16LE);
            default -> new byte[0];
        };
        System.arraycopy(banner, 0, data, FILE_BYTES - 512, banner.length);
    }

    /** Random bytes with runs of zeros and of 0xFF, like real images have. */
    private static byte[] noise(Random random) {
        byte[] data = new byte[FILE_BYTES];
        random.nextBytes(data);
        for (int run = 0; run < 64; run++) {
            int at = random.nextInt(FILE_BYTES - 4096);
            byte fill = random.nextBoolean() ? 0 : (byte) 0xFF;
            java.util.Arrays.fill(data, at, at + 256 + random.nextInt(3840), fill);
        }
        return data;
    }

    /** The score threshold the demo searches with: near matches differ by at most this much. */
    public static final int NEAR_MATCH_SAD = 12;

    /**
     * Plants each signature twice exactly and twice with two bytes off by 1..6 (SAD 2..12), at random
     * offsets.
     */
    private static void plant(byte[] data, String file, Random random, List<Planting> plantings) {
        int slot = 0;
        int slotBytes = FILE_BYTES / (SIGNATURES.size() * 4 + 1);
        for (DemoSignature signature : SIGNATURES) {
            for (int copy = 0; copy < 4; copy++) {
                int base = slot++ * slotBytes + 1 + random.nextInt(slotBytes - 128);
                byte[] bytes = signature.bytes();
                int first = 0;
                int second = bytes.length - 1;
                while (signature.wildcard(first)) {
                    first++;
                }
                while (signature.wildcard(second)) {
                    second--;
                }
                int sad = 0;
                for (int i = 0; i < bytes.length; i++) {
                    int value = signature.wildcard(i) ? random.nextInt(256) : bytes[i] & 0xFF;
                    if (copy >= 2 && (i == first || i == second)) {
                        int delta = 1 + random.nextInt(6);
                        int altered = value + delta <= 255 ? value + delta : value - delta;
                        sad += Math.abs(altered - value);
                        value = altered;
                    }
                    data[base + i] = (byte) value;
                }
                plantings.add(new Planting(signature.name(), file, base, sad));
            }
        }
    }

    /** The hex of a byte array, for messages. */
    static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
    }
}
