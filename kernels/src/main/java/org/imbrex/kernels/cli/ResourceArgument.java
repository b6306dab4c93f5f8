package org.imbrex.kernels.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * The resource arguments of {@code imbrex shader}, parsed from their {@code SLOT:…} text.
 *
 * <pre>
 *   --srv SLOT:FORMAT:FILE               t#: FILE holds the elements, little-endian
 *   --uav SLOT:FORMAT:BYTES:OUT[:INIT]   u#: BYTES of storage, written to OUT after the Dispatch
 *   --cb  SLOT:FILE                      cb#: FILE holds the constant buffer's bytes
 *   FORMAT = a DXGI format (typed view) | RAW (raw view) | S&lt;stride&gt; (structured view)   {@link ViewFormat}
 * </pre>
 * Example: {@code Uav.parse("0:R32G32B32A32_UINT:1024:out.bin")} is slot 0, 64 elements of 16 bytes;
 * {@code Uav.parse("1:S12:96:out.bin")} is slot 1, 8 structures of 12 bytes.
 */
public final class ResourceArgument {
    private ResourceArgument() {
    }

    /** {@code --srv SLOT:FORMAT:FILE}. */
    public record Srv(int slot, ViewFormat view, Path file) {
        public static Srv parse(String text) {
            String[] parts = split("--srv", text, 3, 3, "SLOT:FORMAT:FILE");
            return new Srv(parseSlot("--srv", text, parts[0], ShaderResources.SRV_SLOTS),
                    parseFormat("--srv", text, parts[1]), path("--srv", text, "FILE", parts[2]));
        }

        /**
         * Checks FILE's size against the view: a whole number of elements (raw: words; structured: strides);
         * a typed view may end in a partial element, which is out of bounds.
         */
        public void checkSize(String text, long size) {
            if (!(view instanceof ViewFormat.Typed) && size % view.elementBytes() != 0) {
                throw new IllegalArgumentException("--srv " + text + ": FILE has " + size + " bytes, not a multiple "
                        + "of the " + view.text() + " view's " + view.elementBytes() + "-byte elements");
            }
        }
    }

    /** {@code --uav SLOT:FORMAT:BYTES:OUT[:INIT]}. */
    public record Uav(int slot, ViewFormat view, long bytes, Path out, Path init) {
        public static Uav parse(String text) {
            String[] parts = split("--uav", text, 4, 5, "SLOT:FORMAT:BYTES:OUT[:INIT]");
            long bytes;
            try {
                bytes = Long.parseLong(parts[2]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES '" + parts[2] + "' is not a number");
            }
            ViewFormat view = parseFormat("--uav", text, parts[1]);
            if (bytes < 0 || bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES " + bytes + " is outside 0.."
                        + Integer.MAX_VALUE);
            }
            if (bytes % view.elementBytes() != 0) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES " + bytes + " is not a multiple of "
                        + view.text() + "'s " + view.elementBytes() + "-byte elements");
            }
            return new Uav(parseSlot("--uav", text, parts[0], ShaderResources.UAV_SLOTS), view, bytes,
                    path("--uav", text, "OUT", parts[3]),
                    parts.length == 5 ? path("--uav", text, "INIT", parts[4]) : null);
        }

        /** Elements in the view: BYTES / element size (words for a raw view). */
        public int elements() {
            return (int) (bytes / view.elementBytes());
        }
    }

    /** {@code --cb SLOT:FILE}. */
    public record Cb(int slot, Path file) {
        public static Cb parse(String text) {
            String[] parts = split("--cb", text, 2, 2, "SLOT:FILE");
            return new Cb(parseSlot("--cb", text, parts[0], ShaderResources.CB_SLOTS),
                    path("--cb", text, "FILE", parts[1]));
        }
    }

    /** A file name as a path; one the file system cannot name (a NUL in it) is refused naming the field. */
    private static Path path(String option, String text, String field, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(option + " " + text + ": " + field + " '" + value
                    + "' is not a file name (" + e.getReason() + ")");
        }
    }

    private static String[] split(String option, String text, int min, int max, String shape) {
        String[] parts = text.split(":", max);
        if (parts.length < min) {
            throw new IllegalArgumentException(option + " " + text + ": expected " + shape);
        }
        for (String part : parts) {
            if (part.isEmpty()) {
                throw new IllegalArgumentException(option + " " + text + ": empty field; expected " + shape);
            }
        }
        return parts;
    }

    private static int parseSlot(String option, String text, String value, int slots) {
        int slot;
        try {
            slot = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            slot = -1;
        }
        if (slot < 0 || slot >= slots) {
            throw new IllegalArgumentException(option + " " + text + ": SLOT '" + value + "' is not a slot number 0.."
                    + (slots - 1));
        }
        return slot;
    }

    private static ViewFormat parseFormat(String option, String text, String value) {
        try {
            return ViewFormat.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + text + ": " + e.getMessage());
        }
    }
}
