package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Packing ranges without files: weights, the target, locations and the worked example of the class comment. */
class SplitPackerTest {
    private static final long MIB = 1L << 20;

    private static LocatedRange range(String path, long start, long length, long fileLength) {
        return new LocatedRange(new ByteRange(path, start, length, fileLength), Map.of());
    }

    private static LocatedRange range(String path, long length, Map<String, Long> hostBytes) {
        return new LocatedRange(ByteRange.wholeFile(path, length), hostBytes);
    }

    @Test
    void pack_classCommentExample_givesItsFourSplits() {
        List<LocatedRange> ranges = List.of(
                range("d.bin", 0, 50 * MIB, 50 * MIB),
                range("c.bin", 0, 0, 0),
                range("a.bin", 128 * MIB, 22 * MIB, 150 * MIB),
                range("b.bin", 0, 3072, 3072),
                range("a.bin", 64 * MIB, 64 * MIB, 150 * MIB),
                range("a.bin", 0, 64 * MIB, 150 * MIB));

        List<PackedSplit> splits = SplitPacker.pack(ranges, 64 * MIB, 64 << 10);

        assertThat(splits).extracting(PackedSplit::ranges).containsExactly(
                List.of(new ByteRange("a.bin", 0, 64 * MIB, 150 * MIB)),
                List.of(new ByteRange("a.bin", 64 * MIB, 64 * MIB, 150 * MIB)),
                List.of(new ByteRange("a.bin", 128 * MIB, 22 * MIB, 150 * MIB), new ByteRange("b.bin", 0, 3072, 3072),
                        new ByteRange("c.bin", 0, 0, 0)),
                List.of(new ByteRange("d.bin", 0, 50 * MIB, 50 * MIB)));
        assertThat(splits.get(2).getLength()).isEqualTo(22 * MIB + 3072);
    }

    @Test
    void pack_20000FilesOf1To8KiB_giveAFewDozenSplitsOf64MiB() {
        Random random = new Random(1);
        List<LocatedRange> ranges = new ArrayList<>();
        for (int f = 0; f < 20_000; f++) {
            long length = 1024 + random.nextInt(7 * 1024 + 1);
            ranges.add(range(String.format("f%05d.bin", f), 0, length, length));
        }

        List<PackedSplit> splits = SplitPacker.pack(ranges, 64 * MIB, ByteRangeInputFormat.DEFAULT_OPEN_COST);

        assertThat(splits).hasSize(21);
        assertThat(splits.subList(0, 20)).allSatisfy(split -> assertThat(split.getNumPaths()).isBetween(900, 1000));
        assertThat(splits.stream().mapToInt(PackedSplit::getNumPaths).sum()).isEqualTo(20_000);
    }

    @Test
    void pack_rangeWeighingExactlyTheTarget_isASplitAloneAndTheNextStartsAnother() {
        List<PackedSplit> splits = SplitPacker.pack(List.of(range("a", 0, 900, 900), range("b", 0, 0, 0),
                range("c", 0, 50, 50), range("d", 0, 40, 40)), 1000, 100);

        assertThat(splits).extracting(PackedSplit::getNumPaths).containsExactly(1, 3);
        assertThat(splits.get(1).ranges()).extracting(ByteRange::path).containsExactly("b", "c", "d");
    }

    @Test
    void pack_zeroOpenCost_packsByLengthAlone() {
        List<PackedSplit> splits = SplitPacker.pack(List.of(range("a", 0, 600, 600), range("b", 0, 400, 400),
                range("c", 0, 1, 1)), 1000, 0);

        assertThat(splits).extracting(PackedSplit::getNumPaths).containsExactly(2, 1);
    }

    @Test
    void pack_hostBytes_locationsAreTheThreeHostsHoldingMostOfTheSplit() throws Exception {
        List<PackedSplit> splits = SplitPacker.pack(List.of(
                range("a", 100, Map.of("dn1", 100L, "dn2", 100L)),
                range("b", 300, Map.of("dn3", 300L, "dn4", 300L)),
                range("c", 150, Map.of("dn2", 150L, "dn5", 150L))), 10_000, 0);

        // dn3 300, dn4 300, dn2 250, dn5 150, dn1 100; ties by name
        assertThat(splits).hasSize(1);
        assertThat(splits.get(0).getLocations()).containsExactly("dn3", "dn4", "dn2");
    }

    @Test
    void pack_hugeOpenCost_saturatesInsteadOfOverflowing() {
        List<PackedSplit> splits = SplitPacker.pack(List.of(range("a", 0, 10, 10), range("b", 0, 10, 10)),
                1000, Long.MAX_VALUE - 5);

        assertThat(splits).extracting(PackedSplit::getNumPaths).containsExactly(1, 1);
    }

    @Test
    void pack_badTargetOrOpenCost_isRefusedWithBothValues() {
        assertThatThrownBy(() -> SplitPacker.pack(List.of(), 0, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot pack to 0 bytes with an open cost of 10 bytes: the target must be ≥ 1, the open "
                        + "cost ≥ 0");
    }
}
