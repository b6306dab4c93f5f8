package org.imbrex.io.video;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The 8-bit YUV4MPEG2 colour spaces imbrex reads (the header's {@code C} parameter), with the chroma
 * subsampling that decides how many bytes follow the luma plane of a frame.
 *
 * <pre>
 *   frame bytes = W·H (Y) + 2 · ceil(W / sx) · ceil(H / sy) (Cb, Cr)
 *   420*: sx = sy = 2      422: sx = 2, sy = 1      444: sx = sy = 1      mono: no chroma
 * </pre>
 * Example: {@code Y4mColourSpace.parse("420mpeg2", "clip.y4m").chromaBytes(5, 3)} is 2 · 3 · 2 = 12. Only the
 * luma plane is used; the chroma siting variants differ only in where chroma samples sit, so they read
 * alike.
 */
public enum Y4mColourSpace {
    C420JPEG("420jpeg", 2, 2),
    C420MPEG2("420mpeg2", 2, 2),
    C420PALDV("420paldv", 2, 2),
    C420("420", 2, 2),
    C422("422", 2, 1),
    C444("444", 1, 1),
    MONO("mono", 0, 0);

    /** What a header without a {@code C} parameter means (the YUV4MPEG2 default). */
    public static final Y4mColourSpace DEFAULT = C420JPEG;

    private static final Pattern HIGH_BIT_DEPTH = Pattern.compile("(?:420|422|444)p(\\d+)|mono(\\d+)");

    private final String tag;
    private final int subsampleX;
    private final int subsampleY;

    Y4mColourSpace(String tag, int subsampleX, int subsampleY) {
        this.tag = tag;
        this.subsampleX = subsampleX;
        this.subsampleY = subsampleY;
    }

    /** The value as written after {@code C} in a header, e.g. {@code 420jpeg}. */
    public String tag() {
        return tag;
    }

    /** Bytes of the two chroma planes of a W×H frame. */
    public long chromaBytes(int width, int height) {
        if (subsampleX == 0) {
            return 0;
        }
        long chromaWidth = (width + subsampleX - 1) / subsampleX;
        long chromaHeight = (height + subsampleY - 1) / subsampleY;
        return 2 * chromaWidth * chromaHeight;
    }

    /** Parses the value of a {@code C} header parameter; anything but the 8-bit spaces above is refused. */
    public static Y4mColourSpace parse(String value, String source) throws Y4mFormatException {
        for (Y4mColourSpace space : values()) {
            if (space.tag.equals(value)) {
                return space;
            }
        }
        Matcher deep = HIGH_BIT_DEPTH.matcher(value.toLowerCase(Locale.ROOT));
        if (deep.matches()) {
            String bits = deep.group(1) != null ? deep.group(1) : deep.group(2);
            throw new Y4mFormatException(source, "unsupported bit depth C" + value + " (" + bits
                    + "-bit); imbrex reads 8-bit Y4M only");
        }
        throw new Y4mFormatException(source, "unsupported colour space C" + value + "; imbrex reads "
                + Arrays.stream(values()).map(s -> "C" + s.tag).collect(Collectors.joining(", ")));
    }
}
