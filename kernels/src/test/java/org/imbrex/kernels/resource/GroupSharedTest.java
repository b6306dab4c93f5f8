package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.imbrex.kernels.dispatch.ShaderModel;
import org.junit.jupiter.api.Test;

/** {@code groupshared} memory: 32 KB in cs_5_0, 16 KB in cs_4_x (spec §2.1). */
class GroupSharedTest {

    @Test
    void allocate_exactly32KB_isAllowed() {
        GroupShared g = GroupShared.allocate(ShaderModel.CS_5_0.groupSharedBytes(), 4096, 4096);
        assertThat(g.register(0)).hasSize(4096);
        assertThat(g.register(1)).hasSize(4096);
    }

    @Test
    void allocate_oneWordOver32KB_namesSizeAndLimit() {
        assertThatThrownBy(() -> GroupShared.allocate(ShaderModel.CS_5_0.groupSharedBytes(), 8193))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32772")
                .hasMessageContaining("32768");
        assertThatThrownBy(() -> GroupShared.allocate(ShaderModel.CS_4_0.groupSharedBytes(), 4096, 1))
                .hasMessageContaining("16388").hasMessageContaining("16384");
        assertThatThrownBy(() -> GroupShared.allocate(32768, -1)).hasMessageContaining("-1");
    }

    @Test
    void clear_zeroesEveryRegister() {
        GroupShared g = GroupShared.allocate(32768, 3, 2);
        g.register(0)[2] = 5;
        g.register(1)[0] = 6;
        g.clear();
        assertThat(g.register(0)).containsOnly(0);
        assertThat(g.register(1)).containsOnly(0);
    }
}
