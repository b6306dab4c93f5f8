package org.imbrex.io.yara.pe;

import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The supported {@code pe} fields as flat {@code key=value} pairs, read from the output of
 * {@code yara -D} or rendered from a {@link PeModule}, so the two compare as maps. Undefined values are
 * absent; integers are decimal; strings are {@code h:} and their bytes in hex.
 *
 * <p>Example: {@code -D} prints
 * <pre>
 * pe
 * &#9;sections
 * &#9;&#9;[0]
 * &#9;&#9;&#9;name = ".te\x00t"
 * &#9;entry_point = 1040
 * </pre>
 * which reads as {@code {sections[0].name=h:2e74650074, entry_point=1040}}.
 */
final class YaraDump {

    private static final Pattern FIELD = Pattern.compile("(\\t+)([a-z_]+) = (.*)");
    private static final Pattern INDEX = Pattern.compile("\\t\\t\\[(\\d+)]");

    private YaraDump() {}

    /** The supported fields of the {@code pe} module in {@code yara -D} output. */
    static Map<String, String> parse(String dump) {
        Map<String, String> fields = new LinkedHashMap<>();
        boolean inPe = false;
        boolean inSections = false;
        String section = null;
        for (String line : dump.split("\n")) {
            if (!line.startsWith("\t")) {
                inPe = line.equals("pe");
                continue;
            }
            if (!inPe) {
                continue;
            }
            if (line.startsWith("\t") && !line.startsWith("\t\t")) {
                inSections = line.equals("\tsections");
                section = null;
            }
            Matcher index = INDEX.matcher(line);
            if (inSections && index.matches()) {
                section = "sections[" + index.group(1) + "].";
                continue;
            }
            Matcher f = FIELD.matcher(line);
            if (!f.matches() || f.group(3).equals("YR_UNDEFINED")) {
                continue;
            }
            int depth = f.group(1).length();
            if (depth == 1 && PeModule.TOP_LEVEL_FIELDS.contains(f.group(2))) {
                fields.put(f.group(2), value(f.group(3)));
            } else if (depth == 3 && section != null && PeModule.SECTION_FIELDS.contains(f.group(2))) {
                fields.put(section + f.group(2), value(f.group(3)));
            }
        }
        return fields;
    }

    /** The same fields of {@code module}, through {@link PeModule#lookup}. */
    static Map<String, String> render(PeModule module) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String name : PeModule.TOP_LEVEL_FIELDS) {
            put(fields, name, module.lookup(name));
        }
        for (int i = 0; i <= module.sections().size(); i++) {
            for (String name : PeModule.SECTION_FIELDS) {
                put(fields, "sections[" + i + "]." + name, module.lookup("sections", i, name));
            }
        }
        return fields;
    }

    static String format(Map<String, String> fields) {
        StringBuilder line = new StringBuilder();
        fields.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> line.append('\t').append(e.getKey()).append('=').append(e.getValue()));
        return line.toString();
    }

    static Map<String, String> unformat(List<String> tabFields) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : tabFields) {
            int eq = field.indexOf('=');
            fields.put(field.substring(0, eq), field.substring(eq + 1));
        }
        return fields;
    }

    private static void put(Map<String, String> fields, String key, YaraValue value) {
        if (value instanceof YaraValue.Integer i) {
            fields.put(key, Long.toString(i.value()));
        } else if (value instanceof YaraValue.Bytes b) {
            fields.put(key, "h:" + HexFormat.of().formatHex(b.bytes()));
        }
    }

    /** A -D value: an integer, or a quoted string where non-printable bytes are {@code \xNN}. */
    private static String value(String printed) {
        if (!printed.startsWith("\"")) {
            return Long.toString(Long.parseLong(printed));
        }
        String body = printed.substring(1, printed.length() - 1);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 3 < body.length() && body.charAt(i + 1) == 'x') {
                bytes.write(Integer.parseInt(body.substring(i + 2, i + 4), 16));
                i += 3;
            } else {
                bytes.write(c);
            }
        }
        return "h:" + HexFormat.of().formatHex(bytes.toByteArray());
    }
}
