package org.imbrex.kernels.cli;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.asm.AsmShader;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.RawUav;
import org.imbrex.kernels.resource.ShaderResourceView;
import org.imbrex.kernels.resource.StructuredBuffer;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.resource.TypedUav;
import org.imbrex.kernels.resource.UnorderedAccessView;

/**
 * Creates the view a {@code --srv}/{@code --uav} argument binds, after checking it against the slot's
 * declaration: a typed buffer for a DXGI format, a byte-address view for {@code RAW}, a structured view for
 * {@code S<stride>}.
 *
 * <pre>
 *   dcl_resource_buffer (uint,...) t0    --srv 0:R32_UINT:t0.bin      → TypedBuffer R32_UINT
 *   dcl_resource_raw t1                  --srv 1:RAW:t1.bin           → ByteAddressBuffer over the file
 *   dcl_uav_structured u0, 16            --uav 0:S16:256:out.bin      → RWStructuredBuffer, 16 elements
 *   dcl_uav_structured u0, 16            --uav 0:R32_UINT:256:out.bin → "u0 is declared structured, stride
 *                                                                        16 and takes S16, not R32_UINT"
 * </pre>
 * Shipped shaders take typed views; a slot an {@code .asm} shader does not declare takes any view (the
 * shader never reads it, as a D3D11 device allows). Example: {@code
 * ViewBinding.srv(shader, ResourceArgument.Srv.parse("1:RAW:t1.bin"), bytes)}.
 */
final class ViewBinding {
    /** Every slot of a shipped shader is a typed buffer. */
    private static final View SHIPPED = new View(ViewKind.TYPED_BUFFER, 0);

    private ViewBinding() {
    }

    static ShaderResourceView srv(ComputeShader shader, ResourceArgument.Srv srv, String text, byte[] data) {
        check("--srv " + text, "t" + srv.slot(), srv.view(), declared(shader, srv.slot(), false));
        srv.checkSize(text, data.length);
        ByteBuffer bytes = ByteBuffer.wrap(data);
        if (srv.view() instanceof ViewFormat.Typed typed) {
            return TypedBuffer.of(typed.format(), bytes);
        }
        if (srv.view() instanceof ViewFormat.Structured structured) {
            return StructuredBuffer.of(structured.stride(), bytes);
        }
        return ByteAddressBuffer.of(bytes);
    }

    static UnorderedAccessView uav(ComputeShader shader, ResourceArgument.Uav uav, String text,
            BufferAllocator allocator) {
        check("--uav " + text, "u" + uav.slot(), uav.view(), declared(shader, uav.slot(), true));
        if (uav.view() instanceof ViewFormat.Typed typed) {
            return RWBuffer.allocate(typed.format(), uav.elements(), allocator);
        }
        if (uav.view() instanceof ViewFormat.Structured structured) {
            return RWStructuredBuffer.allocate(structured.stride(), uav.elements(), allocator);
        }
        return RWByteAddressBuffer.allocate((int) uav.bytes(), allocator);
    }

    /** Fills a view created by {@link #uav} from INIT bytes. */
    static void initialize(UnorderedAccessView view, byte[] data) {
        if (view instanceof TypedUav typed) {
            typed.initialize(data);
        } else {
            ((RawUav) view).initialize(data);
        }
    }

    private static void check(String argument, String register, ViewFormat view, View declared) {
        String mismatch = declared == null ? null : view.mismatch(declared, register);
        if (mismatch != null) {
            throw new IllegalArgumentException(argument + ": " + mismatch);
        }
    }

    /** The slot's declaration; null for a slot an interpreted shader does not declare (it never reads it). */
    private static View declared(ComputeShader shader, int slot, boolean uav) {
        if (shader instanceof AsmShader asm) {
            var declarations = asm.program().declarations();
            return (uav ? declarations.uavs() : declarations.resources()).get(slot);
        }
        return SHIPPED;
    }
}
