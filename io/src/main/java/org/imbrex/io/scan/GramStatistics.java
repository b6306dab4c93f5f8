package org.imbrex.io.scan;

/**
 * How often each two-byte gram occurs in the data being searched, estimated from a sample of it (the
 * first tile a scanner reads) mixed with a prior for binary files, so that the anchor planner picks the
 * pieces of a signature that the data rarely holds. Only the choice of anchors depends on it, never a
 * result: every choice is lossless.
 * <pre>
 *   P(g) = (count of g in the sample + W · prior(g)) / (grams in the sample + W)        W = 4096
 *   prior(b0 b1) ∝ p(b0) · p(b1) · (4 if b0 = b1)      p(00) = 0.2, p(FF) = 0.05, p(CC) = p(20) = p(90) = 0.02
 * </pre>
 * The prior follows YARA's atom quality rules (00, FF, CC, 20 and repeated bytes are common in binaries); a
 * sample of a megabyte outweighs it. Example: in x86 code {@code 00 00} and {@code 48 8B} are frequent,
 * so {@code P(0x0000)} is high and an anchor of {@code 4D 5A} ("MZ", gram 0x5A4D) is preferred.
 * Ball sums — the probability that the data's gram lies within SAD t of a given one — are what the planner
 * compares; rows have prefix sums, so a ball costs O(t).
 */
final class GramStatistics {
    /** Weight of the prior, in sample grams. */
    private static final double PRIOR_WEIGHT = 4096;
    private static final double[] PRIOR = prior();

    /** rowPrefix[257·b0 + b1] = Σ_{y &lt; b1} P(b0 y): 257 entries per row. */
    private final double[] rowPrefix = new double[256 * 257];
    /** bytePrefix[b] = Σ_{x &lt; b} P(first byte x). */
    private final double[] bytePrefix = new double[257];

    private GramStatistics(double[] probability) {
        for (int b0 = 0; b0 < 256; b0++) {
            double sum = 0;
            int row = 257 * b0;
            for (int b1 = 0; b1 < 256; b1++) {
                rowPrefix[row + b1] = sum;
                sum += probability[256 * b0 + b1];
            }
            rowPrefix[row + 256] = sum;
            bytePrefix[b0 + 1] = bytePrefix[b0] + sum;
        }
    }

    /** The statistics of {@code bytes[0, length)} mixed with the prior. */
    static GramStatistics sample(byte[] bytes, int length) {
        int[] counts = new int[65536];
        int grams = Math.max(0, length - 1);
        for (int i = 0; i < grams; i++) {
            counts[(bytes[i] & 0xFF) << 8 | (bytes[i + 1] & 0xFF)]++;
        }
        double[] prior = PRIOR;
        double[] probability = new double[65536];
        for (int g = 0; g < 65536; g++) {
            probability[g] = (counts[g] + PRIOR_WEIGHT * prior[g]) / (grams + PRIOR_WEIGHT);
        }
        return new GramStatistics(probability);
    }

    private static double[] prior() {
        double[] single = new double[256];
        double common = 0.2 + 0.05 + 3 * 0.02;
        java.util.Arrays.fill(single, (1 - common) / 251);
        single[0x00] = 0.2;
        single[0xFF] = 0.05;
        single[0xCC] = 0.02;
        single[0x20] = 0.02;
        single[0x90] = 0.02;
        double[] prior = new double[65536];
        double total = 0;
        for (int b0 = 0; b0 < 256; b0++) {
            for (int b1 = 0; b1 < 256; b1++) {
                double p = single[b0] * single[b1] * (b0 == b1 ? 4 : 1);
                prior[256 * b0 + b1] = p;
                total += p;
            }
        }
        for (int g = 0; g < 65536; g++) {
            prior[g] /= total;
        }
        return prior;
    }

    /** P(the data's bytes at a position are {@code b0 b1}). */
    double gram(int b0, int b1) {
        int row = 257 * b0;
        return rowPrefix[row + b1 + 1] - rowPrefix[row + b1];
    }

    /** P(the data's gram at a position lies within SAD {@code t} of {@code b0 b1}). */
    double gramBall(int b0, int b1, int t) {
        double sum = 0;
        for (int x = Math.max(0, b0 - t); x <= Math.min(255, b0 + t); x++) {
            int reach = t - Math.abs(x - b0);
            int row = 257 * x;
            sum += rowPrefix[row + Math.min(255, b1 + reach) + 1] - rowPrefix[row + Math.max(0, b1 - reach)];
        }
        return sum;
    }

    /** P(the data's byte at a position lies within {@code t} of {@code b}). */
    double byteBall(int b, int t) {
        return bytePrefix[Math.min(255, b + t) + 1] - bytePrefix[Math.max(0, b - t)];
    }
}
