package org.imbrex.io.yara.pe;

import java.io.IOException;

/**
 * Random access to the bytes of one file, for reading its PE headers without loading the file.
 *
 * <p>The YARA {@code pe} module sees the whole file as one block of {@link #size()} bytes; imbrex reads
 * only the DOS header, the NT headers and the section table (a few KiB at most), so a source may sit on
 * a remote file system.
 *
 * <p>Example: {@code PeSource.of(Files.readAllBytes(path))} wraps a file already in memory;
 * {@code source.read(0x3c, buf, 4)} then returns 4 and fills {@code buf} with {@code e_lfanew}.
 */
public interface PeSource {

    /** The file's size in bytes, as YARA's {@code data_size}. */
    long size() throws IOException;

    /**
     * Reads up to {@code length} bytes at {@code offset} into {@code into[0..length)}.
     *
     * @return how many bytes were read: fewer than {@code length} only at the end of the file, and 0 (or a
     *     negative number) when {@code offset} is at or past the end
     */
    int read(long offset, byte[] into, int length) throws IOException;

    /** A source over bytes already in memory; the array is not copied. */
    static PeSource of(byte[] bytes) {
        return new PeSource() {
            @Override
            public long size() {
                return bytes.length;
            }

            @Override
            public int read(long offset, byte[] into, int length) {
                if (offset < 0 || offset >= bytes.length) {
                    return 0;
                }
                int n = (int) Math.min(length, bytes.length - offset);
                System.arraycopy(bytes, (int) offset, into, 0, n);
                return n;
            }
        };
    }
}
