package org.imbrex.io.yara.pe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * The deterministic PE files of the differential test against YARA, each named by a case id:
 * {@code random:<seed>} (a {@link java.util.Random} seed, whose sequence the JDK specifies) or
 * {@code prefix32:<n>} / {@code prefix64:<n>} (the first n bytes of a fixed PE32 / PE32+ file, for
 * every n across its headers) or {@code file:<name>} (a real file among {@link #REAL_FILES}).
 *
 * <p>Example: {@code PeCases.bytes("prefix32:311")} is the PE32 base file cut one byte short of its
 * optional header.
 */
final class PeCases {

    static final int RANDOM_CASES = 400;

    private static final long[] ALIGNMENTS = {0, 1, 2, 4, 0x10, 0x200, 0x1000, 0x3, 0x1ff, 0x201, 0xffff_ffffL};
    private static final int[] MAGICS = {0x10b, 0x20b, 0x107, 0, 0x20c};
    private static final byte[] NAME_BYTES = ".textdarsc_$Aa0\0\1\"\u00ff\u007f ".getBytes(
            java.nio.charset.StandardCharsets.ISO_8859_1);

    private PeCases() {}

    /** Every case id, in a fixed order. */
    static List<String> all() {
        List<String> ids = new ArrayList<>();
        for (int seed = 0; seed < RANDOM_CASES; seed++) {
            ids.add("random:" + seed);
        }
        for (int n = 0; n <= base(false).length; n++) {
            ids.add("prefix32:" + n);
        }
        for (int n = 0; n <= base(true).length; n++) {
            ids.add("prefix64:" + n);
        }
        return ids;
    }

    /** Real PE files under {@code /yara/pe/real/}, case ids {@code file:<name>}. */
    static final List<String> REAL_FILES = List.of("cli-32.exe", "cli-64.exe");

    static byte[] bytes(String id) {
        if (id.startsWith("file:")) {
            return resource("/yara/pe/real/" + id.substring("file:".length()));
        }
        String[] kindAndValue = id.split(":");
        int value = Integer.parseInt(kindAndValue[1]);
        return switch (kindAndValue[0]) {
            case "random" -> random(value);
            case "prefix32" -> Arrays.copyOf(base(false), value);
            case "prefix64" -> Arrays.copyOf(base(true), value);
            default -> throw new IllegalArgumentException("unknown case kind in " + id);
        };
    }

    /**
     * Two sections; the first raw data at 0x1a0, just past the section table, so every header boundary
     * lies within the first 0x1a0 bytes.
     */
    static byte[] base(boolean pe32Plus) {
        PeFileBuilder b = new PeFileBuilder().eLfanew(0x40).fileAlignment(0x10).entryPoint(0x1004);
        if (pe32Plus) {
            b.pe32Plus();
        }
        return b.section(".text", 0x1000, 0x20, 0x1b0, 0x10)
                .section(".data", 0x2000, 0x10, 0x1c0, 0x10)
                .build();
    }

    private static byte[] random(int seed) {
        Random r = new Random(seed);
        PeFileBuilder b = new PeFileBuilder();
        if (r.nextBoolean()) {
            b.pe32Plus();
        }
        b.machine(pick(r, new int[] {0x14c, 0x8664, 0xaa64, 0x1c4, 0, 0xffff}));
        b.characteristics(r.nextInt(0x10000));
        b.eLfanew(pick(r, new int[] {0x40, 0x80, 0x3c, 0x41, 0xe8}));
        b.fileAlignment(ALIGNMENTS[r.nextInt(ALIGNMENTS.length)]);
        int count = r.nextInt(40) == 0 ? 94 + r.nextInt(6) : r.nextInt(7);
        long va = 0x1000;
        long raw = 0x400 + r.nextInt(3) * 0x101L;
        List<long[]> spans = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long vsize = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(0x1800);
            long rawSize = r.nextInt(6) == 0 ? 0 : r.nextInt(0x1000);
            long sectionVa = r.nextInt(8) == 0 ? r.nextInt(0x3000) : va;
            long sectionRaw = r.nextInt(8) == 0 ? r.nextInt(0x3000) : raw;
            b.section(name(r), sectionVa, vsize, sectionRaw, rawSize, r.nextInt() & 0xffff_ffffL);
            spans.add(new long[] {sectionVa, vsize});
            va = sectionVa + (r.nextInt(4) == 0 ? r.nextInt(0x200) : 0x1000 * (1 + vsize / 0x1000));
            raw = sectionRaw + rawSize + (r.nextInt(3) == 0 ? r.nextInt(0x13) : 0);
        }
        b.entryPoint(entryPoint(r, spans));
        long natural = b.naturalSize();
        mutate(r, b, count);
        long size = switch (r.nextInt(6)) {
            case 0 -> natural - 1 - r.nextInt((int) Math.min(natural, 0x200));
            case 1 -> natural + r.nextInt(0x300);
            default -> natural;
        };
        return b.fileSize(Math.max(0, size)).build();
    }

    private static long entryPoint(Random r, List<long[]> spans) {
        int choice = r.nextInt(8);
        if (choice < 3 && !spans.isEmpty()) {
            long[] s = spans.get(r.nextInt(spans.size()));
            return s[0] + (s[1] == 0 ? 0 : r.nextInt((int) s[1]));
        }
        return switch (choice) {
            case 3 -> r.nextInt(0x400);
            case 4 -> 0;
            case 5 -> 0xffff_ffffL;
            case 6 -> 0x1000 + r.nextInt(0x8000);
            default -> r.nextInt() & 0xffff_ffffL;
        };
    }

    /** Occasionally breaks one header field. */
    private static void mutate(Random r, PeFileBuilder b, int count) {
        switch (r.nextInt(16)) {
            case 0 -> b.dosMagic(pick(r, new int[] {0x4d5a, 0, 0x5a4e}));
            case 1 -> b.eLfanew(pick(r, new int[] {-1, Integer.MIN_VALUE, 0x7fff_ffff, 0x10000, 0, 4}));
            case 2 -> b.ntSignature(pick(r, new int[] {0x4550_0000, 0x4551, 0x00014550}));
            case 3 -> b.magic(MAGICS[r.nextInt(MAGICS.length)]);
            case 4 -> b.sizeOfOptionalHeader(pick(r, new int[] {0, 0xe0, 0xf0, 0x10, 0x1f0, 0xffff}));
            case 5 -> b.numberOfSections(count + 1 + r.nextInt(3));
            case 6 -> b.numberOfSections(Math.max(0, count - 1));
            case 7 -> b.numberOfSections(pick(r, new int[] {0xffff, 96, 97, 200}));
            default -> { }
        }
    }

    private static byte[] name(Random r) {
        byte[] name = new byte[8];
        int length = r.nextInt(9);
        for (int i = 0; i < length; i++) {
            name[i] = NAME_BYTES[r.nextInt(NAME_BYTES.length)];
        }
        return name;
    }

    private static byte[] resource(String name) {
        try (InputStream in = PeCases.class.getResourceAsStream(name)) {
            return Objects.requireNonNull(in, name).readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int pick(Random r, int[] values) {
        return values[r.nextInt(values.length)];
    }
}
