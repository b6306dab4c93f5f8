package org.imbrex.io.yara.pe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The header checks and section table reading of {@link PeHeaderReader}, each pinned as YARA 4.2.3 has it. */
class PeHeaderReaderTest {

    private static PeModule read(byte[] file) throws IOException {
        return PeHeaderReader.read(PeSource.of(file));
    }

    private static PeFileBuilder twoSections() {
        return new PeFileBuilder()
                .machine(0x14c)
                .characteristics(0x2102)
                .entryPoint(0x1010)
                .section(".text", 0x1000, 0x100, 0x200, 0x200)
                .section(".data", 0x2000, 0x80, 0x400, 0x200);
    }

    @Test
    void pe32_twoSections_readsEveryField() throws IOException {
        PeModule pe = read(twoSections().build());

        assertThat(pe.isPe()).isTrue();
        assertThat(pe.machine()).hasValue(0x14c);
        assertThat(pe.numberOfSections()).hasValue(2);
        assertThat(pe.characteristics()).hasValue(0x2102);
        assertThat(pe.opthdrMagic()).hasValue(0x10b);
        assertThat(pe.entryPointRaw()).hasValue(0x1010);
        assertThat(pe.entryPoint()).hasValue(0x210);
        assertThat(pe.sections()).containsExactly(
                new PeSection(".text", 0x100, 0x1000, 0x200, 0x200, 0x6000_0020L),
                new PeSection(".data", 0x80, 0x2000, 0x200, 0x400, 0x6000_0020L));
    }

    @Test
    void pe32Plus_entryPointInSecondSection_isItsFileOffset() throws IOException {
        PeModule pe = read(twoSections().pe32Plus().entryPoint(0x2044).build());

        assertThat(pe.opthdrMagic()).hasValue(0x20b);
        assertThat(pe.machine()).hasValue(0x8664);
        assertThat(pe.entryPoint()).hasValue(0x444);
    }

    @Test
    void entryPointInHeaders_mapsToItself() throws IOException {
        assertThat(read(twoSections().entryPoint(0x44).build()).entryPoint()).hasValue(0x44);
    }

    @Test
    void entryPointBetweenSections_isMinusOne() throws IOException {
        assertThat(read(twoSections().entryPoint(0x1800).build()).entryPoint()).hasValue(-1);
    }

    @Test
    void entryPointInSectionWithoutRawData_isMinusOne() throws IOException {
        byte[] file = new PeFileBuilder().entryPoint(0x1004).section(".bss", 0x1000, 0x100, 0x200, 0).build();

        assertThat(read(file).entryPoint()).hasValue(-1);
    }

    @Test
    void pointerToRawDataUnaligned_isRoundedDownByAtMost0x200() throws IOException {
        PeFileBuilder b = new PeFileBuilder().entryPoint(0x1000).section(".text", 0x1000, 0x100, 0x3ff, 0x200);

        assertThat(read(b.fileAlignment(0x1000).build()).entryPoint()).as("min(0x1000, 0x200)").hasValue(0x200);
        assertThat(read(b.fileAlignment(0x10).build()).entryPoint()).hasValue(0x3f0);
        assertThat(read(b.fileAlignment(0).build()).entryPoint()).as("no rounding").hasValue(0x3ff);
        assertThat(read(b.fileAlignment(0).build()).sections().get(0).rawDataOffset()).isEqualTo(0x3ff);
    }

    @Test
    void overlappingSections_laterOneWithNoLowerVirtualAddressWins() throws IOException {
        PeFileBuilder later = new PeFileBuilder().entryPoint(0x1100)
                .section("a", 0x1000, 0x1000, 0x200, 0x1000)
                .section("b", 0x1100, 0x100, 0x1200, 0x100);
        PeFileBuilder lower = new PeFileBuilder().entryPoint(0x1100)
                .section("b", 0x1100, 0x100, 0x1200, 0x100)
                .section("a", 0x1000, 0x1000, 0x200, 0x1000);

        assertThat(read(later.build()).entryPoint()).hasValue(0x1200);
        assertThat(read(lower.build()).entryPoint()).hasValue(0x1200);
    }

    @Test
    void sectionTableCutShort_readsWholeHeadersOnly_andEntryPointIsMinusOne() throws IOException {
        PeFileBuilder b = twoSections();
        byte[] file = Arrays.copyOf(b.build(), (int) b.sectionTableOffset() + 40 + 39);
        PeModule pe = read(file);

        assertThat(pe.isPe()).isTrue();
        assertThat(pe.numberOfSections()).hasValue(2);
        assertThat(pe.sections()).hasSize(1);
        assertThat(pe.entryPoint()).as("the RVA is in .text, yet the table is cut").hasValue(-1);
    }

    @Test
    void numberOfSectionsAbove96_readsFirst96_andStillMapsTheEntryPoint() throws IOException {
        PeFileBuilder b = new PeFileBuilder().entryPoint(0x10);
        for (int i = 0; i < 96; i++) {
            b.section("s" + i, 0x1000L * (i + 1), 0x10, 0x2000, 0x10);
        }
        PeModule pe = read(b.numberOfSections(200).build());

        assertThat(pe.numberOfSections()).hasValue(200);
        assertThat(pe.sections()).hasSize(96);
        assertThat(pe.entryPoint()).as("headers 97..200 are never looked at").hasValue(0x10);
    }

