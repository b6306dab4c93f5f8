package org.imbrex.io.scan;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.Signature;

/**
 * Signatures compiled into msad4 reference passes, so that adding the passes' sums gives the exact SAD.
 *
 * <p>msad4 has two limits (spec §1.1, §1.4): a reference byte 0x00 is masked, and sums are only defined
 * up to 65535. So a signature is cut into chunks of at most 64 words (256 bytes, sum ≤ 255·256 = 65280),
 * and each chunk gives up to two passes:
 * <pre>
 *  signature bytes   p0 p1 p2 p3 | p4 .. p7 | … | p252..p255 | p256 ..          (L bytes, ceil(L/4) words)
 *  words             w0          | w1       | … | w63        | w64 ..           w = p[4w] | p[4w+1]&lt;&lt;8 | …
 *  chunks            chunk 0: words 0..63, wordOffset 0        | chunk 1: words 64..127, wordOffset 64
 *
 *  PLAIN pass        byte = p_j           where p_j is a literal ≠ 00
 *                    byte = 00 (masked)   where p_j is ??, a literal 00, or past the end (j ≥ L)
 *  COMPLEMENT pass   byte = FF            where p_j is a literal 00            |FF − ~b| = |0 − b| = b
 *                    byte = 00 (masked)   elsewhere;  run against the complemented tile words ~w
 *  Leading and trailing all-masked words are trimmed (wordOffset moves); an all-masked pass is dropped.
 *
 *  score at tile byte t = Σ over the signature's passes of  u0[t]   (element t / 4, component t % 4)
 *  with t1 bound to tile words [wordOffset, …): element x compares reference byte 4i + j with tile byte
 *  4x + k + 4·wordOffset + 4i + j = t + (signature byte index), the window at t.
 * </pre>
 * Example: {@code 4D 5A ?? 00} compiles to {@code PLAIN {0x00005A4D} at word 0} and {@code COMPLEMENT
 * {0xFF000000} at word 0}; at data {@code 4D 5B 77 02} the passes give 1 and 2, score 3.
 * A signature of only wildcards has no pass: it scores 0 wherever it fits.
 */
public final class SearchPlan implements Serializable {
    /** Most reference words in one pass: 64 words · 4 bytes · 255 = 65280 ≤ 65535. */
    public static final int MAX_PASS_WORDS = 64;

    private static final long serialVersionUID = 1L;

    private final List<Signature> signatures;
    private final List<ReferencePass> passes;
    private final int[] firstPass;
    private final int maxLength;
    private final int minLength;

    private SearchPlan(List<Signature> signatures, List<ReferencePass> passes, int[] firstPass) {
        this.signatures = signatures;
        this.passes = passes;
        this.firstPass = firstPass;
        this.maxLength = signatures.stream().mapToInt(Signature::length).max().orElseThrow();
        this.minLength = signatures.stream().mapToInt(Signature::length).min().orElseThrow();
    }

    /** Compiles signatures, in order; signature {@code i} of the list is signature index {@code i}. */
    public static SearchPlan compile(List<Signature> signatures) {
        if (signatures.isEmpty()) {
            throw new IllegalArgumentException("a search needs at least one signature");
        }
        List<ReferencePass> passes = new ArrayList<>();
        int[] firstPass = new int[signatures.size() + 1];
        for (int s = 0; s < signatures.size(); s++) {
            firstPass[s] = passes.size();
            compileSignature(s, signatures.get(s), passes);
        }
        firstPass[signatures.size()] = passes.size();
        return new SearchPlan(List.copyOf(signatures), List.copyOf(passes), firstPass);
    }

    private static void compileSignature(int index, Signature signature, List<ReferencePass> passes) {
        int words = (signature.length() + 3) / 4;
        for (int chunk = 0; chunk < words; chunk += MAX_PASS_WORDS) {
            int chunkWords = Math.min(MAX_PASS_WORDS, words - chunk);
            int[] plain = new int[chunkWords];
            int[] complement = new int[chunkWords];
            for (int w = 0; w < chunkWords; w++) {
                for (int j = 0; j < 4; j++) {
                    int p = 4 * (chunk + w) + j;
                    if (p >= signature.length() || signature.isWildcard(p)) {
                        continue;
                    }
                    int value = signature.byteAt(p);
                    plain[w] |= value << (8 * j);
                    complement[w] |= (value == 0 ? 0xFF : 0) << (8 * j);
                }
            }
            addTrimmed(index, chunk, plain, ReferencePass.Kind.PLAIN, passes);
            addTrimmed(index, chunk, complement, ReferencePass.Kind.COMPLEMENT, passes);
        }
    }

    /** Adds the pass without its all-masked leading and trailing words; nothing if all are masked. */
    private static void addTrimmed(int index, int wordOffset, int[] words, ReferencePass.Kind kind,
            List<ReferencePass> passes) {
        int first = 0;
        int end = words.length;
        while (first < end && words[first] == 0) {
            first++;
        }
        while (end > first && words[end - 1] == 0) {
            end--;
        }
        if (first < end) {
            passes.add(new ReferencePass(index, wordOffset + first, java.util.Arrays.copyOfRange(words, first, end),
                    kind));
        }
    }

    public List<Signature> signatures() {
        return signatures;
    }

    public int signatureCount() {
        return signatures.size();
    }

    public Signature signature(int index) {
        return signatures.get(index);
    }

    /** All passes, grouped by signature in signature order. */
    public List<ReferencePass> passes() {
        return passes;
    }

    /** The passes of one signature. */
    public List<ReferencePass> passesOf(int signature) {
        return passes.subList(firstPass[signature], firstPass[signature + 1]);
    }

    /** Index in {@link #passes()} of the signature's first pass. */
    public int firstPass(int signature) {
        return firstPass[signature];
    }

    /** Index in {@link #passes()} past the signature's last pass. */
    public int endPass(int signature) {
        return firstPass[signature + 1];
    }

    /** True when some signature has a literal zero byte, so tiles need their complemented words. */
    public boolean needsComplement() {
        return passes.stream().anyMatch(p -> p.kind() == ReferencePass.Kind.COMPLEMENT);
    }

    /** The longest signature length: tile cores must be at least this long. */
    public int maxLength() {
        return maxLength;
    }

    /** The shortest signature length: no match starts after {@code fileLength − minLength}. */
    public int minLength() {
        return minLength;
    }

    /** The tile halo: {@code maxLength − 1} bytes, so the last offset of a core sees its whole window. */
    public int halo() {
        return maxLength - 1;
    }
}
