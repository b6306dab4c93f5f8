package org.imbrex.kernels.resource;

/**
 * How a format component's bits are interpreted (the suffix of a DXGI format name).
 *
 * <p>Example: {@code DxgiFormat.R8_UNORM.componentType()} is {@link #UNORM}; a shader stores floats
 * into it and {@link FormatConversion#floatToUnorm} turns them into codes.
 */
public enum ComponentType {
    /** Unsigned normalized: code c means c / (2^n − 1). Shader side: float. */
    UNORM,
    /** Signed normalized: code c means c / (2^(n−1) − 1), the most negative code −1.0. Shader side: float. */
    SNORM,
    /** Unsigned integer. Shader side: uint. */
    UINT,
    /** Signed integer. Shader side: int. */
    SINT,
    /** IEEE float: 32-bit, 16-bit half, or the unsigned 11/10-bit floats of R11G11B10. Shader side: float. */
    FLOAT;

    /** True when shaders see the component as a float ({@code UNORM}, {@code SNORM}, {@code FLOAT}). */
    public boolean isFloatOnShaderSide() {
        return this == UNORM || this == SNORM || this == FLOAT;
    }
}
