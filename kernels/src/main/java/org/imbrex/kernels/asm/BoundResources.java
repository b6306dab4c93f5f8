package org.imbrex.kernels.asm;

import java.util.Map;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.RWTexture2D;
import org.imbrex.kernels.resource.ShaderResourceView;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.StructuredBuffer;
import org.imbrex.kernels.resource.Texture2D;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.resource.UnorderedAccessView;

/**
 * The views bound to the slots a program declares, looked up once per group and checked against the
 * declarations.
 *
 * <pre>
 *   dcl_resource_buffer    t#  ← TypedBuffer          dcl_uav_typed_buffer     u#  ← RWBuffer
 *   dcl_resource_texture2d t#  ← Texture2D            dcl_uav_typed_texture2d  u#  ← RWTexture2D
 *   dcl_resource_raw       t#  ← ByteAddressBuffer    dcl_uav_raw              u#  ← RWByteAddressBuffer
 *   dcl_resource_structured t# ← StructuredBuffer     dcl_uav_structured       u#  ← RWStructuredBuffer
 * </pre>
 * An empty slot is legal: its reads return 0 and its writes are dropped (FS §22.4.6). A view of the wrong
 * kind is an error naming the slot, the declaration and the view. Example: binding a {@code RWBuffer} to a
 * {@code dcl_uav_raw u1} slot fails with {@code u1 is declared raw but holds a RWBuffer}.
 */
final class BoundResources {
    final ConstantBuffer[] constantBuffers = new ConstantBuffer[ShaderResources.CB_SLOTS];
    final ShaderResourceView[] srvs = new ShaderResourceView[ShaderResources.SRV_SLOTS];
    final UnorderedAccessView[] uavs = new UnorderedAccessView[ShaderResources.UAV_SLOTS];
    private final Declarations declared;

    BoundResources(Declarations declared) {
        this.declared = declared;
    }

    void bind(ShaderResources resources) {
        for (Integer slot : declared.constantBuffers.keySet()) {
            constantBuffers[slot] = resources.constantBuffer(slot);
        }
        for (Map.Entry<Integer, View> t : declared.resources.entrySet()) {
            ShaderResourceView view = resources.shaderResource(t.getKey());
            check("t", t.getKey(), t.getValue().kind(), view, srvClass(t.getValue().kind()));
            srvs[t.getKey()] = view;
        }
        for (Map.Entry<Integer, View> u : declared.uavs.entrySet()) {
            UnorderedAccessView view = resources.unorderedAccessView(u.getKey());
            check("u", u.getKey(), u.getValue().kind(), view, uavClass(u.getValue().kind()));
            uavs[u.getKey()] = view;
        }
    }

    private static Class<?> srvClass(ViewKind kind) {
        return switch (kind) {
            case TYPED_BUFFER -> TypedBuffer.class;
            case TEXTURE2D -> Texture2D.class;
            case RAW -> ByteAddressBuffer.class;
            case STRUCTURED -> StructuredBuffer.class;
        };
    }

    private static Class<?> uavClass(ViewKind kind) {
        return switch (kind) {
            case TYPED_BUFFER -> RWBuffer.class;
            case TEXTURE2D -> RWTexture2D.class;
            case RAW -> RWByteAddressBuffer.class;
            case STRUCTURED -> RWStructuredBuffer.class;
        };
    }

    private static void check(String prefix, int slot, ViewKind kind, Object view, Class<?> expected) {
        if (view != null && !expected.isInstance(view)) {
            throw new IllegalStateException(prefix + slot + " is declared " + kind.name().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', ' ') + " but holds a " + view.getClass().getSimpleName() + " (expected a "
                    + expected.getSimpleName() + ")");
        }
    }
}
