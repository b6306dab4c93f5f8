package org.imbrex.io.yara.pe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Damage anywhere in the headers of a PE32 or PE32+ file, or a cut anywhere, never makes {@link
 * PeHeaderReader} throw, list more sections than the header declares (or than YARA's 96), or give an entry
 * point outside the file.
 */
class PeHeaderReaderProperties {

    @Property(tries = 300)
    void corruptedHeaders_neverThrow_andStayWithinTheFile(
            @ForAll boolean pe32Plus,
            @ForAll @IntRange(min = 0, max = 0x300) int at,
            @ForAll @Size(min = 1, max = 8) byte[] garbage,
            @ForAll @IntRange(min = 0, max = 0x600) int cut) throws IOException {
        PeFileBuilder builder = pe32Plus ? new PeFileBuilder().pe32Plus() : new PeFileBuilder();
        byte[] file = builder
                .section(".text", 0x1000, 0x100, 0x200, 0x200)
                .section(".data", 0x2000, 0x80, 0x400, 0x200)
                .build();
        System.arraycopy(garbage, 0, file, at, Math.min(garbage.length, file.length - at));
        byte[] damaged = java.util.Arrays.copyOf(file, Math.min(cut, file.length));

        PeModule pe = PeHeaderReader.read(PeSource.of(damaged));

        assertThat(pe.sections().size()).isLessThanOrEqualTo(
                (int) Math.min(pe.numberOfSections().orElse(0), RvaToOffset.MAX_PE_SECTIONS));
        assertThat(pe.entryPoint().orElse(-1)).isBetween(-1L, (long) damaged.length - 1);
    }
}
