package org.imbrex.jobs.cli;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Parses an option whose value is one constant of an enum, spelled as the option spells it: lower case,
 * {@code _} as {@code -}. The choices a refusal lists come from the enum, so they cannot drift from it.
 *
 * <p>Example: {@code OptionChoice.parse("--format", "CSV", TableFormat.class)} is {@code TableFormat.CSV};
 * {@code parse("--format", "xml", TableFormat.class)} fails with {@code --format xml is not one of parquet,
 * csv, json}.
 */
public final class OptionChoice {
    private OptionChoice() {
    }

    /** The constant as the option spells it: {@code FFMPEG_CSV} → {@code ffmpeg-csv}. */
    public static String spelling(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every constant's spelling, comma-separated, in declaration order. */
    public static String choices(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(OptionChoice::spelling).collect(Collectors.joining(", "));
    }

    /** The constant {@code text} spells (case and surrounding blanks ignored). */
    public static <E extends Enum<E>> E parse(String option, String text, Class<E> type) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        for (E constant : type.getEnumConstants()) {
            if (spelling(constant).equals(key)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(option + " " + text + " is not one of " + choices(type));
    }
}
