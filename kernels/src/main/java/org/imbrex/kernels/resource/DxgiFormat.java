package org.imbrex.kernels.resource;

import java.util.List;

/**
 * The DXGI formats imbrex's typed buffers and typed UAVs understand: every format spec §4.3 requires for
 * typed UAV stores, the optional 16-bit packed ones, and the formats typed buffer SRVs commonly use.
 *
 * <p>An element is a little-endian bit string; each component sits at a bit offset. Packed formats put
 * the first-named component in the least significant bits (FS §19.1.3.1):
 * <pre>
 *   R10G10B10A2_UNORM   31 30|29        20|19        10|9          0
 *                        A   |     B      |     G      |     R
 *   R11G11B10_FLOAT     31       22|21        11|10         0
 *                           B(10)  |    G(11)   |   R(11)
 * </pre>
 * Example: {@code DxgiFormat.parse("R32G32B32A32_UINT").byteSize()} is 16;
 * {@code DxgiFormat.R8_UNORM.components()} holds one 8-bit UNORM component named R.
 */
public enum DxgiFormat {
    R32G32B32A32_FLOAT(uniform(32, ComponentType.FLOAT, "RGBA")),
    R32G32B32A32_UINT(uniform(32, ComponentType.UINT, "RGBA")),
    R32G32B32A32_SINT(uniform(32, ComponentType.SINT, "RGBA")),
    R16G16B16A16_FLOAT(uniform(16, ComponentType.FLOAT, "RGBA")),
    R16G16B16A16_UNORM(uniform(16, ComponentType.UNORM, "RGBA")),
    R16G16B16A16_UINT(uniform(16, ComponentType.UINT, "RGBA")),
    R16G16B16A16_SNORM(uniform(16, ComponentType.SNORM, "RGBA")),
    R16G16B16A16_SINT(uniform(16, ComponentType.SINT, "RGBA")),
    R32G32_FLOAT(uniform(32, ComponentType.FLOAT, "RG")),
    R32G32_UINT(uniform(32, ComponentType.UINT, "RG")),
    R32G32_SINT(uniform(32, ComponentType.SINT, "RG")),
    R10G10B10A2_UNORM(packed(ComponentType.UNORM, "R10", "G10", "B10", "A2")),
    R10G10B10A2_UINT(packed(ComponentType.UINT, "R10", "G10", "B10", "A2")),
    R11G11B10_FLOAT(packed(ComponentType.FLOAT, "R11", "G11", "B10")),
    R8G8B8A8_UNORM(uniform(8, ComponentType.UNORM, "RGBA")),
    R8G8B8A8_UINT(uniform(8, ComponentType.UINT, "RGBA")),
    R8G8B8A8_SNORM(uniform(8, ComponentType.SNORM, "RGBA")),
    R8G8B8A8_SINT(uniform(8, ComponentType.SINT, "RGBA")),
    R16G16_FLOAT(uniform(16, ComponentType.FLOAT, "RG")),
    R16G16_UNORM(uniform(16, ComponentType.UNORM, "RG")),
    R16G16_UINT(uniform(16, ComponentType.UINT, "RG")),
    R16G16_SNORM(uniform(16, ComponentType.SNORM, "RG")),
    R16G16_SINT(uniform(16, ComponentType.SINT, "RG")),
    R32_FLOAT(uniform(32, ComponentType.FLOAT, "R")),
    R32_UINT(uniform(32, ComponentType.UINT, "R")),
    R32_SINT(uniform(32, ComponentType.SINT, "R")),
    R8G8_UNORM(uniform(8, ComponentType.UNORM, "RG")),
    R8G8_UINT(uniform(8, ComponentType.UINT, "RG")),
    R8G8_SNORM(uniform(8, ComponentType.SNORM, "RG")),
    R8G8_SINT(uniform(8, ComponentType.SINT, "RG")),
    R16_FLOAT(uniform(16, ComponentType.FLOAT, "R")),
    R16_UNORM(uniform(16, ComponentType.UNORM, "R")),
    R16_UINT(uniform(16, ComponentType.UINT, "R")),
    R16_SNORM(uniform(16, ComponentType.SNORM, "R")),
    R16_SINT(uniform(16, ComponentType.SINT, "R")),
    R8_UNORM(uniform(8, ComponentType.UNORM, "R")),
    R8_UINT(uniform(8, ComponentType.UINT, "R")),
    R8_SNORM(uniform(8, ComponentType.SNORM, "R")),
    R8_SINT(uniform(8, ComponentType.SINT, "R")),
    A8_UNORM(uniform(8, ComponentType.UNORM, "A")),
    B5G6R5_UNORM(packed(ComponentType.UNORM, "B5", "G6", "R5")),
    B5G5R5A1_UNORM(packed(ComponentType.UNORM, "B5", "G5", "R5", "A1")),
    B4G4R4A4_UNORM(packed(ComponentType.UNORM, "B4", "G4", "R4", "A4"));

