package org.imbrex.jobs.search;

import java.util.Locale;

/**
 * Which implementation of the msad4 search shader scans the tiles: the Java shader (fast, the default) or
 * the interpreted SM5 assembly of the same shader (slow, for verification). Both write identical tables.
 *
 * <p>Example: {@code --kernel asm}.
 */
public enum Kernel {
    JAVA,
    ASM;

    public static Kernel parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--kernel " + text + " is not one of java, asm");
        }
    }
}
