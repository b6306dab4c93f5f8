package org.imbrex.io.yara.pe;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Records what YARA's {@code pe} module says of every {@link PeCases} case and every real file in
 * {@link PeCases#REAL_FILES}, as the test resource {@code yara-4.2.3-pe.tsv.gz}. Not a
 * test: run it by hand where {@code /usr/bin/yara} 4.2.3 is installed, with the test classes and test
 * resources on the class path:
 *
 * <pre>
 * java -cp target/classes:target/test-classes:src/test/resources org.imbrex.io.yara.pe.YaraPeRecorder \
 *     /usr/bin/yara src/test/resources/yara/pe/yara-4.2.3-pe.tsv.gz
 * </pre>
 *
 * <p>The file is gzipped text, one case a line; example line: {@code prefix32:0<TAB>is_pe=0}.
 */
final class YaraPeRecorder {

    private YaraPeRecorder() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: YaraPeRecorder <yara binary> <output tsv>");
            System.exit(2);
        }
        Path work = Files.createTempDirectory("imbrex-yara-pe");
        Path rule = work.resolve("pe.yar");
        Files.writeString(rule, "import \"pe\"\nrule pe_dump { condition: false }\n");
        String version = run(List.of(args[0], "--version"), work).strip();
        List<String> lines = new ArrayList<>();
        lines.add("# pe module values from yara " + version + " -D; case ids are PeCases ids or file:<resource>");
        List<String> ids = new ArrayList<>(PeCases.all());
        for (String name : PeCases.REAL_FILES) {
            ids.add("file:" + name);
        }
        for (String id : ids) {
            Path file = work.resolve("case.bin");
            Files.write(file, PeCases.bytes(id));
            String dump = run(List.of(args[0], "-D", rule.toString(), file.toString()), work);
            lines.add(id + YaraDump.format(YaraDump.parse(dump)));
        }
        try (Writer out = new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(Path.of(args[1]))), StandardCharsets.UTF_8)) {
            for (String line : lines) {
                out.write(line);
                out.write('\n');
            }
        }
        System.out.println(ids.size() + " cases recorded with yara " + version);
    }

    private static String run(List<String> command, Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (p.waitFor() != 0) {
            throw new IOException(command + " failed: " + new String(out, StandardCharsets.ISO_8859_1));
        }
        return new String(out, StandardCharsets.ISO_8859_1);
    }
}
