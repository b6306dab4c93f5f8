package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class BestMatchesTest {
    private final List<Match> onward = new ArrayList<>();

    private static Match candidate(int signature, String path, long offset, int sad) {
        return new Match(signature, path, offset, sad);
    }

    @Test
    void offer_moreThanK_keepsTheKLowestScores() {
        BestMatches best = new BestMatches(1, 2, SearchOptions.UNLIMITED, onward::add);

        best.offer(candidate(0, "a", 10, 5));
        best.offer(candidate(0, "a", 20, 3));
        best.offer(candidate(0, "a", 4, 5));

        assertThat(best.kept()).containsExactlyInAnyOrder(candidate(0, "a", 20, 3), candidate(0, "a", 4, 5));
        assertThat(best.limit(0)).isEqualTo(5);
    }

    @Test
    void offer_tiedScores_keepsLowerPathThenLowerOffset() {
        BestMatches best = new BestMatches(1, 2, SearchOptions.UNLIMITED, onward::add);

        best.offer(candidate(0, "file:/b", 1, 0));
        best.offer(candidate(0, "file:/a", 9, 0));
        best.offer(candidate(0, "file:/a", 7, 0));
        best.offer(candidate(0, "file:/a", 8, 0));

        assertThat(best.kept()).containsExactlyInAnyOrder(candidate(0, "file:/a", 7, 0), candidate(0, "file:/a", 8, 0));
    }

    @Test
    void offer_tiedPathsBeyondTheBasicPlane_orderAsSparkSortsStrings() {
        // Spark compares strings by their UTF-8 bytes, i.e. by code point: U+FFFD sorts before U+1F600,
        // although its UTF-16 unit is above U+1F600's high surrogate.
        String replacement = "file:/data/\uFFFD.bin";
        String emoji = "file:/data/\uD83D\uDE00.bin";
        BestMatches best = new BestMatches(1, 1, SearchOptions.UNLIMITED, onward::add);

        best.offer(candidate(0, emoji, 0, 0));
        best.offer(candidate(0, replacement, 0, 0));

        assertThat(best.kept()).containsExactly(candidate(0, replacement, 0, 0));
        assertThat(UTF8String.fromString(replacement).compareTo(UTF8String.fromString(emoji))).isNegative();
    }

    @Test
    void limit_beforeTheHeapIsFull_isMaxSad() {
        BestMatches best = new BestMatches(2, 3, 40, onward::add);

        best.offer(candidate(1, "a", 0, 12));

        assertThat(best.limit(0)).isEqualTo(40);
        assertThat(best.limit(1)).isEqualTo(40);
    }

    @Test
    void offer_signaturesApart_eachKeepsItsOwnK() {
        BestMatches best = new BestMatches(2, 1, SearchOptions.UNLIMITED, onward::add);

        best.offer(candidate(0, "a", 1, 9));
        best.offer(candidate(1, "a", 2, 1));
        best.offer(candidate(1, "a", 3, 0));

        assertThat(best.kept()).containsExactly(candidate(0, "a", 1, 9), candidate(1, "a", 3, 0));
        assertThat(best.limit(0)).isEqualTo(9);
        assertThat(best.limit(1)).isZero();
    }

    @Test
    void offer_randomCandidatesInAnyOrder_keepsWhatSortingKeeps() {
        Random random = new Random(5);
        List<Match> all = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            all.add(candidate(0, "p" + random.nextInt(3), i, random.nextInt(20)));
        }
        Collections.shuffle(all, random);
        BestMatches best = new BestMatches(1, 25, SearchOptions.UNLIMITED, onward::add);

        all.forEach(best::offer);

        Comparator<Match> order = Comparator.comparingInt(Match::sad)
                .thenComparing(Match::path).thenComparingLong(Match::offset);
        List<Match> sorted = all.stream().sorted(order).limit(25).toList();
        assertThat(best.kept()).containsExactlyInAnyOrderElementsOf(sorted);
        assertThat(onward).isEmpty();
    }

    /**
     * Heaps bounded far below K × signatures hand signatures on; what is handed on plus what stays heaped
     * still holds every signature's K best (the write task picks them from it), and the heaps never hold
     * more than the bound.
     */
    @Test
    void offer_heapsOverTheirBound_handOnASupersetOfEachSignaturesKBest() {
        Random random = new Random(11);
        for (int round = 0; round < 30; round++) {
            int signatures = 1 + random.nextInt(4);
            int k = 1 + random.nextInt(60);
            long bound = 1 + random.nextInt(40);
            int maxSad = random.nextBoolean() ? SearchOptions.UNLIMITED : random.nextInt(30);
            List<Match> all = new ArrayList<>();
            for (int i = 0; i < 800; i++) {
                all.add(candidate(random.nextInt(signatures), "p" + random.nextInt(3), i, random.nextInt(40)));
            }
            onward.clear();
            BestMatches best = new BestMatches(signatures, k, maxSad, bound, onward::add);
            for (Match m : all) {
                if (m.sad() <= best.limit(m.signature())) {
                    best.offer(m);
                }
                assertThat((long) best.kept().size()).isLessThanOrEqualTo(bound);
            }
            List<Match> out = new ArrayList<>(onward);
            out.addAll(best.kept());
            for (int s = 0; s < signatures; s++) {
                int signature = s;
                List<Match> expected = all.stream().filter(m -> m.signature() == signature && m.sad() <= maxSad)
                        .sorted(Match.BEST_FIRST).limit(k).toList();
                List<Match> got = out.stream().filter(m -> m.signature() == signature).sorted(Match.BEST_FIRST)
                        .limit(k).toList();
                assertThat(got).as("round %d signature %d", round, s).containsExactlyElementsOf(expected);
            }
        }
    }
}
