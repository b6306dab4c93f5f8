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
 * Creates the view a {@code --srv}/{@code --uav} argument binds: a typed buffer, or, for an {@code .asm}
 * shader whose slot is declared raw or structured, the matching untyped view over the same bytes.
 *
 * <pre>
 *   dcl_resource_buffer t0          --srv 0:R32_UINT:t0.bin        → TypedBuffer R32_UINT
 *   dcl_resource_raw t1             --srv 1:R32_UINT:t1.bin        → ByteAddressBuffer over the file
 *   dcl_uav_structured u0, 16       --uav 0:R32_UINT:256:out.bin   → RWStructuredBuffer, 16 elements
 * </pre>
 * For untyped views FORMAT only has to be a 32-bit format (the bytes are words). Example: {@code
 * ViewBinding.srv(shader, 0, DxgiFormat.R32_UINT, bytes)}.
 */
final class ViewBinding {
    private ViewBinding() {
    }

    static ShaderResourceView srv(ComputeShader shader, ResourceArgument.Srv srv, byte[] data) {
        View declared = declared(shader, srv.slot(), false);
        ByteBuffer bytes = ByteBuffer.wrap(data);
        ViewKind kind = declared == null ? ViewKind.TYPED_BUFFER : declared.kind();
        return switch (kind) {
            case TYPED_BUFFER -> TypedBuffer.of(srv.format(), bytes);
            case RAW -> ByteAddressBuffer.of(words("--srv", srv.slot(), srv.format(), bytes));
            case STRUCTURED -> StructuredBuffer.of(declared.stride(), words("--srv", srv.slot(), srv.format(), bytes));
            case TEXTURE2D -> throw new IllegalArgumentException("--srv " + srv.slot() + ": t" + srv.slot()
                    + " is declared texture2d; imbrex shader binds buffers only");
        };
    }

    static UnorderedAccessView uav(ComputeShader shader, ResourceArgument.Uav uav, BufferAllocator allocator) {
        View declared = declared(shader, uav.slot(), true);
        ViewKind kind = declared == null ? ViewKind.TYPED_BUFFER : declared.kind();
        int bytes = (int) uav.bytes();
        return switch (kind) {
            case TYPED_BUFFER -> RWBuffer.allocate(uav.format(), uav.elements(), allocator);
            case RAW -> {
                words("--uav", uav.slot(), uav.format(), null);
                yield RWByteAddressBuffer.allocate(bytes, allocator);
            }
            case STRUCTURED -> {
                words("--uav", uav.slot(), uav.format(), null);
                yield RWStructuredBuffer.allocate(declared.stride(), bytes / declared.stride(), allocator);
            }
            case TEXTURE2D -> throw new IllegalArgumentException("--uav " + uav.slot() + ": u" + uav.slot()
                    + " is declared texture2d; imbrex shader binds buffers only");
        };
    }

    /** Fills a view created by {@link #uav} from INIT bytes. */
    static void initialize(UnorderedAccessView view, byte[] data) {
        if (view instanceof TypedUav typed) {
            typed.initialize(data);
        } else {
            ((RawUav) view).initialize(data);
        }
    }

    private static View declared(ComputeShader shader, int slot, boolean uav) {
        if (shader instanceof AsmShader asm) {
            return (uav ? asm.program().declarations().uavs() : asm.program().declarations().resources()).get(slot);
        }
        return null;
    }

    private static ByteBuffer words(String option, int slot, org.imbrex.kernels.resource.DxgiFormat format,
            ByteBuffer bytes) {
        if (format.byteSize() != 4 || format.components().size() != 1) {
            throw new IllegalArgumentException(option + " " + slot + ": slot " + slot + " is declared raw or "
                    + "structured; give a 32-bit format such as R32_UINT, not " + format);
        }
        return bytes;
    }
}
