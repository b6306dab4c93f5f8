package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The README's table of the opcodes the interpreter runs lists exactly {@link OpcodeTable#names()}. */
class ReadmeOpcodesTest {
    private static final Pattern ROW = Pattern.compile("^\\| [a-z]+ \\| ((?:`[a-z0-9_]+` ?)+) \\|$");
    private static final Pattern NAME = Pattern.compile("`([a-z0-9_]+)`");

    @Test
    void readmeOpcodeTable_listsEveryOpcodeOfTheTableAndNoOther() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("Opcodes the interpreter runs");
        assertThat(start).as("the README's opcode table").isPositive();
        Set<String> listed = new TreeSet<>();
        for (String line : readme.substring(start).lines().limit(20).toList()) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                Matcher name = NAME.matcher(row.group(1));
                while (name.find()) {
                    listed.add(name.group(1));
                }
            }
        }
        assertThat(listed).isEqualTo(new TreeSet<>(OpcodeTable.names()));
    }
}
