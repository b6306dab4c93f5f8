package org.imbrex.io.yara.pe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads a file's PE headers as YARA 4.2.3's {@code pe} module does ({@code pe_get_header} in
 * {@code pe_utils.c}, {@code pe_parse_header} in {@code pe.c}), for a file scanned as a file (not
 * process memory, where YARA reports {@code entry_point} as base address plus RVA).
 *
 * <pre>
 *   offset                          field                              checked by YARA
 *   0                               IMAGE_DOS_HEADER (64 bytes)        size &gt;= 64
 *   0    e_magic   "MZ"                                                == 0x5a4d
 *   0x3c e_lfanew  (signed 32-bit)                                    &gt;= 0
 *   L = e_lfanew                    Signature "PE\0\0"                 size &gt;= L + 24, == 0x00004550
 *   L+4                             IMAGE_FILE_HEADER (20 bytes)
 *   L+4  Machine, L+6 NumberOfSections, L+20 SizeOfOptionalHeader, L+22 Characteristics
 *   L+24                            IMAGE_OPTIONAL_HEADER              size &gt;= L + 24 + 224, then
 *   L+24 Magic, L+40 AddressOfEntryPoint, L+60 FileAlignment            size &gt;= L + 24 + (Magic ==
 *                                                                       0x20b ? 240 : 224)
 *   S = L + 24 + SizeOfOptionalHeader  section table, 40 bytes each    header i read iff S+40(i+1) &lt;= size
 * </pre>
 *
 * <p>Any {@code Magic} other than 0x20b is read as PE32. The section table starts where
 * {@code SizeOfOptionalHeader} says, not after the optional header YARA checked, so it may overlap the
 * optional header or lie past the end of the file; YARA then reads no sections yet the file is still a
 * PE.
 *
 * <p>Example: a 1,024-byte file with {@code e_lfanew = 0x80}, {@code "PE\0\0"} there, Magic 0x10b,
 * {@code SizeOfOptionalHeader = 224} and one section header at 0x178 gives {@code is_pe = 1} and one
 * section; cut to 0x80 + 24 + 223 bytes, it gives {@code is_pe = 0}.
 */
public final class PeHeaderReader {

    static final int DOS_HEADER_SIZE = 64;
    static final int E_LFANEW = 0x3c;
    static final int NT_SIGNATURE_AND_FILE_HEADER = 4 + 20;
    static final int OPTIONAL_HEADER32_SIZE = 224;
    static final int OPTIONAL_HEADER64_SIZE = 240;
    static final int IMAGE_DOS_SIGNATURE = 0x5a4d;
    static final int IMAGE_NT_SIGNATURE = 0x0000_4550;
    static final int IMAGE_NT_OPTIONAL_HDR64_MAGIC = 0x20b;

    private PeHeaderReader() {}

    /** The {@code pe} module values of the file behind {@code source}. */
    public static PeModule read(PeSource source) throws IOException {
        long size = source.size();
        if (size < DOS_HEADER_SIZE) {
            return PeModule.NOT_PE;
        }
        Le dos = Le.read(source, 0, DOS_HEADER_SIZE);
        if (dos.u16(0) != IMAGE_DOS_SIGNATURE || dos.i32(E_LFANEW) < 0) {
            return PeModule.NOT_PE;
        }
        long nt = dos.i32(E_LFANEW);
        long headersSize = nt + NT_SIGNATURE_AND_FILE_HEADER;
        if (size < headersSize + OPTIONAL_HEADER32_SIZE) {
            return PeModule.NOT_PE;
        }
        Le h = Le.read(source, nt, NT_SIGNATURE_AND_FILE_HEADER + OPTIONAL_HEADER64_SIZE);
        if (h.u32(0) != IMAGE_NT_SIGNATURE) {
            return PeModule.NOT_PE;
        }
        int magic = h.u16(24);
        headersSize += magic == IMAGE_NT_OPTIONAL_HDR64_MAGIC ? OPTIONAL_HEADER64_SIZE : OPTIONAL_HEADER32_SIZE;
        if (size < headersSize) {
            return PeModule.NOT_PE;
        }
        return parse(source, size, nt, h);
    }

    private static PeModule parse(PeSource source, long size, long nt, Le h) throws IOException {
        int numberOfSections = h.u16(6);
        long entryPointRva = h.u32(24 + 16);
        long fileAlignment = h.u32(24 + 36);
        long sectionTable = nt + NT_SIGNATURE_AND_FILE_HEADER + h.u16(20);
        int wanted = Math.min(numberOfSections, RvaToOffset.MAX_PE_SECTIONS);
        List<PeSection> sections = readSections(source, size, sectionTable, wanted);
        long entryPoint = RvaToOffset.convert(
                entryPointRva, sections, sections.size() < wanted, fileAlignment, size);
        return new PeModule(
                true,
                OptionalLong.of(h.u16(4)),
                OptionalLong.of(numberOfSections),
                OptionalLong.of(h.u16(22)),
                OptionalLong.of(entryPoint),
                OptionalLong.of(entryPointRva),
                OptionalLong.of(h.u16(24)),
                sections);
    }

    /** The headers among the first {@code wanted} that lie wholly in the file (YARA stops at the first one that does not). */
    private static List<PeSection> readSections(PeSource source, long size, long start, int wanted)
            throws IOException {
        long fitting = Math.max(0, (size - start) / PeSection.HEADER_SIZE);
        int count = (int) Math.min(wanted, fitting);
        List<PeSection> sections = new ArrayList<>(count);
        if (count == 0) {
            return sections;
        }
        Le table = Le.read(source, start, count * PeSection.HEADER_SIZE);
        for (int i = 0; i < count; i++) {
            int at = i * PeSection.HEADER_SIZE;
            sections.add(new PeSection(
                    table.name(at),
                    table.u32(at + 8),
                    table.u32(at + 12),
                    table.u32(at + 16),
                    table.u32(at + 20),
                    table.u32(at + 36)));
        }
        return sections;
    }

    /** Little-endian fields of bytes read from a source; bytes past the end of the file read as 0. */
    private record Le(byte[] b) {
        static Le read(PeSource source, long offset, int length) throws IOException {
            byte[] into = new byte[length];
            byte[] chunk = new byte[length];
            int done = 0;
            while (done < length) {
                int n = source.read(offset + done, chunk, length - done);
                if (n <= 0) {
                    break;
                }
                System.arraycopy(chunk, 0, into, done, n);
                done += n;
            }
            return new Le(into);
        }

        int u16(int at) {
            return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8;
        }

        int i32(int at) {
            return u16(at) | u16(at + 2) << 16;
        }

        long u32(int at) {
            return i32(at) & 0xffff_ffffL;
        }

        /** Section name: YARA keeps the bytes up to the last non-NUL one. */
        String name(int at) {
            int length = 8;
            while (length > 0 && b[at + length - 1] == 0) {
                length--;
            }
            return new String(b, at, length, StandardCharsets.ISO_8859_1);
        }
    }
}
