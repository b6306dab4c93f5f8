package org.imbrex.io.yara.pe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link RvaToOffset}, one row per corner case of YARA's {@code pe_rva_to_offset}. */
class RvaToOffsetTest {

    private static final PeSection TEXT = new PeSection(".text", 0x800, 0x1000, 0x600, 0x401, 0);
    private static final PeSection EMPTY = new PeSection(".empty", 0, 0x3000, 0x100, 0x800, 0);
    private static final PeSection TAIL = new PeSection(".tail", 0x100, 0x4000, 0x100, 0xf80, 0);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            in .text, PointerToRawData rounded down | 0x1010     | 0x200 | false | 0x1000 | 0x410
            .text past its raw data                 | 0x1700     | 0x200 | false | 0x1000 | -1
            headers map to themselves               | 0x80       | 0x200 | false | 0x1000 | 0x80
            headers but past the end of the file    | 0xfff      | 0x200 | false | 0xf00  | -1
            VirtualSize 0 never maps                | 0x3000     | 0x200 | false | 0x1000 | -1
            mapped past the end of the file         | 0x4090     | 0x1   | false | 0x1000 | -1
            rounding 0xf80 down brings it back      | 0x4090     | 0x200 | false | 0x1000 | 0xe90
            mapped just inside the file             | 0x4000     | 0x1   | false | 0x1000 | 0xf80
            FileAlignment 0 keeps 0x401             | 0x1010     | 0     | false | 0x1000 | 0x411
            FileAlignment above 0x200 acts as 0x200 | 0x1010     | 0xffffffff | false | 0x1000 | 0x410
            section table cut short                 | 0x80       | 0x200 | true  | 0x1000 | -1
            """)
    void convert_cornerCase_givesYarasOffset(
            String name, String rva, String alignment, boolean truncated, String fileSize, String expected) {
        long offset = RvaToOffset.convert(
                Long.decode(rva), List.of(TEXT, EMPTY, TAIL), truncated, Long.decode(alignment), Long.decode(fileSize));

        assertThat(offset).isEqualTo(Long.decode(expected));
    }

    @ParameterizedTest(name = "rva {0}")
    @CsvSource({"0, 0", "0xfff, 0xfff", "0xfffffffe, -1", "0xffffffff, -1"})
    void convert_noSections_everyRvaIsAHeaderRva(String rva, String expected) {
        assertThat(RvaToOffset.convert(Long.decode(rva), List.of(), false, 0x200, 0x1000))
                .isEqualTo(Long.decode(expected));
    }
}
