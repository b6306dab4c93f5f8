package org.imbrex.kernels.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** What {@code ShaderCommandFuzzTest} found in the {@code SLOT:…} arguments of {@code imbrex shader}. */
class ResourceArgumentTest {

    /** A NUL in a file name escaped as the JDK's InvalidPathException, which did not name the argument. */
    @Test
    void parse_fileNameWithNul_isRefusedNamingTheArgumentAndField() {
        assertThatThrownBy(() -> ResourceArgument.Srv.parse("0:R32_UINT:ref\u0000.bin"))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("--srv 0:R32_UINT:ref\u0000.bin: FILE 'ref\u0000.bin' is not a file name (Nul character "
                        + "not allowed)");
        assertThatThrownBy(() -> ResourceArgument.Uav.parse("0:R32_UINT:16:out.bin:in\u0000it"))
                .isExactlyInstanceOf(IllegalArgumentException.class).hasMessageContaining(": INIT 'in\u0000it' is not");
        assertThatThrownBy(() -> ResourceArgument.Cb.parse("1:\u0000")).isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--cb 1:\u0000: FILE ");
    }

    @Test
    void parse_plainFileNames_arePaths() {
        assertThat(ResourceArgument.Uav.parse("1:S12:96:out.bin:init.bin").init()).isEqualTo(Path.of("init.bin"));
        assertThat(ResourceArgument.Cb.parse("13:cb.bin").file()).isEqualTo(Path.of("cb.bin"));
    }
}
