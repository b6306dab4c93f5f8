package org.imbrex.io.video;

import java.nio.charset.StandardCharsets;

/**
 * The stream header of a YUV4MPEG2 file: {@code YUV4MPEG2 W<width> H<height> [F<n:d>] [I<p|t|b|m|?>]
 * [A<n:d>] [C<space>] [X<anything>]}, space-separated, ended by a newline.
 *
 * <p>Frame rate, interlacing, aspect ratio and {@code X} comments are accepted and ignored (they do not
 * change the bytes of a frame); parameters with other letters are ignored too, as FFmpeg does. Example:
 * {@code Y4mHeader.parse("YUV4MPEG2 W64 H48 F25:1 Ip A1:1 C420mpeg2", "clip.y4m")} has width 64, height
 * 48 and {@code frameBytes()} 64·48 + 2·32·24 = 4608.
 */
public record Y4mHeader(int width, int height, Y4mColourSpace colourSpace) {
    /** The first ten bytes of every YUV4MPEG2 stream. */
    public static final String MAGIC = "YUV4MPEG2 ";

    /** Bytes of one frame's planes (Y, then Cb and Cr), without its {@code FRAME} line. */
    public long frameBytes() {
        return (long) width * height + colourSpace.chromaBytes(width, height);
    }

    /** Parses a header line (without its newline). */
    public static Y4mHeader parse(String line, String source) throws Y4mFormatException {
        if (!line.startsWith(MAGIC)) {
            throw new Y4mFormatException(source, "not a YUV4MPEG2 file: it starts with '"
                    + printable(line.getBytes(StandardCharsets.ISO_8859_1), 10) + "' instead of 'YUV4MPEG2 '");
        }
        int width = -1;
        int height = -1;
        Y4mColourSpace space = Y4mColourSpace.DEFAULT;
        for (String token : line.substring(MAGIC.length()).split(" ")) {
            if (token.isEmpty()) {
                continue;
            }
            String value = token.substring(1);
            switch (token.charAt(0)) {
                case 'W' -> width = dimension(token, value, source);
                case 'H' -> height = dimension(token, value, source);
                case 'C' -> space = Y4mColourSpace.parse(value, source);
                default -> {
                    // F (frame rate), I (interlacing), A (aspect), X (comment) and unknown tags: ignored.
                }
            }
        }
        if (width < 0 || height < 0) {
            throw new Y4mFormatException(source, "malformed YUV4MPEG2 header '" + line + "': no "
                    + (width < 0 ? "W (frame width)" : "H (frame height)") + " parameter");
        }
        if ((long) width * height > Integer.MAX_VALUE - 8) {
            throw new Y4mFormatException(source, "frames of " + width + "x" + height + " pixels have more luma "
                    + "than one Java array holds (" + (Integer.MAX_VALUE - 8) + " bytes)");
        }
        return new Y4mHeader(width, height, space);
    }

    private static int dimension(String token, String value, String source) throws Y4mFormatException {
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0 && value.chars().allMatch(Character::isDigit)) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new Y4mFormatException(source, "malformed YUV4MPEG2 header: " + token + " is not a positive "
                + (token.charAt(0) == 'W' ? "width" : "height"));
    }

    /** Up to {@code max} bytes as text, non-printable bytes as {@code \xNN}. */
    static String printable(byte[] bytes, int max) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(bytes.length, max); i++) {
            int b = bytes[i] & 0xFF;
            if (b >= 0x20 && b < 0x7F) {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02X", b));
            }
        }
        return text.toString();
    }
}
