package org.imbrex.io.yara.rules;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A deterministic generator of YARA rule files and scanned files, one {@link Case} per seed, for the
 * differential test against recorded {@code yara} output. {@link Random} is specified to give the same
 * sequence for a seed on every JVM, so the recorded answers stay valid.
 *
 * <p>A case has one or two rule files (namespaces {@code n0}, {@code n1}) of 2 to 6 rules each: text
 * strings with {@code ascii wide nocase fullword private}, hex strings with {@code ??}, jumps and
 * alternatives, and conditions over them, {@code filesize}, {@code uintN}, {@code pe.*} and rules defined
 * before, one by one or as a set; some rules are private or global, and about one string in 15 is a
 * regular expression or an {@code xor} string, whose rule imbrex skips. The scanned files carry the rules' words planted as ASCII,
 * wide or upper case, and some of them are minimal PE files, so that each condition goes both ways.
 *
 * <p>Example: {@code RuleCorpus.generate(7).ruleFiles().get(0)} starts with {@code import "pe"} and
 * {@code rule r0 ...}.
 */
public final class RuleCorpus {
    public static final int CASES = 300;
    public static final int FILES_PER_CASE = 5;
    private static final String[] WORDS = {"MZ", "abc", "Hello", "xyz1", "key", "PE", "zz", "a-b", "Q", "data"};

    /** The rule files (namespace, text) and the files scanned. */
    public record Case(long seed, List<String> namespaces, List<String> ruleFiles, List<byte[]> files) {
    }

    /**
     * The first seed whose rules also ask for strings at offsets ({@code $s0 at pe.entry_point}, {@code not $s1
     * at filesize - 3}, placed strings; {@code for any of ($s2) : ($ at 5)}) and whose PE files carry a word at
     * their entry point; the cases below
     * it are the ones whose YARA answers are recorded, and stay as they were.
     */
    public static final long PLACED_FROM = 10_000;

    private final Random random;
    private final boolean placements;

    private RuleCorpus(long seed) {
        this.random = new Random(seed);
        this.placements = seed >= PLACED_FROM;
    }

    public static Case generate(long seed) {
        RuleCorpus corpus = new RuleCorpus(seed);
        int fileCount = 1 + corpus.random.nextInt(2);
        List<String> namespaces = new ArrayList<>();
        List<String> ruleFiles = new ArrayList<>();
        for (int i = 0; i < fileCount; i++) {
            namespaces.add("n" + i);
            ruleFiles.add(corpus.ruleFile());
        }
        List<byte[]> files = new ArrayList<>();
        for (int i = 0; i < FILES_PER_CASE; i++) {
            files.add(corpus.file());
        }
        return new Case(seed, namespaces, ruleFiles, files);
    }

    private String ruleFile() {
        StringBuilder text = new StringBuilder();
        boolean pe = random.nextBoolean();
        if (pe) {
            text.append("import \"pe\"\n\n");
        }
        int rules = 2 + random.nextInt(5);
        for (int r = 0; r < rules; r++) {
            text.append(rule(r, pe)).append('\n');
        }
        return text.toString();
    }

    private String rule(int index, boolean pe) {
        StringBuilder rule = new StringBuilder();
        int kind = random.nextInt(10);
        if (kind == 0) {
            rule.append("global ");
        } else if (kind < 3) {
            rule.append("private ");
        }
        rule.append("rule r").append(index);
        if (random.nextInt(3) == 0) {
            rule.append(" : t").append(random.nextInt(3)).append(" u").append(index);
        }
        rule.append("\n{\n");
        if (random.nextInt(4) == 0) {
            rule.append("    meta:\n        author = \"imbrex\"\n        n = ").append(index).append('\n');
        }
        int strings = kind == 0 ? 0 : random.nextInt(4);
        List<String> clauses = new ArrayList<>();
        if (strings > 0) {
            rule.append("    strings:\n");
            for (int s = 0; s < strings; s++) {
                rule.append("        $s").append(s).append(" = ").append(string()).append('\n');
                clauses.add(stringClause("s" + s, pe, strings));
            }
        }
        if (kind == 0) {
            clauses.add(random.nextBoolean() ? "filesize > " + random.nextInt(80) : "uint8(0) != 0x" + "51");
        }
        int extra = random.nextInt(3);
        for (int e = 0; e < extra || clauses.isEmpty(); e++) {
            clauses.add(extraClause(index, pe, strings > 0));
        }
        rule.append("    condition:\n        ").append(combine(clauses)).append("\n}\n");
        return rule.toString();
    }

