package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.imbrex.kernels.asm.Declarations.View;
import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.ShaderModel;
import org.imbrex.kernels.shaders.Msad4BlockMatch;
import org.junit.jupiter.api.Test;

/**
 * {@code Msad4BlockMatch.asm} parses, declares exactly what {@code Msad4BlockMatch.hlsl} binds, and is
 * written the way fxc lowers the shader: {@code ld_indexable} loads, msad4 as ushr / bfi / mov / msad
 * (spec §1.2), one typed store, three nested loops ended by {@code breakc_nz}.
 */
class Msad4BlockMatchAsmParseTest {
    private static final Pattern HLSL_BINDING = Pattern.compile(
            "(?m)^\\s*(?:RW)?Buffer<\\w+>\\s+(\\w+)\\s*:\\s*register\\((\\w\\d+)\\)");
    private static final Pattern HLSL_CONSTANT = Pattern.compile("\\buint\\s+(\\w+);");
    private static final Pattern ASM_BINDING = Pattern.compile(
            "(?m)^//\\s+(\\w+)\\s+(texture|UAV|cbuffer)\\s+\\S+\\s+\\S+\\s+(\\w+)\\s+1\\s*$");
    private static final Pattern ASM_CONSTANT = Pattern.compile(
            "(?m)^//\\s+uint (\\w+);\\s+// Offset:\\s+(\\d+) Size:\\s+4\\s*$");

    @Test
    void parse_shippedAssembly_declaresTheHlslsBindings() {
        Declarations declared = program().declarations();
        assertThat(declared.model()).isEqualTo(ShaderModel.CS_5_0);
        assertThat(declared.numThreads()).isEqualTo(Msad4BlockMatch.NUM_THREADS);
        assertThat(declared.constantBuffers()).containsExactly(Map.entry(0, 3)); // 12 uints = 3 registers
        View typed = new View(ViewKind.TYPED_BUFFER, 0);
        assertThat(declared.resources()).containsExactly(Map.entry(0, typed), Map.entry(1, typed));
        assertThat(declared.uavs()).containsExactly(Map.entry(0, typed));
        assertThat(declared.inputs()).containsExactly(SystemValue.DISPATCH_THREAD_ID);
        assertThat(declared.groupShared()).isEmpty();
    }

    @Test
    void parse_shippedAssembly_lowersMsad4AsFxcDoes() {
        List<Instruction> code = program().instructions();
        List<String> names = code.stream().map(Instruction::name).toList();
        int ushr = indexOfRun(names, "ushr", "bfi", "mov", "msad");
        assertThat(ushr).as("ushr, bfi, mov, msad in a row (spec §1.2)").isNotNegative();
        assertThat(code.get(ushr).operand(2).immediate()).containsExactly(8, 16, 24, 0);
        assertThat(code.get(ushr + 1).operand(1).immediate()).containsExactly(0, 8, 16, 24);
        assertThat(code.get(ushr + 1).operand(2).immediate()).containsExactly(0, 24, 16, 8);
        assertThat(names).filteredOn("msad"::equals).hasSize(1);
        assertThat(names).filteredOn("ld"::equals).hasSize(3);
        assertThat(names).filteredOn("store_uav_typed"::equals).hasSize(1);
        assertThat(names).filteredOn("loop"::equals).hasSize(3);
        assertThat(names).filteredOn("breakc_nz"::equals).hasSize(3);
        assertThat(program().flowDepth()).isEqualTo(3);
        assertThat(Set.copyOf(names)).isSubsetOf("uge", "if_nz", "ret", "endif", "imul", "iadd", "udiv", "ushr",
                "ishl", "ige", "and", "imax", "imad", "mov", "movc", "loop", "breakc_nz", "endloop", "ld", "bfi",
                "msad", "store_uav_typed");
    }

    @Test
    void header_likeFxcPrintsIt_namesTheHlslsRegistersAndConstants() {
        String hlsl = resource("Msad4BlockMatch.hlsl");
        String asm = resource("Msad4BlockMatch.asm");
        Map<String, String> hlslBindings = matches(HLSL_BINDING, hlsl);
        hlslBindings.put("Params", "cb0"); // cbuffer Params : register(b0) prints as cb0
        assertThat(matches(ASM_BINDING, asm, 1, 3)).containsExactlyEntriesOf(hlslBindings);
        List<String> constants = new ArrayList<>();
        Matcher m = HLSL_CONSTANT.matcher(hlsl.substring(hlsl.indexOf("cbuffer Params"), hlsl.indexOf("};")));
        while (m.find()) {
            constants.add(m.group(1));
        }
        Map<String, String> offsets = new LinkedHashMap<>();
        for (int i = 0; i < constants.size(); i++) {
            offsets.put(constants.get(i), String.valueOf(4 * i));
        }
        assertThat(constants).hasSize(12);
        assertThat(matches(ASM_CONSTANT, asm)).containsExactlyEntriesOf(offsets);
    }

    private static AsmProgram program() {
        return AsmParser.parse("Msad4BlockMatch.asm", resource("Msad4BlockMatch.asm"));
    }

    private static int indexOfRun(List<String> names, String... run) {
        for (int i = 0; i + run.length <= names.size(); i++) {
            if (names.subList(i, i + run.length).equals(List.of(run))) {
                return i;
            }
        }
        return -1;
    }

    private static Map<String, String> matches(Pattern pattern, String text) {
        return matches(pattern, text, 1, 2);
    }

    private static Map<String, String> matches(Pattern pattern, String text, int key, int value) {
        Map<String, String> found = new LinkedHashMap<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.put(m.group(key), m.group(value));
        }
        return found;
    }

    private static String resource(String name) {
        try (InputStream in = Msad4BlockMatch.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
