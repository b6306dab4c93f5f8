package org.imbrex.kernels.resource;

/**
 * The resources bound for a Dispatch, by slot, as {@code ID3D11DeviceContext::CSSetShaderResources},
 * {@code CSSetUnorderedAccessViews} and {@code CSSetConstantBuffers} bind them: {@code t0..t127}, {@code
 * u0..u63} (D3D11.1), {@code cb0..cb13}.
 *
 * <p>Example: <pre>{@code
 * ShaderResources r = new ShaderResources()
 *     .setShaderResource(0, reference).setShaderResource(1, source)
 *     .setUnorderedAccessView(0, accum).setConstantBuffer(0, ConstantBuffer.ofWords(refWords));
 * }</pre>
 * An empty {@code t#} slot reads as {@link TypedBuffer#unbound()}.
 */
public final class ShaderResources {
    /** {@code D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT}. */
    public static final int SRV_SLOTS = 128;
    /** {@code D3D11_1_UAV_SLOT_COUNT}. */
    public static final int UAV_SLOTS = 64;
    /** {@code D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT}. */
    public static final int CB_SLOTS = 14;

    private final ShaderResourceView[] srvs = new ShaderResourceView[SRV_SLOTS];
    private final UnorderedAccessView[] uavs = new UnorderedAccessView[UAV_SLOTS];
    private final ConstantBuffer[] cbs = new ConstantBuffer[CB_SLOTS];

    public ShaderResources setShaderResource(int slot, ShaderResourceView view) {
        srvs[check("t", slot, SRV_SLOTS)] = view;
        return this;
    }

    public ShaderResources setUnorderedAccessView(int slot, UnorderedAccessView view) {
        uavs[check("u", slot, UAV_SLOTS)] = view;
        return this;
    }

    public ShaderResources setConstantBuffer(int slot, ConstantBuffer buffer) {
        cbs[check("cb", slot, CB_SLOTS)] = buffer;
        return this;
    }

    /** The view on {@code t#}, or null when the slot is empty. */
    public ShaderResourceView shaderResource(int slot) {
        return srvs[check("t", slot, SRV_SLOTS)];
    }

    /** The typed buffer on {@code t#}; an empty slot gives {@link TypedBuffer#unbound()}. */
    public TypedBuffer typedBuffer(int slot) {
        ShaderResourceView view = shaderResource(slot);
        if (view == null) {
            return TypedBuffer.unbound();
        }
        if (view instanceof TypedBuffer typed) {
            return typed;
        }
        throw new IllegalStateException("t" + slot + " holds a " + view.getClass().getSimpleName()
                + ", not a typed buffer");
    }

    /** The view on {@code u#}, or null when the slot is empty. */
    public UnorderedAccessView unorderedAccessView(int slot) {
        return uavs[check("u", slot, UAV_SLOTS)];
    }

    /** The {@code RWBuffer} on {@code u#}; an empty or differently typed slot is an error. */
    public RWBuffer rwBuffer(int slot) {
        UnorderedAccessView view = unorderedAccessView(slot);
        if (view instanceof RWBuffer buffer) {
            return buffer;
        }
        throw new IllegalStateException("u" + slot + " holds " + describe(view) + ", not an RWBuffer");
    }

    /** The {@code RWTexture2D} on {@code u#}. */
    public RWTexture2D rwTexture2D(int slot) {
        UnorderedAccessView view = unorderedAccessView(slot);
        if (view instanceof RWTexture2D texture) {
            return texture;
        }
        throw new IllegalStateException("u" + slot + " holds " + describe(view) + ", not an RWTexture2D");
    }

    /** The constant buffer on {@code cb#}; an empty slot reads as all zeros. */
    public ConstantBuffer constantBuffer(int slot) {
        ConstantBuffer buffer = cbs[check("cb", slot, CB_SLOTS)];
        return buffer == null ? ConstantBuffer.ofWords() : buffer;
    }

    /** Calls {@link UnorderedAccessView#endDispatch()} on every bound UAV. */
    public void endDispatch() {
        for (UnorderedAccessView view : uavs) {
            if (view != null) {
                view.endDispatch();
            }
        }
    }

    private static String describe(Object view) {
        return view == null ? "nothing" : "a " + view.getClass().getSimpleName();
    }

    private static int check(String register, int slot, int count) {
        if (slot < 0 || slot >= count) {
            throw new IllegalArgumentException(register + slot + " is not a slot; " + register + "0.." + register
                    + (count - 1) + " exist");
        }
        return slot;
    }
}
