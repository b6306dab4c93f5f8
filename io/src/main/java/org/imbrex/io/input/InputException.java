package org.imbrex.io.input;

import java.io.IOException;

/**
 * An input (file, directory or glob) that gives no file to scan: it does not exist, matches nothing,
 * holds no file, or cannot be listed. The message names the input as the user gave it.
 *
 * <p>Example: {@code input 'hdfs:///logs/2024-*.bin' matches no file}.
 */
public final class InputException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String input;

    public InputException(String input, String problem, Throwable cause) {
        super("input '" + input + "' " + problem, cause);
        this.input = input;
    }

    /** The input as the user gave it. */
    public String input() {
        return input;
    }
}
