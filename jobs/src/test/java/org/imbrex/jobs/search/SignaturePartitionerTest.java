package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;

class SignaturePartitionerTest {

    private static List<Signature> named(String... names) {
        List<Signature> signatures = new ArrayList<>();
        for (String name : names) {
            signatures.add(Signature.ofHex(name, "4D 5A"));
        }
        return signatures;
    }

    @Test
    void getPartition_classExample_givesAdjacentRanksToEachPart() {
        TableOrder order = TableOrder.of(named("g", "a", "e", "b", "f", "c", "d"));
        SignaturePartitioner partitioner = new SignaturePartitioner(order, 3);

        List<Integer> byRank = new ArrayList<>();
        for (String name : List.of("a", "b", "c", "d", "e", "f", "g")) {
            int index = List.of("g", "a", "e", "b", "f", "c", "d").indexOf(name);
            byRank.add(partitioner.getPartition(new Match(index, "file:/x", 0, 0)));
        }

        assertThat(byRank).containsExactly(0, 0, 0, 1, 1, 2, 2);
    }

    @Test
    void getPartition_morePartsThanSignatures_spreadsThemAndLeavesTheRestEmpty() {
        TableOrder order = TableOrder.of(named("mz", "elf", "png"));
        SignaturePartitioner partitioner = new SignaturePartitioner(order, 64);

        assertThat(List.of(1, 0, 2)).extracting(s -> partitioner.getPartition(new Match(s, "file:/x", 0, 0)))
                .containsExactly(0, 21, 42);
    }

    @Test
    void tableOrder_namesOutsideTheBmp_sortByCodePointAsSparkDoes() {
        // U+FF5E is below U+1F600 as a code point, above its UTF-16 surrogates.
        TableOrder order = TableOrder.of(named("\uD83D\uDE00", "\uFF5E", "a"));

        assertThat(order.rank(2)).isZero();
        assertThat(order.rank(1)).isEqualTo(1);
        assertThat(order.rank(0)).isEqualTo(2);
        assertThat(order.compare(new Match(2, "file:/b", 0, 9), new Match(2, "file:/b", 1, 0))).isNegative();
        assertThat(order.compare(new Match(2, "file:/\uFF5E", 0, 0), new Match(2, "file:/\uD83D\uDE00", 0, 0)))
                .isNegative();
    }
}
