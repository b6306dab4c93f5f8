package org.imbrex.kernels.cli;

import java.util.Locale;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.resource.DxgiFormat;

/**
 * The FORMAT field of a {@code --srv} or {@code --uav} argument: which view of a buffer's bytes the shader
 * gets, as D3D11 describes a buffer view.
 *
 * <pre>
 *   FORMAT               view                                      D3D11 view description
 *   R32G32B32A32_UINT    typed: Buffer&lt;T&gt; / RWBuffer&lt;T&gt;            that DXGI format
 *   RAW                  raw: (RW)ByteAddressBuffer                R32_TYPELESS, RAW flag, sizes in bytes
 *   S12                  structured: (RW)StructuredBuffer&lt;T&gt;      UNKNOWN, StructureByteStride = 12
 * </pre>
 * Example: {@code ViewFormat.parse("S12").elementBytes()} is 12; {@code ViewFormat.parse("RAW")} binds to a
 * slot declared {@code dcl_uav_raw u0} and to nothing else.
 */
public sealed interface ViewFormat {
    /** D3D11's largest {@code StructureByteStride}. */
    int MAX_STRIDE = 2048;

    /** Bytes per element: the DXGI element size, 4 for raw views (words), the stride for structured ones. */
    int elementBytes();

    /** The declaration kind this view binds to. */
    ViewKind kind();

    /** The view's name as the FORMAT field spells it. */
    String text();

    /** A typed view with a DXGI format. */
    record Typed(DxgiFormat format) implements ViewFormat {
        @Override
        public int elementBytes() {
            return format.byteSize();
        }

        @Override
        public ViewKind kind() {
            return ViewKind.TYPED_BUFFER;
        }

        @Override
        public String text() {
            return format.name();
        }
    }

    /** A raw view: byte addresses, 32-bit words. */
    record Raw() implements ViewFormat {
        @Override
        public int elementBytes() {
            return 4;
        }

        @Override
        public ViewKind kind() {
            return ViewKind.RAW;
        }

        @Override
        public String text() {
            return "RAW";
        }
    }

    /** A structured view of elements of {@code stride} bytes. */
    record Structured(int stride) implements ViewFormat {
        @Override
        public int elementBytes() {
            return stride;
        }

        @Override
        public ViewKind kind() {
            return ViewKind.STRUCTURED;
        }

        @Override
        public String text() {
            return "S" + stride;
        }
    }

    /**
     * Parses {@code RAW}, {@code S<stride>} (a multiple of 4 from 4 to {@value #MAX_STRIDE}) or a DXGI format
     * name; the message of a refusal names the value and what is allowed.
     */
    static ViewFormat parse(String value) {
        String key = value.trim().toUpperCase(Locale.ROOT);
        if (key.equals("RAW")) {
            return new Raw();
        }
        if (key.matches("S[0-9]+")) {
            long stride = key.length() > 6 ? Long.MAX_VALUE : Long.parseLong(key.substring(1));
            if (stride < 4 || stride > MAX_STRIDE || stride % 4 != 0) {
                throw new IllegalArgumentException("FORMAT '" + value + "': a structure stride must be a multiple "
                        + "of 4 from 4 to " + MAX_STRIDE);
            }
            return new Structured((int) stride);
        }
        try {
            return new Typed(DxgiFormat.parse(value));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FORMAT '" + value + "' is not a DXGI format imbrex supports (e.g. "
                    + "R32_UINT, R32G32B32A32_FLOAT), RAW or S<stride>");
        }
    }

    /**
     * Null when this view fits the slot's declaration, else why not, naming both: a typed view on a typed
     * buffer, RAW on {@code dcl_*_raw}, {@code S<stride>} on {@code dcl_*_structured} of the same stride.
     */
    default String mismatch(View declared, String register) {
        if (declared.kind() == ViewKind.TEXTURE2D) {
            return register + " is declared texture2d; imbrex shader binds buffers only";
        }
        if (declared.kind() != kind()) {
            return register + " is declared " + declarationText(declared) + " and takes " + viewText(declared)
                    + ", not " + text();
        }
        if (this instanceof Structured s && s.stride() != declared.stride()) {
            return register + " is declared structured with a " + declared.stride() + "-byte stride and takes S"
                    + declared.stride() + ", not " + text();
        }
        return null;
    }

    private static String declarationText(View declared) {
        return switch (declared.kind()) {
            case TYPED_BUFFER -> "a typed buffer";
            case RAW -> "raw";
            case STRUCTURED -> "structured, stride " + declared.stride();
            case TEXTURE2D -> "texture2d";
        };
    }

    private static String viewText(View declared) {
        return switch (declared.kind()) {
            case TYPED_BUFFER -> "a DXGI format";
            case RAW -> "RAW";
            case STRUCTURED -> "S" + declared.stride();
            case TEXTURE2D -> "a texture";
        };
    }
}
