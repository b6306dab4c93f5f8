package org.imbrex.io.scan;

import java.util.Arrays;
import java.util.List;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * One Dispatch of the msad4 search shader for one piece of one signature: the reference words bound to
 * {@code t0}, where they sit in the signature, and which tile words they run against.
 *
 * <p>After the Dispatch, {@code u0} element {@code x} component {@code k} holds this piece's share of the
 * score at tile byte offset {@code t = 4x + k}, because {@code t1} is bound to the tile words from
 * {@code wordOffset} on (see {@link SearchPlan} for the picture). A pass has at most {@link
 * SearchPlan#MAX_PASS_WORDS} words, so its share is at most 64·4·255 = 65280, inside msad4's 65535.
 * Example: signature {@code 4D 5A 00 90} compiles to a {@code PLAIN} pass {@code {0x90005A4D}} (the 00 is
 * masked) and a {@code COMPLEMENT} pass {@code {0x00FF0000}} (only the 00, as FF), both at word 0.
 *
 * @param signature  index of the signature in the plan
 * @param wordOffset word of the signature where {@code words[0]} sits (byte offset {@code 4·wordOffset})
 * @param words      reference words, little-endian, 0x00 bytes masked; 1..64 of them
 * @param kind       plain tile words, or their complement (for literal zero bytes)
 */
public record ReferencePass(int signature, int wordOffset, int[] words, Kind kind) {

    /** What {@code t1} holds for the pass. */
    public enum Kind {
        /** The tile words as read: reference bytes are the signature's non-zero literal bytes. */
        PLAIN,
        /** The complemented tile words {@code ~w}: reference bytes are 0xFF where the signature has 00. */
        COMPLEMENT
    }

    public ReferencePass {
        words = words.clone();
        if (words.length < 1 || words.length > SearchPlan.MAX_PASS_WORDS) {
            throw new IllegalArgumentException("a pass has 1.." + SearchPlan.MAX_PASS_WORDS + " words, not "
                    + words.length);
        }
    }

    /** The reference words (a copy). */
    @Override
    public int[] words() {
        return words.clone();
    }

    /** Each pass's words as the {@code t0} view the msad4 shaders read ({@code R32_UINT}). */
    static TypedBuffer[] references(List<ReferencePass> passes) {
        TypedBuffer[] views = new TypedBuffer[passes.size()];
        for (int p = 0; p < views.length; p++) {
            views[p] = TypedBuffer.ofWords(DxgiFormat.R32_UINT, passes.get(p).words, passes.get(p).words.length);
        }
        return views;
    }

    /** Each pass's {@code cb0}: {@code REF_SIZE} = its number of words. */
    static ConstantBuffer[] refSizes(List<ReferencePass> passes) {
        ConstantBuffer[] buffers = new ConstantBuffer[passes.size()];
        for (int p = 0; p < buffers.length; p++) {
            buffers[p] = ConstantBuffer.ofWords(passes.get(p).refSize());
        }
        return buffers;
    }

    /** Number of reference words, the shader's {@code REF_SIZE}. */
    public int refSize() {
        return words.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReferencePass that && signature == that.signature && wordOffset == that.wordOffset
                && kind == that.kind && Arrays.equals(words, that.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words) * 31 + signature * 7 + wordOffset * 3 + kind.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder hex = new StringBuilder();
        for (int word : words) {
            hex.append(hex.length() == 0 ? "" : " ").append(String.format("%08X", word));
        }
        return "ReferencePass[signature " + signature + ", " + kind + " at word " + wordOffset + ": " + hex + "]";
    }
}
