package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.signature.SignatureParser;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.RuleFileReader;

/**
 * The YARA rule files of {@code --signatures}: read as text on the driver, which checks them, and sent to
 * the tasks as text, which read them again where the rules are evaluated (a rule file's text is small, and
 * reading it gives every task the same rules).
 *
 * <p>Each file is its own namespace, named by its location as given ({@code --signatures rules/a.yar} is
 * the namespace and the {@code source} column {@code rules/a.yar}).
 *
 * <p>Example: {@code RuleSources.read(List.of("a.yar", "b.yar"), conf)} gives two {@link RuleText}s; {@code
 * RuleSources.parse(texts)} the two {@link RuleFile}s.
 */
final class RuleSources {
    private RuleSources() {
    }

    /** A rule file's location as given and its text (ISO-8859-1, so that every byte is one character). */
    record RuleText(String source, String text) implements Serializable {
    }

    /**
     * True when the files of {@code --signatures} are YARA rule files ({@code .yar}, {@code .yara}), false
     * when they are signature files; files of both kinds are refused.
     */
    static boolean areYara(List<String> locations) {
        List<String> yara = locations.stream().filter(location -> SignatureParser.isYara(location)).toList();
        if (!yara.isEmpty() && yara.size() < locations.size()) {
            String plain = locations.stream().filter(location -> !SignatureParser.isYara(location)).findFirst()
                    .orElseThrow();
            throw new IllegalArgumentException("--signatures " + yara.get(0) + " is a YARA rule file and " + plain
                    + " a signature file; give files of one kind (YARA rules run as rules, signatures as signatures)");
        }
        return !yara.isEmpty();
    }

    /** The text of each file; a missing, unreadable, repeated or too large file is refused. */
    static List<RuleText> read(List<String> locations, Configuration conf) {
        Set<String> seen = new HashSet<>();
        List<RuleText> texts = new ArrayList<>();
        for (String location : locations) {
            if (!seen.add(location)) {
                throw new IllegalArgumentException("--signatures " + location + " is given twice; each rule file "
                        + "is one namespace");
            }
            texts.add(new RuleText(location, text(location, conf)));
        }
        return texts;
    }

    private static String text(String location, Configuration conf) {
        Path path = new Path(location);
        try {
            FileSystem fs = path.getFileSystem(conf);
            if (!fs.exists(path)) {
                throw new IllegalArgumentException("--signatures " + location + " does not exist");
            }
            long length = fs.getFileStatus(path).getLen();
            if (length > SignatureParser.MAX_FILE_BYTES) {
                throw new IllegalArgumentException("--signatures " + location + " has " + length
                        + " bytes; a rule file is read whole, at most " + SignatureParser.MAX_FILE_BYTES + " bytes");
            }
            try (InputStream in = fs.open(path)) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("--signatures " + location + ": cannot read it (" + e.getMessage()
                    + ")", e);
        }
    }

    /**
     * The rule files, each read as the namespace of its location; several files are read side by side (3,000
     * rules in three files: 0.35 s of the driver's time before the job starts, one file after another), and
     * a file YARA would refuse refuses the search with the same error as when read alone, the first such file
     * in the order given.
     *
     * @throws org.imbrex.io.signature.SignatureFormatException where YARA would refuse a file
     */
    static List<RuleFile> parse(List<RuleText> texts) {
        List<Object> read = texts.parallelStream().map(text -> {
            try {
                return (Object) RuleFileReader.read(text.source(), text.source(), text.text());
            } catch (RuntimeException refused) {
                return refused;
            }
        }).toList();
        List<RuleFile> files = new java.util.ArrayList<>();
        for (Object file : read) {
            if (file instanceof RuntimeException refused) {
                throw refused;
            }
            files.add((RuleFile) file);
        }
        return files;
    }
}
