package org.imbrex.io.input;

/**
 * A file found by {@link InputLister}: its fully qualified path and its length.
 *
 * <p>Example: {@code new InputFile("file:/data/a.bin", 4096)}.
 *
 * @param path   the fully qualified Hadoop path string
 * @param length bytes; 0 for an empty file (it is listed, it just holds no match)
 */
public record InputFile(String path, long length) {
}