    @Test
    void sectionName_keepsInnerNuls_dropsTrailingOnes() throws IOException {
        byte[] name = {'a', 0, 'b', 0, 0, 0, 0, 0};
        byte[] full = ".abcdefg".getBytes(StandardCharsets.ISO_8859_1);
        byte[] file = new PeFileBuilder()
                .section(name, 0x1000, 0x10, 0x400, 0x10, 0)
                .section(full, 0x2000, 0x10, 0x400, 0x10, 0)
                .section(new byte[8], 0x3000, 0x10, 0x400, 0x10, 0)
                .build();

        assertThat(read(file).sections()).extracting(PeSection::name).containsExactly("a\0b", ".abcdefg", "");
    }

    @Test
    void mzWithoutPe_isNotPe() throws IOException {
        byte[] file = new byte[0x200];
        file[0] = 'M';
        file[1] = 'Z';
        file[0x3c] = 0x40;

        assertThat(read(file)).isEqualTo(PeModule.NOT_PE);
    }

    @Test
    void eLfanewNegativeOrPastTheEnd_isNotPe() throws IOException {
        assertThat(read(twoSections().eLfanew(-8).build()).isPe()).isFalse();
        assertThat(read(twoSections().eLfanew(0x7fff_ffff).fileSize(0x1000).build()).isPe()).isFalse();
    }

    @Test
    void magicNeither32Nor64_isReadAsPe32() throws IOException {
        PeModule pe = read(twoSections().magic(0x107).build());

        assertThat(pe.isPe()).isTrue();
        assertThat(pe.opthdrMagic()).hasValue(0x107);
    }

    /** Every prefix of a file: YARA wants 24 + 224 bytes after e_lfanew, or 24 + 240 when Magic is 0x20b. */
    @Test
    void everyPrefix_isPeExactlyFromTheEndOfTheOptionalHeader() throws IOException {
        for (boolean pe32Plus : new boolean[] {false, true}) {
            PeFileBuilder b = twoSections();
            if (pe32Plus) {
                b.pe32Plus();
            }
            byte[] whole = b.build();
            long needed = 0x80 + 24 + (pe32Plus ? 240 : 224);
            long table = b.sectionTableOffset();
            for (int n = 0; n <= table + 2 * 40 + 1; n++) {
                PeModule pe = read(Arrays.copyOf(whole, n));
                assertThat(pe.isPe()).as("pe32Plus=%s, %d bytes", pe32Plus, n).isEqualTo(n >= needed);
                if (pe.isPe()) {
                    assertThat(pe.sections()).as("%d bytes", n).hasSize((int) Math.min(2, (n - table) / 40));
                }
            }
        }
    }

    /** Recorded with yara 4.2.3 on a sparse file of 4 GiB + 32 bytes: entry RVA 0x10 gave 16, RVA 0x30 gave -1. */
    @Test
    void fileOf4GiBPlus32_headersMapOnlyBelow32_asYaraTruncatesTheSize() throws IOException {
        for (long[] rvaAndOffset : new long[][] {{0x10, 0x10}, {0x30, -1}}) {
            byte[] headers = new PeFileBuilder().eLfanew(0x40).entryPoint(rvaAndOffset[0]).build();
            PeSource huge = new PeSource() {
                @Override
                public long size() {
                    return (1L << 32) + 32;
                }

                @Override
                public int read(long offset, byte[] into, int length) throws IOException {
                    Arrays.fill(into, 0, length, (byte) 0);
                    return PeSource.of(headers).read(offset, into, length) >= 0 ? length : 0;
                }
            };

            assertThat(PeHeaderReader.read(huge).entryPoint()).hasValue(rvaAndOffset[1]);
        }
    }

    @Test
    void shortReads_giveTheSameModule() throws IOException {
        byte[] file = twoSections().build();
        PeSource trickle = new PeSource() {
            @Override
            public long size() {
                return file.length;
            }

            @Override
            public int read(long offset, byte[] into, int length) throws IOException {
                return PeSource.of(file).read(offset, into, Math.min(length, 7));
            }
        };

        assertThat(PeHeaderReader.read(trickle)).isEqualTo(read(file));
    }

    @Test
    void largeFile_onlyHeadersAreRead() throws IOException {
        byte[] headers = twoSections().build();
        long[] bytesRead = {0};
        PeSource large = new PeSource() {
            @Override
            public long size() {
                return 1L << 40;
            }

            @Override
            public int read(long offset, byte[] into, int length) throws IOException {
                bytesRead[0] += length;
                Arrays.fill(into, 0, length, (byte) 0);
                PeSource.of(headers).read(offset, into, length);
                return length;
            }
        };

        assertThat(PeHeaderReader.read(large).sections()).hasSize(2);
        assertThat(bytesRead[0]).isLessThan(1024);
    }
}
