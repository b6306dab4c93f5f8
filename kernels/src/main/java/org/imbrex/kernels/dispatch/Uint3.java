package org.imbrex.kernels.dispatch;

/**
 * Three unsigned 32-bit components, the type of HLSL's {@code uint3} system values.
 *
 * <p>Components hold raw 32-bit patterns; compare them with {@link Integer#compareUnsigned}.
 * Example: {@code new Uint3(27, 13, 0)} is the {@code SV_DispatchThreadID} of group (2,1,0), thread
 * (7,5,0) under {@code numthreads(10,8,3)} (spec test vector 33).
 */
public record Uint3(int x, int y, int z) {
    @Override
    public String toString() {
        return "(" + Integer.toUnsignedString(x) + "," + Integer.toUnsignedString(y) + ","
                + Integer.toUnsignedString(z) + ")";
    }
}
