package org.imbrex.io.yara.pe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** {@link PeModule#lookup} and {@link PeModule#lookupPath}: YARA paths to values, undefined kept apart. */
class PeModuleLookupTest {

    private static PeModule twoSections() throws IOException {
        return PeHeaderReader.read(PeSource.of(new PeFileBuilder()
                .entryPoint(0x2010)
                .section(".text", 0x1000, 0x100, 0x200, 0x200)
                .section(".data", 0x2000, 0x80, 0x400, 0x200)
                .build()));
    }

    @Test
    void lookup_topLevelAndSectionFields_giveTheirValues() throws IOException {
        PeModule pe = twoSections();

        assertThat(pe.lookup("is_pe")).isEqualTo(new YaraValue.Integer(1));
        assertThat(pe.lookup("entry_point")).isEqualTo(new YaraValue.Integer(0x410));
        assertThat(pe.lookup("number_of_sections")).isEqualTo(new YaraValue.Integer(2));
        assertThat(pe.lookup("sections", 1, "name")).isEqualTo(new YaraValue.Bytes(".data"));
        assertThat(pe.lookup("sections", 1L, "raw_data_offset")).isEqualTo(new YaraValue.Integer(0x400));
        assertThat(pe.lookup("sections", 0, "virtual_size")).isEqualTo(new YaraValue.Integer(0x100));
    }

    @Test
    void lookupPath_dottedForm_equalsLookup() throws IOException {
        PeModule pe = twoSections();

        assertThat(pe.lookupPath("sections[1].virtual_address")).isEqualTo(pe.lookup("sections", 1, "virtual_address"));
        assertThat(pe.lookupPath("machine")).isEqualTo(new YaraValue.Integer(0x14c));
    }

    @Test
    void lookup_indexOutOfRange_isUndefined() throws IOException {
        PeModule pe = twoSections();

        assertThat(pe.lookup("sections", 2, "name")).isEqualTo(YaraValue.UNDEFINED);
        assertThat(pe.lookup("sections", -1, "name").isDefined()).isFalse();
        assertThat(pe.lookupPath("sections[-1].raw_data_size").isDefined()).isFalse();
    }

    @Test
    void lookup_notPe_isPeIsZero_restUndefined() {
        assertThat(PeModule.NOT_PE.lookup("is_pe")).isEqualTo(new YaraValue.Integer(0));
        for (String field : PeModule.TOP_LEVEL_FIELDS.subList(1, PeModule.TOP_LEVEL_FIELDS.size())) {
            assertThat(PeModule.NOT_PE.lookup(field)).as(field).isEqualTo(YaraValue.UNDEFINED);
        }
        assertThat(PeModule.NOT_PE.lookup("sections", 0, "name")).isEqualTo(YaraValue.UNDEFINED);
    }

    @Test
    void lookup_unsupportedField_isRejectedWithItsPath() throws IOException {
        PeModule pe = twoSections();

        assertThatThrownBy(() -> pe.lookup("imphash")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pe.imphash");
        assertThatThrownBy(() -> pe.lookup("sections", 0, "full_name")).hasMessageContaining("sections[0].full_name");
        assertThatThrownBy(() -> pe.lookupPath("sections.name")).hasMessageContaining("pe.sections.name");
        assertThatThrownBy(() -> pe.lookup("sections", "0", "name")).isInstanceOf(IllegalArgumentException.class);
    }
}
