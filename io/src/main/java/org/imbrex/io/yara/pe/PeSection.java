package org.imbrex.io.yara.pe;

import java.nio.charset.StandardCharsets;

/**
 * One entry of a PE section table, with the values YARA's {@code pe.sections[i]} gives.
 *
 * <pre>
 *   IMAGE_SECTION_HEADER (40 bytes)
 *   +0  Name[8]            -&gt; name (trailing NULs removed, inner NULs kept)
 *   +8  Misc.VirtualSize   -&gt; virtual_size
 *   +12 VirtualAddress     -&gt; virtual_address
 *   +16 SizeOfRawData      -&gt; raw_data_size
 *   +20 PointerToRawData   -&gt; raw_data_offset
 *   +24 PointerToRelocations, +28 PointerToLinenumbers,
 *   +32 NumberOfRelocations, +34 NumberOfLinenumbers
 *   +36 Characteristics    -&gt; characteristics
 * </pre>
 *
 * <p>Example: a {@code .text} section of 0x1234 bytes at RVA 0x1000, stored at file offset 0x400 with
 * 0x1400 raw bytes, is {@code new PeSection(".text", 0x1234, 0x1000, 0x1400, 0x400, 0x60000020)}.
 *
 * @param name the name's bytes, one char per byte (ISO-8859-1), up to the last non-NUL byte; YARA
 *     does the same ({@code rstrip('\0')}), so {@code "a\0b\0\0\0\0\0"} gives the 3-byte {@code "a\0b"}
 * @param virtualSize {@code Misc.VirtualSize}, unsigned 32-bit
 * @param virtualAddress {@code VirtualAddress}, an RVA, unsigned 32-bit
 * @param rawDataSize {@code SizeOfRawData}, unsigned 32-bit
 * @param rawDataOffset {@code PointerToRawData}, unsigned 32-bit, not rounded to the file alignment
 * @param characteristics the section's {@code Characteristics}, unsigned 32-bit
 */
public record PeSection(
        String name,
        long virtualSize,
        long virtualAddress,
        long rawDataSize,
        long rawDataOffset,
        long characteristics) {

    /** The size of one section header in the file. */
    public static final int HEADER_SIZE = 40;

    /** The name's bytes. */
    public byte[] nameBytes() {
        return name.getBytes(StandardCharsets.ISO_8859_1);
    }
}
