package org.imbrex.io.yara.rules;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Records which rules {@code yara} reports for every {@link RuleCorpus} case, as the test resource {@code
 * yara/rules/yara-4.2.3-rules.tsv} that {@link RuleOracleYaraDifferentialTest} reads. Not a test: run it
 * by hand where {@code /usr/bin/yara} 4.2.3 is installed:
 * <pre>
 * java -cp target/classes:target/test-classes org.imbrex.io.yara.rules.RuleCorpusRecorder \
 *     /usr/bin/yara src/test/resources/yara/rules/yara-4.2.3-rules.tsv
 * </pre>
 * Each case runs {@code yara -e n0:rules0.yar [n1:rules1.yar] DIR}; one line per scanned file, e.g.
 * {@code 17<TAB>3<TAB>n0:r1 n1:r0} (seed, file index, the rules in YARA's order; empty when none).
 */
final class RuleCorpusRecorder {
    private RuleCorpusRecorder() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: RuleCorpusRecorder <yara binary> <output tsv>");
            System.exit(2);
        }
        Path work = Files.createTempDirectory("imbrex-yara-rules");
        List<String> lines = new ArrayList<>();
        lines.add("# yara " + run(List.of(args[0], "--version"), work).strip()
                + " -e over RuleCorpus cases: seed, file index, matching rules in order");
        for (long seed = 0; seed < RuleCorpus.CASES; seed++) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            Path dir = Files.createDirectories(work.resolve("case" + seed));
            List<String> command = new ArrayList<>(List.of(args[0], "-w", "-e"));
            for (int i = 0; i < c.ruleFiles().size(); i++) {
                Path rules = work.resolve("case" + seed + "-" + i + ".yar");
                Files.writeString(rules, c.ruleFiles().get(i));
                command.add(c.namespaces().get(i) + ":" + rules);
            }
            for (int f = 0; f < c.files().size(); f++) {
                Files.write(dir.resolve("f" + f), c.files().get(f));
            }
            command.add(dir.toString());
            Map<Integer, List<String>> matched = new TreeMap<>();
            for (String line : run(command, work).split("\n")) {
                if (line.isBlank()) {
                    continue;
                }
                String[] parts = line.split(" ");
                int file = Integer.parseInt(parts[1].substring(parts[1].lastIndexOf('/') + 2));
                matched.computeIfAbsent(file, k -> new ArrayList<>()).add(parts[0]);
            }
            for (int f = 0; f < c.files().size(); f++) {
                lines.add(seed + "\t" + f + "\t" + String.join(" ", matched.getOrDefault(f, List.of())));
            }
        }
        Files.write(Path.of(args[1]), lines, StandardCharsets.UTF_8);
    }

    private static String run(List<String> command, Path work) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }
}
