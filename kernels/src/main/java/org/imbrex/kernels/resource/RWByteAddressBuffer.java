package org.imbrex.kernels.resource;

import org.apache.arrow.memory.BufferAllocator;

/**
 * A raw UAV, HLSL {@code RWByteAddressBuffer} on {@code u#} ({@code dcl_uav_raw}), read by {@code ld_raw},
 * written by {@code store_raw} and the atomics, all with byte addresses (FS §22.4.10, §22.4.12).
 *
 * <p>Each 32-bit word is checked on its own (spec §4.5): a read outside the buffer gives 0, a write
 * outside it is dropped.
 * <pre>
 *   allocate(8):   bytes 0..3 = word 0, bytes 4..7 = word 1
 *   store(4, v)  → word 1 = v          store(8, v) → dropped          load(8) → 0
 * </pre>
 * Example: {@code try (RWByteAddressBuffer b = RWByteAddressBuffer.allocate(64, allocator)) { b.store(4, 7);
 * b.load(4); }} gives 7.
 */
public final class RWByteAddressBuffer extends RawUav {
    private final long byteSize;

    private RWByteAddressBuffer(int bytes, BufferAllocator allocator) {
        super(bytes / 4, allocator, "u_raw");
        this.byteSize = bytes / 4 * 4L;
    }

    /** A zeroed buffer of {@code bytes} bytes (a trailing partial word is not addressable). */
    public static RWByteAddressBuffer allocate(int bytes, BufferAllocator allocator) {
        return new RWByteAddressBuffer(bytes, allocator);
    }

    @Override
    public int numElements() {
        return wordCount();
    }

    /** True when the word holding {@code byteAddress} (unsigned; its two low bits are ignored) lies inside the buffer. */
    public boolean inBounds(int byteAddress) {
        return 4L * (byteAddress >>> 2) + 4 <= byteSize;
    }

    /** The word at {@code byteAddress}, or 0 out of bounds. */
    public int load(int byteAddress) {
        return inBounds(byteAddress) ? getWord(byteAddress >>> 2) : 0;
    }

    /** Writes the word at {@code byteAddress}; dropped out of bounds. */
    public void store(int byteAddress, int value) {
        if (inBounds(byteAddress)) {
            setWord(byteAddress >>> 2, value);
        }
    }
}