    /**
     * One component of an element.
     *
     * @param channel   0 = R, 1 = G, 2 = B, 3 = A: the shader vector component it comes from and goes to
     * @param bitOffset offset of its least significant bit in the element
     * @param bits      width in bits
     */
    public record Component(int channel, int bitOffset, int bits, ComponentType type) {
        /** The largest unsigned code, {@code 2^bits − 1}. */
        public long maxCode() {
            return (1L << bits) - 1;
        }
    }

    private final List<Component> components;
    private final boolean packed;
    private final int byteSize;

    DxgiFormat(Layout layout) {
        this.components = layout.components;
        this.packed = layout.packed;
        int bits = 0;
        for (Component c : components) {
            bits += c.bits();
        }
        this.byteSize = bits / 8;
    }

    /** The components in memory order. */
    public List<Component> components() {
        return components;
    }

    /** True for formats whose components are not whole 8/16/32-bit fields (R10G10B10A2, R11G11B10, B5G6R5…). */
    public boolean isPacked() {
        return packed;
    }

    /** Bytes per element. */
    public int byteSize() {
        return byteSize;
    }

    /** The type of the first component; every format here has one type for all its components. */
    public ComponentType componentType() {
        return components.get(0).type();
    }

    /** True if the format has the channel (0 = R … 3 = A). */
    public boolean hasChannel(int channel) {
        for (Component c : components) {
            if (c.channel() == channel) {
                return true;
            }
        }
        return false;
    }

    /** Parses a DXGI name, with or without the {@code DXGI_FORMAT_} prefix, case-insensitive. */
    public static DxgiFormat parse(String name) {
        String key = name.trim().toUpperCase(java.util.Locale.ROOT);
        if (key.startsWith("DXGI_FORMAT_")) {
            key = key.substring("DXGI_FORMAT_".length());
        }
        try {
            return valueOf(key);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown DXGI format '" + name + "'; known formats: "
                    + java.util.Arrays.toString(values()), e);
        }
    }

    private record Layout(List<Component> components, boolean packed) {
    }

    private static Layout uniform(int bits, ComponentType type, String channels) {
        Component[] list = new Component[channels.length()];
        for (int i = 0; i < list.length; i++) {
            list[i] = new Component(channelIndex(channels.charAt(i)), i * bits, bits, type);
        }
        return new Layout(List.of(list), false);
    }

    private static Layout packed(ComponentType type, String... fields) {
        Component[] list = new Component[fields.length];
        int offset = 0;
        for (int i = 0; i < fields.length; i++) {
            int bits = Integer.parseInt(fields[i].substring(1));
            list[i] = new Component(channelIndex(fields[i].charAt(0)), offset, bits, type);
            offset += bits;
        }
        return new Layout(List.of(list), true);
    }

    private static int channelIndex(char channel) {
        return "RGBA".indexOf(channel);
    }
}