    private String string() {
        String word = WORDS[random.nextInt(WORDS.length)];
        int kind = random.nextInt(30);
        if (kind == 0) {
            return "/" + word + "+/";
        }
        if (kind == 1) {
            return "\"" + word + "\" xor";
        }
        if (random.nextInt(3) == 0) {
            return hex(word) + (random.nextInt(4) == 0 ? " private" : "");
        }
        StringBuilder text = new StringBuilder("\"" + word + "\"");
        String[] modifiers = {"ascii", "wide", "nocase", "fullword", "private"};
        for (String modifier : modifiers) {
            if (random.nextInt(4) == 0) {
                text.append(' ').append(modifier);
            }
        }
        return text.toString();
    }

    private String hex(String word) {
        byte[] bytes = word.getBytes(StandardCharsets.US_ASCII);
        StringBuilder hex = new StringBuilder("{");
        for (int i = 0; i < bytes.length; i++) {
            int choice = random.nextInt(8);
            String b = String.format(" %02X", bytes[i]);
            if (choice == 0 && i > 0) {
                hex.append(" ??");
            } else if (choice == 1 && i > 0 && i < bytes.length - 1) {
                hex.append(b).append(" [0-").append(1 + random.nextInt(2)).append(']');
            } else if (choice == 2) {
                hex.append(" (").append(b).append(" |").append(String.format(" %02X", bytes[i] ^ 0x20)).append(" )");
            } else {
                hex.append(b);
            }
        }
        return hex.append(" }").toString();
    }

    private String stringClause(String id, boolean pe, int strings) {
        return switch (random.nextInt(placements ? 12 : 7)) {
            case 11 -> "for any of ($" + id + ") : ($ at " + offset(pe, strings) + ")";
            case 7, 8 -> "$" + id + " at " + offset(pe, strings);
            case 9 -> "not $" + id + " at " + offset(pe, strings);
            case 10 -> "($" + id + " at " + offset(pe, strings) + " or $" + id + " at " + offset(pe, strings) + ")";
            case 0 -> "#" + id + " > " + random.nextInt(3);
            case 1 -> "#" + id + " == " + random.nextInt(3);
            case 2 -> "$" + id + " in (0.." + random.nextInt(120) + ")";
            case 3 -> "@" + id + "[1] < " + random.nextInt(150);
            case 4 -> "not $" + id;
            default -> "$" + id;
        };
    }

    /** An offset for {@code $s at E}: fixed, from the file's size or bytes, the entry point, another string's match. */
    private String offset(boolean pe, int strings) {
        return switch (random.nextInt(pe ? 7 : 6)) {
            case 0 -> "0";
            case 1 -> Integer.toString(random.nextInt(24));
            case 2 -> "filesize - " + (2 + random.nextInt(10));
            case 3 -> "0x400";
            case 4 -> "uint8(0)";
            case 5 -> "@s" + random.nextInt(strings) + "[1]";
            default -> "pe.entry_point";
        };
    }

    private String extraClause(int index, boolean pe, boolean strings) {
        int choice = random.nextInt(pe ? 9 : 6);
        if (choice < 2 && index > 0) {
            String other = "r" + random.nextInt(index);
            if (index > 1 && random.nextInt(3) == 0) {
                String quantifier = random.nextBoolean() ? "any" : "all";
                return quantifier + " of (" + other + ", r" + random.nextInt(index) + ")";
            }
            return random.nextBoolean() ? other : "not " + other;
        }
        return switch (choice) {
            case 0, 1, 2 -> "filesize " + (random.nextBoolean() ? "> " : "< ") + (20 + random.nextInt(600));
            case 3 -> "uint16(0) == 0x5A4D";
            case 4 -> "uint8(" + random.nextInt(4) + ") == 0x" + Integer.toHexString('a' + random.nextInt(3));
            case 5 -> random.nextBoolean() && strings ? "any of them" : "true";
            case 6 -> "pe.is_pe";
            case 7 -> "pe.entry_point == 0x" + Integer.toHexString(0x200 + random.nextInt(4));
            default -> "pe.number_of_sections == 1";
        };
    }

