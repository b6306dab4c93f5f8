package org.imbrex.jobs.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/**
 * A size option: plain bytes or a number with a binary suffix {@code k}, {@code m}, {@code g}, {@code t}
 * (optionally followed by {@code b}/{@code ib}).
 *
 * <p>Example: {@code ByteSize.parse("64m")} is 67108864; {@code parse("4096")} is 4096; {@code parse("8KiB")}
 * is 8192; {@code parse("1.5g")}, {@code parse("-0")} and {@code parse("+5")} are refused (sizes are whole
 * numbers in ASCII digits).
 */
public final class ByteSize implements CommandLine.ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("([0-9]+)(?:([kmgt])(?:b|ib)?)?", Pattern.CASE_INSENSITIVE);

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    /**
     * The bytes {@code text} gives: ASCII digits, optionally one of {@code k m g t} (any case) and then
     * {@code b} or {@code ib}, with blanks around; nothing else (no sign, no fraction, no other digits).
     */
    public static long parse(String text) {
        Matcher size = SIZE.matcher(text.trim());
        if (size.matches()) {
            String unit = size.group(2);
            int shift = unit == null ? 0 : 10 * (1 + "kmgt".indexOf(Character.toLowerCase(unit.charAt(0))));
            try {
                long number = Long.parseLong(size.group(1));
                if (number <= (Long.MAX_VALUE >> shift)) {
                    return number << shift;
                }
            } catch (NumberFormatException tooLarge) {
                // refused below
            }
        }
        throw new CommandLine.TypeConversionException("'" + text
                + "' is not a size (a whole number of bytes, or with a k, m, g or t suffix, e.g. 64m)");
    }

    /** A size for messages: {@code 67108864} → {@code 64 MiB}. */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
