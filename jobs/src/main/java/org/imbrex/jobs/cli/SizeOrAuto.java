package org.imbrex.jobs.cli;

import picocli.CommandLine;

/**
 * A size option that may also be {@code auto} (any case), which converts to {@link #AUTO}: the job chooses
 * the size. A size is what {@link ByteSize} reads; the option's own checks say which sizes it takes.
 *
 * <p>Example: {@code new SizeOrAuto().convert("auto")} is −1; {@code convert("128m")} is 134217728.
 */
public final class SizeOrAuto implements CommandLine.ITypeConverter<Long> {
    /** What {@code auto} converts to: no size {@link ByteSize} reads. */
    public static final long AUTO = -1;

    @Override
    public Long convert(String value) {
        return value.trim().equalsIgnoreCase("auto") ? AUTO : ByteSize.parse(value);
    }
}
