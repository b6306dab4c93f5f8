package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Slot binding: t0..t127, u0..u63, cb0..cb13. */
@ExtendWith(ArrowExtension.class)
class ShaderResourcesTest {

    @Test
    void slots_outsideTheirRange_nameRegisterAndRange() {
        ShaderResources r = new ShaderResources();
        assertThatThrownBy(() -> r.setShaderResource(128, TypedBuffer.unbound())).hasMessageContaining("t128")
                .hasMessageContaining("t0..t127");
        assertThatThrownBy(() -> r.setUnorderedAccessView(64, null)).hasMessageContaining("u64");
        assertThatThrownBy(() -> r.setConstantBuffer(14, ConstantBuffer.ofWords())).hasMessageContaining("cb14");
        assertThatThrownBy(() -> r.typedBuffer(-1)).hasMessageContaining("t-1");
    }

    @Test
    void uavAccessors_wrongKind_nameTheSlot(BufferAllocator allocator) {
        try (RWBuffer buffer = RWBuffer.allocate(DxgiFormat.R32_UINT, 1, allocator)) {
            ShaderResources r = new ShaderResources().setUnorderedAccessView(2, buffer);
            assertThat(r.rwBuffer(2)).isSameAs(buffer);
            assertThatThrownBy(() -> r.rwTexture2D(2)).hasMessageContaining("u2").hasMessageContaining("RWBuffer");
            assertThatThrownBy(() -> r.rwBuffer(3)).hasMessageContaining("u3 holds nothing");
        }
    }
}
