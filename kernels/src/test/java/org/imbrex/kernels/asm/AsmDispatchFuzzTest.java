package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderFault;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
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
import org.imbrex.kernels.testing.OneLine;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes the interpreter: any bytes as UTF-8 assembly; a program the parser accepts runs one Dispatch of
 * two groups ({@code Dispatch(2, 1, 1)}) with small views bound to every slot it declares, its groups
 * stopping after {@value #INSTRUCTION_LIMIT} instructions. The contract:
 *
 * <pre>
 *   the Dispatch ends, or fails with a ShaderFault naming the shader and the group whose cause is one of the
 *   interpreter's own refusals (an IllegalStateException or IllegalArgumentException, as the instruction
 *   limit's "stopped after 20000 instructions, the limit per thread group, before line 7: endloop ..."),
 *   with a one-line message; never another exception, never a hang; every UAV's memory is freed after
 * </pre>
 * The bound views are what a driver's test would bind: typed buffers and 4×4 textures of {@code
 * R32G32B32A32_UINT} (SRVs) or {@code R32_UINT} (UAVs), 256-byte raw buffers, 8 structures per structured
 * buffer, constant buffers of up to 16 registers. A program whose register file (its temps, indexable temps
 * and immediates, 16 bytes each per lane) would pass 64 MiB is only parsed: it asks for that memory, and
 * the parser target covers it. Example: {@code cs_5_0 / dcl_thread_group 1, 1, 1 / loop / endloop / ret}
 * fails with {@code shader fuzz.asm failed in SV_GroupID (0,0,0): stopped after 20000 instructions ...}.
 */
class AsmDispatchFuzzTest {
    static final long INSTRUCTION_LIMIT = 20_000;
    private static final long REGISTER_FILE_LIMIT = 64L << 20;
    private static final int[] WORDS = {0, 1, 2, 3, -1, 7, 0x7FFF_FFFF, 0x8000_0000, 0x3F80_0000, 0xBF80_0000, 0x7F80_0000,
        0x7FC0_0000, 16, 255, 0x100, 64};

    @FuzzTest
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void dispatch(byte[] file) {
        AsmShader shader;
        try {
            shader = AsmShader.parse("fuzz.asm", new String(file, StandardCharsets.UTF_8))
                    .withInstructionLimit(INSTRUCTION_LIMIT);
        } catch (AsmSyntaxException refused) {
            return;
        }
        AsmProgram program = shader.program();
        if (registerFileBytes(program) > REGISTER_FILE_LIMIT) {
            return;
        }
        try (BufferAllocator allocator = new RootAllocator()) {
            List<UnorderedAccessView> uavs = new ArrayList<>();
            try {
                ShaderResources resources = bind(program.declarations(), allocator, uavs);
                new DeviceContext().dispatch(shader, resources, Dispatch.of(2, 1, 1));
            } catch (ShaderFault fault) {
                checkFault(fault);
            } finally {
                uavs.forEach(UnorderedAccessView::close);
            }
            assertThat(allocator.getAllocatedMemory()).as("UAV memory left after the Dispatch").isZero();
        }
    }

    private static void checkFault(ShaderFault fault) {
        Throwable cause = fault.getCause();
        if (cause.getClass() != IllegalStateException.class && cause.getClass() != IllegalArgumentException.class) {
            throw new AssertionError("the interpreter failed with " + cause.getClass().getName()
                    + ", not one of its own refusals", fault);
        }
        OneLine.check(fault.getMessage());
        assertThat(fault.getMessage()).startsWith("shader fuzz.asm failed in SV_GroupID (");
    }

    /** What the machine's registers and the program's immediates take: 16 bytes per register and lane. */
    static long registerFileBytes(AsmProgram program) {
        Declarations declared = program.declarations();
        long lanes = (long) declared.numThreads().count() * program.groupsPerCall();
        long registers = declared.temps() + GroupMachine.SLOTS + 2;
        for (int size : declared.indexableTemps().values()) {
            registers += size;
        }
        for (Instruction ins : program.instructions()) {
            for (Operand operand : ins.operands) {
                registers += operand.type == RegisterType.IMMEDIATE || operand.type == RegisterType.CONSTANT_BUFFER ? 1 : 0;
            }
        }
        return 16 * registers * lanes;
    }

    /** Small views of the kind each declared slot takes; the UAVs are added to {@code uavs} for closing. */
    static ShaderResources bind(Declarations declared, BufferAllocator allocator, List<UnorderedAccessView> uavs) {
        ShaderResources resources = new ShaderResources();
        for (Map.Entry<Integer, Integer> cb : declared.constantBuffers().entrySet()) {
            int[] words = new int[4 * Math.max(1, Math.min(16, cb.getValue()))];
            for (int i = 0; i < words.length; i++) {
                words[i] = WORDS[i % WORDS.length];
            }
            resources.setConstantBuffer(cb.getKey(), ConstantBuffer.ofWords(words));
        }
        for (Map.Entry<Integer, View> t : declared.resources().entrySet()) {
            View view = t.getValue();
            ShaderResourceView srv = switch (view.kind()) {
                case TYPED_BUFFER -> TypedBuffer.of(DxgiFormat.R32G32B32A32_UINT, bytes(64 * 16));
                case TEXTURE2D -> Texture2D.of(DxgiFormat.R32G32B32A32_UINT, 4, 4, bytes(4 * 4 * 16));
                case RAW -> ByteAddressBuffer.of(bytes(256));
                case STRUCTURED -> StructuredBuffer.of(view.stride(), bytes(8 * view.stride()));
            };
            resources.setShaderResource(t.getKey(), srv);
        }
        for (Map.Entry<Integer, View> u : declared.uavs().entrySet()) {
            View view = u.getValue();
            UnorderedAccessView uav = switch (view.kind()) {
                case TYPED_BUFFER -> RWBuffer.allocate(DxgiFormat.R32_UINT, 64, allocator);
                case TEXTURE2D -> RWTexture2D.allocate(DxgiFormat.R32_UINT, 4, 4, allocator);
                case RAW -> RWByteAddressBuffer.allocate(256, allocator);
                case STRUCTURED -> RWStructuredBuffer.allocate(view.stride(), 8, allocator);
            };
            uavs.add(uav);
            resources.setUnorderedAccessView(u.getKey(), uav);
        }
        return resources;
    }

    private static ByteBuffer bytes(int count) {
        ByteBuffer buffer = ByteBuffer.allocate(count).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 4 <= count; i += 4) {
            buffer.putInt(i, WORDS[(i / 4) % WORDS.length]);
        }
        return buffer;
    }
}
