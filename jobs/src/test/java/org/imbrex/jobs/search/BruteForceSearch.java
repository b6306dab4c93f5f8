package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.imbrex.io.signature.Signature;

/**
 * The oracle of the search ITs: every signature's SAD at every offset of every file where the whole window
 * fits, by a plain loop over the bytes; then the selection the job promises, written out directly.
 */
final class BruteForceSearch {
    private final List<Signature> signatures;
    private final Map<String, byte[]> files;

    /**
     * @param files the inputs' bytes by qualified path, as the job reports paths ({@code file:/…})
     */
    BruteForceSearch(List<Signature> signatures, Map<String, byte[]> files) {
        this.signatures = signatures;
        this.files = files;
    }

    static int sad(Signature signature, byte[] data, int offset) {
        int sad = 0;
        for (int i = 0; i < signature.length(); i++) {
            if (!signature.isWildcard(i)) {
                sad += Math.abs(signature.byteAt(i) - (data[offset + i] & 0xFF));
            }
        }
        return sad;
    }

    /** Every match scoring at most {@code maxSad} (--max-sad T), in table order. */
    List<MatchRow> withinMaxSad(int maxSad) {
        List<MatchRow> rows = new ArrayList<>();
        for (Signature signature : signatures) {
            rows.addAll(scores(signature, maxSad));
        }
        rows.sort(MatchRow.TABLE_ORDER);
        return rows;
    }

    /** The {@code k} lowest-scoring matches per signature over all files (--best K), in table order. */
    List<MatchRow> best(int k, int maxSad) {
        List<MatchRow> rows = new ArrayList<>();
        for (Signature signature : signatures) {
            List<MatchRow> all = scores(signature, maxSad);
            all.sort(Comparator.comparingInt(MatchRow::sad).thenComparing(MatchRow::path)
                    .thenComparingLong(MatchRow::offset));
            rows.addAll(all.subList(0, Math.min(k, all.size())));
        }
        rows.sort(MatchRow.TABLE_ORDER);
        return rows;
    }

    private List<MatchRow> scores(Signature signature, int maxSad) {
        List<MatchRow> rows = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            byte[] data = file.getValue();
            for (int offset = 0; offset + signature.length() <= data.length; offset++) {
                int sad = sad(signature, data, offset);
                if (sad <= maxSad) {
                    rows.add(new MatchRow(signature.name(), file.getKey(), offset, signature.length(), sad));
                }
            }
        }
        return rows;
    }
}
