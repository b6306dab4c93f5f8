package org.imbrex.jobs.search;

import org.imbrex.jobs.cli.OptionChoice;

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
        return OptionChoice.parse("--kernel", text, Kernel.class);
    }
}
