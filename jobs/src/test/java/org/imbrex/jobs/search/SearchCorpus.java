package org.imbrex.jobs.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.imbrex.io.signature.Signature;

/**
 * Random input files with signatures planted in them, exactly and as near copies of a chosen SAD, written
 * under a directory together with the signature file that lists the signatures.
 * <pre>
 *   DIR/signatures.txt        name = hex bytes, one a line
 *   DIR/data/NAME             random bytes with runs of 00 and FF, then the plantings in order
 * </pre>
 * Plantings are applied in order and may overwrite each other: the oracle reads the final bytes, so what
 * the job must find never depends on a planting surviving. Example: {@code corpus.file("a.bin", 40_000);
 * corpus.plant(0, "a.bin", 8192, 0); corpus.write();}
 */
final class SearchCorpus {
    private final Path root;
    private final Random random;
    private final List<Signature> signatures = new ArrayList<>();
    private final Map<String, byte[]> files = new LinkedHashMap<>();

    SearchCorpus(Path root, long seed) {
        this.root = root;
        this.random = new Random(seed);
    }

    /**
     * Adds a random signature of {@code length} bytes rich in what msad4 treats specially: about one byte in
     * eight a wildcard, one a literal 00, one an FF. The first and last bytes are never wildcards.
     */
    Signature randomSignature(String name, int length) {
        byte[] pattern = new byte[length];
        boolean[] wildcard = new boolean[length];
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(8);
            wildcard[i] = kind == 0 && i > 0 && i < length - 1;
            pattern[i] = (byte) (kind == 1 ? 0x00 : kind == 2 ? 0xFF : random.nextInt(256));
        }
        return signature(new Signature(name, pattern, wildcard));
    }

    Signature signature(Signature signature) {
        signatures.add(signature);
        return signature;
    }

    /** Adds a file of random bytes with a few runs of 00 and FF (where literal zeros and FF match). */
    void file(String name, int length) {
        byte[] data = new byte[length];
        random.nextBytes(data);
        for (int run = 0; run < length / 4096; run++) {
            int at = random.nextInt(length);
            Arrays.fill(data, at, Math.min(length, at + 16 + random.nextInt(200)),
                    random.nextBoolean() ? 0 : (byte) 0xFF);
        }
        files.put(name, data);
    }

    /**
     * Plants signature {@code s} at {@code offset} of a file, its bytes moved away from the signature by
     * {@code sad} in total (0 = an exact copy; wildcards get random bytes). A window running past the end of
     * the file is cut there: such a copy must not be found.
     */
    void plant(int s, String file, int offset, int sad) {
        Signature signature = signatures.get(s);
        byte[] data = files.get(file);
        int[] window = new int[signature.length()];
        for (int i = 0; i < window.length; i++) {
            window[i] = signature.isWildcard(i) ? random.nextInt(256) : signature.byteAt(i);
        }
        perturb(signature, window, sad);
        for (int i = 0; i < window.length && offset + i < data.length; i++) {
            data[offset + i] = (byte) window[i];
        }
    }

    /** Moves non-wildcard bytes away from the signature, each in one direction, until they differ by {@code sad}. */
    private void perturb(Signature signature, int[] window, int sad) {
        int left = sad;
        int capacity = 0;
        for (int i = 0; i < window.length; i++) {
            capacity += signature.isWildcard(i) ? 0 : Math.max(window[i], 255 - window[i]);
        }
        if (sad > capacity) {
            throw new IllegalArgumentException("signature " + signature.name() + " cannot be " + sad + " off");
        }
        while (left > 0) {
            int i = random.nextInt(window.length);
            if (signature.isWildcard(i)) {
                continue;
            }
            int original = signature.byteAt(i);
            boolean up = original < 128;
            int room = up ? 255 - window[i] : window[i];
            int step = Math.min(room, 1 + random.nextInt(Math.min(left, 8)));
            window[i] += up ? step : -step;
            left -= step;
        }
    }

    /** Writes the signature file and the files; returns the oracle over what was written. */
    BruteForceSearch write() throws IOException {
        Files.createDirectories(data());
        StringBuilder text = new StringBuilder("# search IT signatures\n");
        for (Signature signature : signatures) {
            text.append(signature.name()).append(" = ").append(signature.toHex()).append('\n');
        }
        Files.writeString(signatureFile(), text, StandardCharsets.UTF_8);
        Map<String, byte[]> byPath = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Path path = data().resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, file.getValue());
            byPath.put(qualified(path), file.getValue());
        }
        return new BruteForceSearch(List.copyOf(signatures), byPath);
    }

    List<Signature> signatures() {
        return List.copyOf(signatures);
    }

    int length(String file) {
        return files.get(file).length;
    }

    Path signatureFile() {
        return root.resolve("signatures.txt");
    }

    /** The directory holding the files (an input of the search). */
    Path data() {
        return root.resolve("data");
    }

    /** A path as the job reports it: Hadoop's qualified form, {@code file:/tmp/…}. */
    static String qualified(Path path) {
        return new org.apache.hadoop.fs.Path(path.toUri()).toString();
    }
}
