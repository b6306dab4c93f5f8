package org.imbrex.kernels.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One {@code conformance/msad4/*.case} file: a Dispatch of the msad4 search shader with the UAV a real
 * D3D11 runtime produced. The format (words are little-endian uint32 in hex):
 *
 * <pre>
 *   # comment
 *   shader msad4
 *   dispatch GX GY GZ
 *   cb0 W                              REF_SIZE
 *   t0 R32_UINT N   then N words       the reference
 *   t1 R32_UINT N   then N words       the source
 *   expect u0 R32G32B32A32_UINT N      then 4·N words
 * </pre>
 * Example: {@code Msad4Case.load("msad4-docs-example").expected()[0]} is 152.
 */
public record Msad4Case(String name, int groupsX, int groupsY, int groupsZ, int refSize, int[] reference,
        int[] source, int[] expected) {

    private static final String DIRECTORY = "conformance/msad4";

    /** The names (without {@code .case}) of every case file, sorted. */
    public static List<String> names() {
        try (Stream<Path> files = Files.list(directory())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".case"))
                    .map(n -> n.substring(0, n.length() - ".case".length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Msad4Case load(String name) {
        try {
            return parse(name, Files.readAllLines(directory().resolve(name + ".case")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path directory() {
        URL url = Msad4Case.class.getClassLoader().getResource(DIRECTORY);
        if (url == null) {
            throw new IllegalStateException(DIRECTORY + " is not on the test class path");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Parses the lines of a case file; the words after a header may span several lines. */
    public static Msad4Case parse(String name, List<String> lines) {
        List<String> tokens = new ArrayList<>();
        for (String line : lines) {
            String text = line.strip();
            if (!text.isEmpty() && !text.startsWith("#")) {
                tokens.addAll(List.of(text.split("\\s+")));
            }
        }
        Iterator<String> in = tokens.iterator();
        int[] dispatch = null;
        Integer refSize = null;
        int[] reference = null;
        int[] source = null;
        int[] expected = null;
        while (in.hasNext()) {
            String key = in.next();
            switch (key) {
                case "shader" -> expect("msad4", in.next(), name);
                case "dispatch" -> dispatch = new int[] {decimal(in), decimal(in), decimal(in)};
                case "cb0" -> refSize = Integer.parseUnsignedInt(in.next(), 16);
                case "t0" -> reference = words(in, name, "R32_UINT", 1);
                case "t1" -> source = words(in, name, "R32_UINT", 1);
                case "expect" -> {
                    expect("u0", in.next(), name);
                    expected = words(in, name, "R32G32B32A32_UINT", 4);
                }
                default -> throw new IllegalArgumentException(name + ": unknown key '" + key + "'");
            }
        }
        if (dispatch == null || refSize == null || reference == null || source == null || expected == null) {
            throw new IllegalArgumentException(name + ": incomplete case");
        }
        return new Msad4Case(name, dispatch[0], dispatch[1], dispatch[2], refSize, reference, source, expected);
    }

    private static int decimal(Iterator<String> in) {
        return Integer.parseInt(in.next());
    }

    private static int[] words(Iterator<String> in, String name, String format, int perElement) {
        expect(format, in.next(), name);
        int elements = decimal(in);
        int[] words = new int[elements * perElement];
        for (int i = 0; i < words.length; i++) {
            words[i] = Integer.parseUnsignedInt(in.next(), 16);
        }
        return words;
    }

    private static void expect(String wanted, String actual, String name) {
        if (!wanted.equals(actual)) {
            throw new IllegalArgumentException(name + ": expected '" + wanted + "', found '" + actual + "'");
        }
    }

    /** Expected UAV elements (R32G32B32A32: four words each). */
    public int uavElements() {
        return expected.length / 4;
    }

    /** Words as little-endian bytes, as the case's binary files would hold them. */
    public static byte[] bytes(int... words) {
        ByteBuffer out = ByteBuffer.allocate(words.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        out.asIntBuffer().put(words);
        return out.array();
    }
}
