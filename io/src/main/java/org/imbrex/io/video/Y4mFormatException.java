package org.imbrex.io.video;

import java.io.IOException;
import org.imbrex.kernels.text.OneLineText;

/**
 * A YUV4MPEG2 stream imbrex cannot read: not Y4M at all, a malformed header, an unsupported bit depth or
 * colour space, or something other than a frame where a frame should start. The message names the
 * source and says what was found and what imbrex accepts, on one printable line: control characters quoted
 * from the stream are escaped ({@code \x8C}, {@link OneLineText}).
 *
 * <p>Example message: {@code clip.y4m: unsupported bit depth C420p10 (10-bit); imbrex reads 8-bit Y4M only}.
 */
public final class Y4mFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public Y4mFormatException(String source, String problem) {
        super(OneLineText.of(source + ": " + problem));
    }
}
