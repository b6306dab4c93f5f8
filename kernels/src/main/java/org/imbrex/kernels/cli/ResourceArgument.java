package org.imbrex.kernels.cli;

import java.nio.file.Path;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * The resource arguments of {@code imbrex shader}, parsed from their {@code SLOT:…} text.
 *
 * <pre>
 *   --srv SLOT:FORMAT:FILE               t#: FILE holds the elements, little-endian
 *   --uav SLOT:FORMAT:BYTES:OUT[:INIT]   u#: BYTES of storage, written to OUT after the Dispatch
 *   --cb  SLOT:FILE                      cb#: FILE holds the constant buffer's bytes
 * </pre>
 * Example: {@code Uav.parse("0:R32G32B32A32_UINT:1024:out.bin")} is slot 0, 64 elements of 16 bytes.
 */
public final class ResourceArgument {
    private ResourceArgument() {
    }

    /** {@code --srv SLOT:FORMAT:FILE}. */
    public record Srv(int slot, DxgiFormat format, Path file) {
        public static Srv parse(String text) {
            String[] parts = split("--srv", text, 3, 3, "SLOT:FORMAT:FILE");
            return new Srv(parseSlot("--srv", text, parts[0], ShaderResources.SRV_SLOTS),
                    parseFormat("--srv", text, parts[1]), Path.of(parts[2]));
        }
    }

    /** {@code --uav SLOT:FORMAT:BYTES:OUT[:INIT]}. */
    public record Uav(int slot, DxgiFormat format, long bytes, Path out, Path init) {
        public static Uav parse(String text) {
            String[] parts = split("--uav", text, 4, 5, "SLOT:FORMAT:BYTES:OUT[:INIT]");
            long bytes;
            try {
                bytes = Long.parseLong(parts[2]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES '" + parts[2] + "' is not a number");
            }
            DxgiFormat format = parseFormat("--uav", text, parts[1]);
            if (bytes < 0 || bytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES " + bytes + " is outside 0.."
                        + Integer.MAX_VALUE);
            }
            if (bytes % format.byteSize() != 0) {
                throw new IllegalArgumentException("--uav " + text + ": BYTES " + bytes + " is not a multiple of "
                        + format + "'s " + format.byteSize() + "-byte elements");
            }
            return new Uav(parseSlot("--uav", text, parts[0], ShaderResources.UAV_SLOTS), format, bytes,
                    Path.of(parts[3]),
                    parts.length == 5 ? Path.of(parts[4]) : null);
        }

        /** Elements in the view: BYTES / element size. */
        public int elements() {
            return (int) (bytes / format.byteSize());
        }
    }

    /** {@code --cb SLOT:FILE}. */
    public record Cb(int slot, Path file) {
        public static Cb parse(String text) {
            String[] parts = split("--cb", text, 2, 2, "SLOT:FILE");
            return new Cb(parseSlot("--cb", text, parts[0], ShaderResources.CB_SLOTS), Path.of(parts[1]));
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

    private static DxgiFormat parseFormat(String option, String text, String value) {
        try {
            return DxgiFormat.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + text + ": FORMAT '" + value
                    + "' is not a DXGI format imbrex supports (e.g. R32_UINT, R32G32B32A32_FLOAT)");
        }
    }
}
