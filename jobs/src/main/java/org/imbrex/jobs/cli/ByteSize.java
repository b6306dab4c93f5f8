package org.imbrex.jobs.cli;

import java.util.Locale;
import picocli.CommandLine;

/**
 * A size option: plain bytes or a number with a binary suffix {@code k}, {@code m}, {@code g}, {@code t}
 * (optionally followed by {@code b}/{@code ib}).
 *
 * <p>Example: {@code ByteSize.parse("64m")} is 67108864; {@code parse("4096")} is 4096; {@code parse("1.5g")}
 * is refused (sizes are whole numbers).
 */
public final class ByteSize implements CommandLine.ITypeConverter<Long> {

    @Override
    public Long convert(String value) {
        return parse(value);
    }

    public static long parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.endsWith("ib")) {
            value = value.substring(0, value.length() - 2);
        } else if (value.endsWith("b") && value.length() > 1 && !Character.isDigit(value.charAt(value.length() - 2))) {
            value = value.substring(0, value.length() - 1);
        }
        int shift = 0;
        if (!value.isEmpty()) {
            switch (value.charAt(value.length() - 1)) {
                case 'k' -> shift = 10;
                case 'm' -> shift = 20;
                case 'g' -> shift = 30;
                case 't' -> shift = 40;
                default -> shift = 0;
            }
        }
        String digits = shift == 0 ? value : value.substring(0, value.length() - 1);
        try {
            long number = Long.parseLong(digits);
            if (number < 0 || number > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return number << shift;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + text
                    + "' is not a size (a whole number of bytes, or with a k, m, g or t suffix, e.g. 64m)");
        }
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
