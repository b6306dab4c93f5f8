package org.imbrex.kernels.resource;

/**
 * A read-only resource bound to a {@code t#} slot: a typed {@code Buffer<T>} ({@link TypedBuffer}), or a
 * raw or structured buffer.
 *
 * <p>Example: {@code resources.setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, words,
 * words.length))} binds {@code t0}.
 */
public interface ShaderResourceView {
    /** Number of elements the view exposes; reads at or past it are out of bounds. */
    int numElements();
}
