package org.imbrex.io.yara.pe;

import java.util.List;

/**
 * YARA 4.2.3's {@code pe_rva_to_offset} ({@code libyara/modules/pe/pe_utils.c}): an RVA to a file
 * offset through the section table, or -1.
 *
 * <pre>
 *   RVA space                          file
 *   0 ........ lowest VirtualAddress   0 ............................ data_size
 *   |-- headers: offset = rva --|      |-- headers --|
 *                 [VA ..... VA+VirtualSize)  --&gt;  [PointerToRawData - rest ... + SizeOfRawData)
 *                   rva                      --&gt;    offset = (PointerToRawData - rest) + (rva - VA)
 *   rest = PointerToRawData mod min(FileAlignment, 0x200)   (no rounding when FileAlignment is 0)
 * </pre>
 *
 * <p>The corner cases, each as YARA has them:
 * <ul>
 *   <li>The section that maps {@code rva} is the last one in table order with {@code VA <= rva < VA +
 *       VirtualSize} and a VA no lower than the previous match's, so of overlapping sections a later
 *       one with an equal or higher VA wins; a section with {@code VirtualSize} 0 never maps.
 *   <li>An RVA below every section's VA maps to itself, bounded by the file size taken as a 32-bit
 *       {@code DWORD} (so a file of 4 GiB + 16 bytes admits only RVAs below 16). With no sections the
 *       lowest VA is 0xffffffff.
 *   <li>An RVA at or above the lowest VA that no section maps gives -1, as does one that falls past
 *       {@code SizeOfRawData} of its section (the zero-filled tail), and any result at or past the end
 *       of the file.
 *   <li>If any of the first {@code min(NumberOfSections, 96)} section headers lies past the end of the
 *       file, the answer is -1 whatever the RVA.
 * </ul>
 *
 * <p>Example: FileAlignment 0x200, one section {@code VA=0x1000, VirtualSize=0x800,
 * PointerToRawData=0x401, SizeOfRawData=0x600}, file of 0x1000 bytes: RVA 0x1010 gives 0x410 (0x401
 * rounded down to 0x400, plus 0x10); RVA 0x1700 gives -1 (past the raw data); RVA 0x80 gives 0x80.
 */
public final class RvaToOffset {

    /** YARA's {@code MAX_PE_SECTIONS}. */
    public static final int MAX_PE_SECTIONS = 96;

    private static final long DWORD_MASK = 0xffff_ffffL;

    private RvaToOffset() {}

    /**
     * The file offset of {@code rva}, or -1.
     *
     * @param rva an unsigned 32-bit RVA
     * @param sections the section headers that lie wholly in the file, in table order
     * @param tableTruncated whether one of the first {@code min(NumberOfSections, 96)} headers does not
     * @param fileAlignment {@code OptionalHeader.FileAlignment}, unsigned 32-bit
     * @param fileSize the file's size in bytes
     */
    public static long convert(
            long rva, List<PeSection> sections, boolean tableTruncated, long fileAlignment, long fileSize) {
        if (tableTruncated) {
            return -1;
        }
        long lowestSectionRva = DWORD_MASK;
        long sectionRva = 0;
        long sectionOffset = 0;
        long sectionRawSize = 0;
        long alignment = Math.min(fileAlignment, 0x200);
        for (PeSection s : sections) {
            long va = s.virtualAddress();
            lowestSectionRva = Math.min(lowestSectionRva, va);
            if (rva >= va && rva - va < s.virtualSize() && sectionRva <= va) {
                sectionRva = va;
                sectionOffset = s.rawDataOffset();
                sectionRawSize = s.rawDataSize();
                if (alignment != 0) {
                    sectionOffset -= sectionOffset % alignment;
                }
            }
        }
        if (rva < lowestSectionRva) {
            sectionRva = 0;
            sectionOffset = 0;
            sectionRawSize = fileSize & DWORD_MASK;
        }
        if (rva - sectionRva >= sectionRawSize) {
            return -1;
        }
        long result = sectionOffset + (rva - sectionRva);
        return result >= fileSize ? -1 : result;
    }
}