    private String combine(List<String> clauses) {
        String condition = clauses.get(0);
        for (int i = 1; i < clauses.size(); i++) {
            String operator = random.nextBoolean() ? " and " : " or ";
            condition = random.nextInt(3) == 0 ? "(" + condition + ")" + operator + clauses.get(i)
                    : condition + operator + clauses.get(i);
        }
        return condition;
    }

    private byte[] file() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean pe = random.nextInt(3) == 0;
        if (pe) {
            int k = random.nextInt(4);
            byte[] header = minimalPe(k);
            if (placements && random.nextBoolean()) {
                byte[] word = planted(WORDS[random.nextInt(WORDS.length)]);
                System.arraycopy(word, 0, header, 0x200 + k, word.length);
            }
            out.writeBytes(header);
        }
        int pieces = random.nextInt(8);
        for (int p = 0; p < pieces; p++) {
            if (random.nextBoolean()) {
                byte[] noise = new byte[random.nextInt(12)];
                for (int i = 0; i < noise.length; i++) {
                    String alphabet = "abcxyzQ1 -\0";
                    noise[i] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
                }
                out.writeBytes(noise);
            } else {
                out.writeBytes(planted(WORDS[random.nextInt(WORDS.length)]));
            }
        }
        return out.toByteArray();
    }

    private byte[] planted(String word) {
        String form = switch (random.nextInt(4)) {
            case 0 -> word.toUpperCase();
            case 1 -> word.toLowerCase();
            default -> word;
        };
        if (random.nextInt(3) > 0) {
            return form.getBytes(StandardCharsets.US_ASCII);
        }
        byte[] wide = new byte[2 * form.length()];
        for (int i = 0; i < form.length(); i++) {
            wide[2 * i] = (byte) form.charAt(i);
        }
        return wide;
    }

    /**
     * A PE32 file of 0x400 bytes with one section {@code .text} (RVA 0x1000, raw data at 0x200), whose
     * entry point RVA 0x1000 + k is the file offset 0x200 + k.
     * <pre>
     *   0x000 MZ ... e_lfanew = 0x40
     *   0x040 PE\0\0, file header (20 bytes), optional header (224 bytes)
     *   0x138 section header .text
     *   0x200 section data (zeros)
     * </pre>
     */
    static byte[] minimalPe(int k) {
        ByteBuffer pe = ByteBuffer.allocate(0x400).order(ByteOrder.LITTLE_ENDIAN);
        pe.putShort(0, (short) 0x5A4D).putInt(0x3C, 0x40);
        pe.putInt(0x40, 0x00004550);
        pe.putShort(0x44, (short) 0x14C).putShort(0x46, (short) 1).putShort(0x54, (short) 0xE0)
                .putShort(0x56, (short) 0x102);
        int optional = 0x58;
        pe.putShort(optional, (short) 0x10B).putInt(optional + 16, 0x1000 + k).putInt(optional + 28, 0x400000)
                .putInt(optional + 32, 0x1000).putInt(optional + 36, 0x200).putInt(optional + 56, 0x2000)
                .putInt(optional + 60, 0x200).putInt(optional + 92, 16);
        int section = optional + 0xE0;
        pe.put(section, ".text".getBytes(StandardCharsets.US_ASCII)[0]);
        byte[] name = ".text".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < name.length; i++) {
            pe.put(section + i, name[i]);
        }
        pe.putInt(section + 8, 0x200).putInt(section + 12, 0x1000).putInt(section + 16, 0x200)
                .putInt(section + 20, 0x200).putInt(section + 36, 0x60000020);
        return pe.array();
    }
}
