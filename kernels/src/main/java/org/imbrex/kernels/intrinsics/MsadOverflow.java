package org.imbrex.kernels.intrinsics;

/**
 * What {@code msad} does when a sum passes 2^32 − 1, which D3D11 leaves undefined (spec §1.4).
 *
 * <p>Example: {@code Msad4.msad(0xFFFFFFFF, 0, 0xFFFFFF00, WRAP)} is 0x2FC; with {@code SATURATE} it is
 * 0xFFFFFFFF (spec test vector 7).
 */
public enum MsadOverflow {
    /** Sums wrap modulo 2^32, as every driver does (DXVK, dxil-spirv, Mesa). imbrex's default. */
    WRAP,
    /** The functional spec's recommendation: clamp to 0xFFFFFFFF. */
    SATURATE
}
