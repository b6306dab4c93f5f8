package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import scala.Tuple2;

class FileAtomsTest {

    private static List<Tuple2<String, long[]>> runs(List<Match> matches) {
        List<Tuple2<String, long[]>> out = new ArrayList<>();
        new FileAtoms().call(matches.iterator()).forEachRemaining(out::add);
        return out;
    }

    @Test
    void call_consecutiveMatchesOfAPath_becomeOneRecordInScanOrder() {
        List<Tuple2<String, long[]>> runs = runs(List.of(new Match(3, "a", 10, 0), new Match(0, "a", 12, 0),
                new Match(3, "a", 90, 0), new Match(1, "b", 0, 0), new Match(2, "a", 5, 0)));

        assertThat(runs).extracting(Tuple2::_1).containsExactly("a", "b", "a");
        assertThat(runs.get(0)._2()).containsExactly(3L << 32 | 10, 12, 3L << 32 | 90);
        assertThat(runs.get(1)._2()).containsExactly(1L << 32);
        assertThat(runs.get(2)._2()).containsExactly(2L << 32 | 5);
    }

    @Test
    void call_ofACaseBlindScan_numbersItsAtomsAfterTheOthers() {
        List<Tuple2<String, long[]>> out = new ArrayList<>();
        new FileAtoms(7).call(List.of(new Match(0, "a", 10, 0), new Match(2, "a", 3, 0)).iterator())
                .forEachRemaining(out::add);
        assertThat(out).singleElement().satisfies(run -> assertThat(run._2()).containsExactly(7L << 32 | 10,
                9L << 32 | 3));
    }

    @Test
    void call_noMatches_isNoRecord() {
        Iterator<Tuple2<String, long[]>> none = new FileAtoms().call(Collections.emptyIterator());
        assertThat(none.hasNext()).isFalse();
    }

    @Test
    void call_randomRuns_loseAndAddNothing() {
        Random random = new Random(3);
        List<Match> matches = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            matches.add(new Match(random.nextInt(9000), "f" + random.nextInt(3), random.nextInt(Integer.MAX_VALUE), 0));
        }
        List<Long> flattened = new ArrayList<>();
        int records = 0;
        for (Tuple2<String, long[]> run : runs(matches)) {
            for (long hit : run._2()) {
                flattened.add(hit);
            }
            records++;
        }
        assertThat(flattened).containsExactlyElementsOf(matches.stream().map(FileAtoms::hit).toList());
        assertThat(records).isLessThan(matches.size());
    }
}
