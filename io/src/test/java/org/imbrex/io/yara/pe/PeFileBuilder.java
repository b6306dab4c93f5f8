package org.imbrex.io.yara.pe;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds minimal PE files, valid or broken on purpose, for the tests of {@link PeHeaderReader}.
 *
 * <pre>
 *   0        "MZ" ... e_lfanew at 0x3c
 *   L        "PE\0\0" | IMAGE_FILE_HEADER (20) | optional header (224 PE32, 240 PE32+)
 *   L+24+SizeOfOptionalHeader   section headers, 40 bytes each
 *   ...      raw data (zeros) up to the file size
 * </pre>
 *
 * <p>Example: {@code new PeFileBuilder().pe32Plus().section(".text", 0x1000, 0x200, 0x400, 0x200)
 * .entryPoint(0x1010).build()} is a PE32+ file whose {@code pe.entry_point} is 0x410.
 */
final class PeFileBuilder {

    /** One section header to write. */
    record Section(byte[] name, long virtualAddress, long virtualSize, long rawDataOffset, long rawDataSize,
            long characteristics) {}

    private boolean pe32Plus;
    private int eLfanew = 0x80;
    private int dosMagic = 0x5a4d;
    private int ntSignature = 0x4550;
    private Integer magic;
    private int machine = 0x14c;
    private int characteristics = 0x0102;
    private long entryPoint = 0x1000;
    private long fileAlignment = 0x200;
    private Integer sizeOfOptionalHeader;
    private Integer numberOfSections;
    private Long fileSize;
    private final List<Section> sections = new ArrayList<>();

    PeFileBuilder pe32Plus() {
        pe32Plus = true;
        machine = 0x8664;
        return this;
    }

    PeFileBuilder eLfanew(int value) {
        eLfanew = value;
        return this;
    }

    PeFileBuilder dosMagic(int value) {
        dosMagic = value;
        return this;
    }

    PeFileBuilder ntSignature(int value) {
        ntSignature = value;
        return this;
    }

    /** Writes this Magic instead of 0x10b / 0x20b; the header layout still follows {@link #pe32Plus()}. */
    PeFileBuilder magic(int value) {
        magic = value;
        return this;
    }

    PeFileBuilder machine(int value) {
        machine = value;
        return this;
    }

    PeFileBuilder characteristics(int value) {
        characteristics = value;
        return this;
    }

    PeFileBuilder entryPoint(long rva) {
        entryPoint = rva;
        return this;
    }

    PeFileBuilder fileAlignment(long value) {
        fileAlignment = value;
        return this;
    }

    PeFileBuilder sizeOfOptionalHeader(int value) {
        sizeOfOptionalHeader = value;
        return this;
    }

    /** Writes this NumberOfSections instead of the number of sections added. */
    PeFileBuilder numberOfSections(int value) {
        numberOfSections = value;
        return this;
    }

    /** Cuts or pads the file to this size; by default it ends after the headers and every section's raw data. */
    PeFileBuilder fileSize(long value) {
        fileSize = value;
        return this;
    }

    PeFileBuilder section(String name, long virtualAddress, long virtualSize, long rawDataOffset,
            long rawDataSize) {
        return section(name.getBytes(StandardCharsets.ISO_8859_1), virtualAddress, virtualSize, rawDataOffset,
                rawDataSize, 0x6000_0020L);
    }

    PeFileBuilder section(byte[] name, long virtualAddress, long virtualSize, long rawDataOffset,
            long rawDataSize, long sectionCharacteristics) {
        sections.add(new Section(Arrays.copyOf(name, 8), virtualAddress, virtualSize, rawDataOffset, rawDataSize,
                sectionCharacteristics));
        return this;
    }

    int optionalHeaderSize() {
        return pe32Plus ? 240 : 224;
    }

    /** Where the section table starts. */
    long sectionTableOffset() {
        return (long) eLfanew + 24 + (sizeOfOptionalHeader != null ? sizeOfOptionalHeader : optionalHeaderSize());
    }

    /** The size the file has unless {@link #fileSize(long)} says otherwise. */
    long naturalSize() {
        long end = Math.max(64, sectionTableOffset() + 40L * sections.size());
        end = Math.max(end, (long) eLfanew + 24 + optionalHeaderSize());
        for (Section s : sections) {
            end = Math.max(end, s.rawDataOffset() + s.rawDataSize());
        }
        return end;
    }

    byte[] build() {
        long size = fileSize != null ? fileSize : naturalSize();
        if (size > 1 << 24) {
            throw new IllegalStateException("test PE file of " + size + " bytes is too large");
        }
        byte[] file = new byte[(int) size];
        put(file, 0, 2, dosMagic);
        put(file, 0x3c, 4, eLfanew);
        if (eLfanew >= 0) {
            writeNtHeaders(file, eLfanew);
        }
        long table = sectionTableOffset();
        for (int i = 0; i < sections.size(); i++) {
            writeSection(file, table + 40L * i, sections.get(i));
        }
        return file;
    }

    private void writeNtHeaders(byte[] f, long nt) {
        put(f, nt, 4, ntSignature);
        put(f, nt + 4, 2, machine);
        put(f, nt + 6, 2, numberOfSections != null ? numberOfSections : sections.size());
        put(f, nt + 20, 2, sizeOfOptionalHeader != null ? sizeOfOptionalHeader : optionalHeaderSize());
        put(f, nt + 22, 2, characteristics);
        long opt = nt + 24;
        put(f, opt, 2, magic != null ? magic : pe32Plus ? 0x20b : 0x10b);
        put(f, opt + 16, 4, entryPoint);
        put(f, opt + 32, 4, 0x1000);
        put(f, opt + 36, 4, fileAlignment);
        put(f, opt + (pe32Plus ? 108 : 92), 4, 16);
    }

    private static void writeSection(byte[] f, long at, Section s) {
        for (int i = 0; i < 8; i++) {
            put(f, at + i, 1, s.name()[i]);
        }
        put(f, at + 8, 4, s.virtualSize());
        put(f, at + 12, 4, s.virtualAddress());
        put(f, at + 16, 4, s.rawDataSize());
        put(f, at + 20, 4, s.rawDataOffset());
        put(f, at + 36, 4, s.characteristics());
    }

    /** Writes the low {@code width} bytes of {@code value}, little-endian, dropping those past the end. */
    private static void put(byte[] f, long at, int width, long value) {
        for (int i = 0; i < width; i++) {
            if (at + i >= 0 && at + i < f.length) {
                f[(int) (at + i)] = (byte) (value >>> (8 * i));
            }
        }
    }
}
