package org.imbrex.io.tile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class TilePlanTest {

    private static List<Tile> tiles(TilePlan plan) {
        List<Tile> tiles = new ArrayList<>();
        plan.forEach(tiles::add);
        return tiles;
    }

    @Test
    void of_rangeInsideFile_cutsCoresAndCutsTheLastHaloAtTheFileEnd() {
        TilePlan plan = TilePlan.of(1000, 2500, 4000, 1024, 3);

        assertThat(tiles(plan)).containsExactly(
                new Tile(0, 1000, 1024, 1027),
                new Tile(1, 2024, 1024, 1027),
                new Tile(2, 3048, 452, 455));
        assertThat(plan.tileCount()).isEqualTo(3);
    }

    @Test
    void of_rangeAtTheFileEnd_haloShrinksToWhatIsLeft() {
        TilePlan plan = TilePlan.of(0, 10, 10, 4, 5);

        assertThat(tiles(plan)).containsExactly(new Tile(0, 0, 4, 9), new Tile(1, 4, 4, 6), new Tile(2, 8, 2, 2));
        assertThat(plan.tile(2).haloLength()).isZero();
    }

    @Test
    void of_emptyRange_hasNoTile() {
        assertThat(TilePlan.of(7, 0, 7, 16, 3).tileCount()).isZero();
        assertThat(tiles(TilePlan.of(0, 0, 0, 16, 3))).isEmpty();
    }

    @Test
    void of_offsetsPast2GiB_stayLong() {
        long start = (1L << 31) - 5;
        TilePlan plan = TilePlan.of(start, 20, 1L << 32, 8, 3);

        assertThat(plan.tile(1).start()).isEqualTo((1L << 31) + 3);
        assertThat(plan.ownerOf(1L << 31)).isZero();
        assertThat(plan.ownerOf((1L << 31) + 3)).isEqualTo(1);
    }

    @Test
    void of_badArguments_areRefusedWithTheValue() {
        assertThatThrownBy(() -> TilePlan.of(10, 5, 12, 4, 0)).hasMessage("range [10, +5) is not inside a file of 12 bytes");
        assertThatThrownBy(() -> TilePlan.of(0, 5, 12, 0, 0)).hasMessage("tile core 0 must be at least 1 byte");
        assertThatThrownBy(() -> TilePlan.of(0, 5, 12, 4, -1)).hasMessageContaining("tile halo -1");
        assertThatThrownBy(() -> TilePlan.of(0, 5, 12, 4, 0).tile(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> TilePlan.of(0, 5, 12, 4, 0).ownerOf(5)).hasMessageContaining("outside the range");
    }

    /** design.md: every offset of the range is owned by exactly one tile, and its window fits that tile. */
    @Property(tries = 300)
    void tiles_everyOffsetOwnedOnceAndWindowInsideData(
            @ForAll @LongRange(min = 0, max = 200) long rangeStart,
            @ForAll @LongRange(min = 0, max = 300) long rangeLength,
            @ForAll @LongRange(min = 0, max = 100) long after,
            @ForAll @IntRange(min = 1, max = 70) int core,
            @ForAll @IntRange(min = 0, max = 40) int halo) {
        long fileLength = rangeStart + rangeLength + after;
        TilePlan plan = TilePlan.of(rangeStart, rangeLength, fileLength, core, halo);
        List<Tile> tiles = tiles(plan);

        for (long o = rangeStart; o < rangeStart + rangeLength; o++) {
            long offset = o;
            List<Tile> owners = tiles.stream().filter(t -> t.owns(offset)).toList();
            assertThat(owners).hasSize(1);
            Tile owner = owners.get(0);
            assertThat(owner.index()).isEqualTo(plan.ownerOf(o));
            assertThat(Math.min(o + halo + 1, fileLength)).isLessThanOrEqualTo(owner.dataEnd());
        }
        assertThat(tiles.stream().mapToLong(Tile::coreLength).sum()).isEqualTo(rangeLength);
    }
}
