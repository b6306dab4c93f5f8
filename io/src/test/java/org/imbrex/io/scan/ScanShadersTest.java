package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.shaders.Msad4Search;
import org.junit.jupiter.api.Test;

/** Which lane loops a scan's search shader gets: the superword loops behind the anchors, the JVM's form without. */
class ScanShadersTest {

    @Test
    void prefilteredScan_searchesWithSuperwordLoops_unfilteredWithTheJvmsForm() {
        assertThat(((Msad4Search) ScanShaders.java(Prefilter.ANCHORS).search().get()).laneLoops())
                .isEqualTo(LaneLoops.SUPERWORD);
        assertThat(((Msad4Search) ScanShaders.java(Prefilter.NONE).search().get()).laneLoops())
                .isEqualTo(LaneLoops.active()).isEqualTo(LaneLoops.VECTOR);
        assertThat(((Msad4Search) ScanShaders.java(LaneLoops.SUPERWORD).search().get()).laneLoops())
                .isEqualTo(LaneLoops.SUPERWORD);
    }
}
