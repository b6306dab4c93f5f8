package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Encodes a shader's 4-component value into one element of a format, and decodes an element back into
 * the 4-component vector a load returns.
 *
 * <p>Encoding follows {@code store_uav_typed} (spec §4.1): R ← x, G ← y, B ← z, A ← w, components the
 * format lacks are dropped, each present one is converted by its type (spec §4.2). Decoding follows {@code
 * ld} (spec §3): present components converted to 32-bit shader values, missing ones default to (0, 0, 0,
 * 1). Example: encoding (1.0f, 0.5f, 0.0f, 0.5f) as {@code R10G10B10A2_UNORM} gives the little-endian
 * word 0x800803FF (spec test vector 23).
 */
public final class FormatCodec {
    private FormatCodec() {
    }

    /** Writes {@code format.byteSize()} bytes of the converted element at {@code offset}. */
    public static void encode(DxgiFormat format, int[] rgba, ByteBuffer target, int offset) {
        ByteBuffer out = target.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (format.isPacked()) {
            long word = 0;
            for (DxgiFormat.Component c : format.components()) {
                word |= (encodeComponent(c, rgba[c.channel()]) & c.maxCode()) << c.bitOffset();
            }
            for (int i = 0; i < format.byteSize(); i++) {
                out.put(offset + i, (byte) (word >>> (8 * i)));
            }
            return;
        }
        for (DxgiFormat.Component c : format.components()) {
            int code = encodeComponent(c, rgba[c.channel()]);
            int at = offset + c.bitOffset() / 8;
            switch (c.bits()) {
                case 8 -> out.put(at, (byte) code);
                case 16 -> out.putShort(at, (short) code);
                default -> out.putInt(at, code);
            }
        }
    }

    /** Reads one element at {@code offset} into {@code rgba} (4 raw 32-bit shader values). */
    public static void decode(DxgiFormat format, ByteBuffer source, int offset, int[] rgba) {
        ByteBuffer in = source.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        ComponentType type = format.componentType();
        for (int channel = 0; channel < 4; channel++) {
            rgba[channel] = FormatConversion.missingComponent(channel, type);
        }
        if (format.isPacked()) {
            long word = 0;
            for (int i = 0; i < format.byteSize(); i++) {
                word |= (in.get(offset + i) & 0xFFL) << (8 * i);
            }
            for (DxgiFormat.Component c : format.components()) {
                rgba[c.channel()] = decodeComponent(c, (int) ((word >>> c.bitOffset()) & c.maxCode()));
            }
            return;
        }
        for (DxgiFormat.Component c : format.components()) {
            int at = offset + c.bitOffset() / 8;
            int raw = switch (c.bits()) {
                case 8 -> in.get(at) & 0xFF;
                case 16 -> in.getShort(at) & 0xFFFF;
                default -> in.getInt(at);
            };
            rgba[c.channel()] = decodeComponent(c, raw);
        }
    }

    /**
     * What {@code ld} of an out-of-bounds index returns (spec §3): 0 in every component the format has,
     * the missing-component defaults in the others. {@code R32_UINT} gives (0, 0, 0, 1); {@code
     * R8G8B8A8_UNORM} gives (0, 0, 0, 0), because its A is present and reads 0.
     */
    public static void outOfBounds(DxgiFormat format, int[] rgba) {
        ComponentType type = format.componentType();
        for (int channel = 0; channel < 4; channel++) {
            rgba[channel] = format.hasChannel(channel) ? 0 : FormatConversion.missingComponent(channel, type);
        }
    }

    /** Converts one 32-bit shader value to the component's code (unsigned, in its low {@code bits}). */
    static int encodeComponent(DxgiFormat.Component c, int value) {
        int bits = c.bits();
        return switch (c.type()) {
            case UINT -> bits == 32 ? value : FormatConversion.clampUint(value, bits);
            case SINT -> bits == 32 ? value : FormatConversion.clampSint(value, bits);
            case UNORM -> FormatConversion.floatToUnorm(value, bits);
            case SNORM -> FormatConversion.floatToSnorm(value, bits);
            case FLOAT -> switch (bits) {
                case 32 -> value;
                case 16 -> FormatConversion.floatToHalf(value);
                case 11 -> FormatConversion.floatToUfloat(value, 6);
                case 10 -> FormatConversion.floatToUfloat(value, 5);
                default -> throw new IllegalStateException("no " + bits + "-bit float");
            };
        };
    }

    /** Converts a component's code (unsigned, low {@code bits}) to the 32-bit value a shader sees. */
    static int decodeComponent(DxgiFormat.Component c, int code) {
        int bits = c.bits();
        return switch (c.type()) {
            case UINT -> code;
            case SINT -> bits == 32 ? code : (code << (32 - bits)) >> (32 - bits);
            case UNORM -> FormatConversion.unormToFloat(code, bits);
            case SNORM -> FormatConversion.snormToFloat((code << (32 - bits)) >> (32 - bits), bits);
            case FLOAT -> switch (bits) {
                case 32 -> code;
                case 16 -> FormatConversion.halfToFloat(code);
                case 11 -> FormatConversion.ufloatToFloat(code, 6);
                case 10 -> FormatConversion.ufloatToFloat(code, 5);
                default -> throw new IllegalStateException("no " + bits + "-bit float");
            };
        };
    }
}
