package org.imbrex.kernels.asm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.dispatch.Dispatch;

/**
 * One {@code conformance/msad4/*.case} file (format in conformance/README.md): the Dispatch, REF_SIZE,
 * the two R32_UINT SRVs and the expected R32G32B32A32_UINT UAV words.
 *
 * <pre>
 *   dispatch 4 1 1
 *   cb0 00000004
 *   t0 R32_UINT 4         then 4 hex words
 *   t1 R32_UINT 256       then 256 hex words
 *   expect u0 R32G32B32A32_UINT 256     then 1024 hex words
 * </pre>
 */
record Msad4Case(String name, Dispatch dispatch, int refSize, int[] reference, int[] source, int[] expected) {

    static Msad4Case read(Path file) throws IOException {
        List<String> tokens = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.startsWith("#")) {
                tokens.addAll(List.of(line.trim().split("\\s+")));
            }
        }
        tokens.removeIf(String::isEmpty);
        Dispatch dispatch = null;
        int refSize = 0;
        int[] t0 = null;
        int[] t1 = null;
        int[] expected = null;
        for (int i = 0; i < tokens.size(); i++) {
            switch (tokens.get(i)) {
                case "dispatch" -> dispatch = Dispatch.of(Integer.parseInt(tokens.get(i + 1)),
                        Integer.parseInt(tokens.get(i + 2)), Integer.parseInt(tokens.get(i + 3)));
                case "cb0" -> refSize = Integer.parseUnsignedInt(tokens.get(i + 1), 16);
                case "t0" -> t0 = words(tokens, i + 3, Integer.parseInt(tokens.get(i + 2)));
                case "t1" -> t1 = words(tokens, i + 3, Integer.parseInt(tokens.get(i + 2)));
                case "expect" -> expected = words(tokens, i + 4, 4 * Integer.parseInt(tokens.get(i + 3)));
                default -> {
                }
            }
        }
        return new Msad4Case(file.getFileName().toString(), dispatch, refSize, t0, t1, expected);
    }

    private static int[] words(List<String> tokens, int from, int count) {
        int[] words = new int[count];
        for (int k = 0; k < count; k++) {
            words[k] = Integer.parseUnsignedInt(tokens.get(from + k), 16);
        }
        return words;
    }

    @Override
    public String toString() {
        return name;
    }
}
