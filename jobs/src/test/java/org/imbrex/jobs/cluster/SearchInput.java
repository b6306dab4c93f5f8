package org.imbrex.jobs.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

/**
 * Random data with signatures planted in it, exactly or with a known score, straddling every 64 KiB
 * boundary (so that, whatever the power-of-two tile and split sizes, matches cross tile cores, halos and
 * split ends).
 *
 * <pre>
 *   signatures.txt   mz  = 4D 5A 90 00 03 00 00 00 04 00            (literal 0x00: the complement pass)
 *                    elf = 7F 45 4C 46 02 01 01 ?? ?? ?? ?? ?? 00 00 00 00
 *                    png = 89 50 4E 47 0D 0A 1A 0A
 *   data.bin         random bytes, and for k = 1, 2, ...:
 *
 *                      k · 64 KiB − shift          k · 64 KiB
 *                      |<------ signature k mod 3 --|-------->|    one byte off by sad (0 ≤ sad ≤ MAX_SAD)
 * </pre>
 * Random bytes come within {@link #MAX_SAD} of an 8-byte signature with a probability below 2^-40 per
 * offset, so the planted matches are the whole expected table. Example: {@code SearchInput input =
 * SearchInput.write(dir, 16 << 20, 7);}
 */
record SearchInput(Path signatures, Path data, List<Planted> planted) {
    /** The {@code --max-sad} the tests search with. */
    static final int MAX_SAD = 6;
    private static final int SPACING = 64 * 1024;
    private static final List<Signature> SIGNATURES = List.of(
            new Signature("mz", "4D 5A 90 00 03 00 00 00 04 00"),
            new Signature("elf", "7F 45 4C 46 02 01 01 ?? ?? ?? ?? ?? 00 00 00 00"),
            new Signature("png", "89 50 4E 47 0D 0A 1A 0A"));

    /** A match the data must produce: signature name, byte offset, score. */
    record Planted(String signature, long offset, int sad) {
    }

    private record Signature(String name, String pattern) {
        /** The signature's bytes; -1 for a {@code ??} wildcard. */
        int[] bytes() {
            return Arrays.stream(pattern.split(" "))
                    .mapToInt(b -> b.equals("??") ? -1 : HexFormat.fromHexDigits(b)).toArray();
        }
    }

    /** Writes {@code size} bytes of data (at most 1 GiB) and the signature file into {@code dir}. */
    static SearchInput write(Path dir, int size, long seed) {
        Random random = new Random(seed);
        byte[] data = new byte[size];
        random.nextBytes(data);
        List<Planted> planted = new ArrayList<>();
        for (int boundary = SPACING; boundary + SPACING <= size; boundary += SPACING) {
            Signature signature = SIGNATURES.get(boundary / SPACING % SIGNATURES.size());
            int offset = boundary - 1 - random.nextInt(signature.bytes().length - 1);
            int sad = random.nextInt(MAX_SAD + 1);
            plant(data, offset, signature.bytes(), sad, random);
            planted.add(new Planted(signature.name(), offset, sad));
        }
        try {
            Files.createDirectories(dir);
            Path signatures = dir.resolve("signatures.txt");
            Files.write(signatures, SIGNATURES.stream().map(s -> s.name() + " = " + s.pattern()).toList());
            Path file = dir.resolve("data.bin");
            Files.write(file, data);
            return new SearchInput(signatures.toAbsolutePath(), file.toAbsolutePath(), List.copyOf(planted));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the signature to {@code data[offset..]}, then moves one literal byte {@code sad} away. */
    private static void plant(byte[] data, int offset, int[] signature, int sad, Random random) {
        List<Integer> literals = new ArrayList<>();
        for (int i = 0; i < signature.length; i++) {
            if (signature[i] >= 0) {
                data[offset + i] = (byte) signature[i];
                literals.add(i);
            }
        }
        int at = literals.get(random.nextInt(literals.size()));
        int value = signature[at];
        data[offset + at] = (byte) (value + sad <= 255 ? value + sad : value - sad);
    }
}
