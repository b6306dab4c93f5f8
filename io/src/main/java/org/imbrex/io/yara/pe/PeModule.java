package org.imbrex.io.yara.pe;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of YARA 4.2.3's {@code pe} module that imbrex supports, for one file.
 *
 * <p>Every field but {@code is_pe} is undefined when the file is not a PE file as YARA decides it (see
 * {@link PeHeaderReader}); {@code is_pe} is then 0, not undefined. A section index at or past the
 * number of section headers YARA read is undefined too, even when {@code number_of_sections} (copied
 * from the file header as it is) is larger.
 *
 * <p>{@code entry_point} is a file offset, not an RVA, and is -1 (a defined value) when YARA cannot map
 * the entry point into the file; see {@link RvaToOffset}.
 *
 * <p>Example: for setuptools' {@code cli-32.exe} (PE32, i386, three sections)
 * <pre>{@code
 * PeModule pe = PeHeaderReader.read(PeSource.of(bytes));
 * pe.lookup("is_pe")                        // Integer[value=1]
 * pe.lookup("entry_point")                  // Integer[value=6631]: RVA 0x25e7 in .text, file offset 0x19e7
 * pe.lookup("sections", 1, "name")          // Bytes(".rdata")
 * pe.lookupPath("sections[1].raw_data_offset") // Integer[value=52736]
 * pe.lookup("sections", 3, "name")          // Undefined
 * }</pre>
 *
 * @param isPe whether YARA sets {@code pe.is_pe} to 1
 * @param machine {@code FileHeader.Machine}
 * @param numberOfSections {@code FileHeader.NumberOfSections}, as the header says
 * @param characteristics {@code FileHeader.Characteristics}
 * @param entryPoint the entry point as a file offset, or -1
 * @param entryPointRaw {@code OptionalHeader.AddressOfEntryPoint}, the RVA
 * @param opthdrMagic {@code OptionalHeader.Magic}: 0x10b for PE32, 0x20b for PE32+
 * @param sections the section headers YARA reads: at most 96, stopping at the first one not wholly in
 *     the file
 */
public record PeModule(
        boolean isPe,
        OptionalLong machine,
        OptionalLong numberOfSections,
        OptionalLong characteristics,
        OptionalLong entryPoint,
        OptionalLong entryPointRaw,
        OptionalLong opthdrMagic,
        List<PeSection> sections) {

    /** The module of a file that is not a PE file: {@code is_pe} is 0, all else undefined. */
    public static final PeModule NOT_PE = new PeModule(
            false,
            OptionalLong.empty(),
            OptionalLong.empty(),
            OptionalLong.empty(),
            OptionalLong.empty(),
            OptionalLong.empty(),
            OptionalLong.empty(),
            List.of());

    private static final Pattern PATH_PART = Pattern.compile("([a-z_]+)(?:\\[(-?\\d+)])?");

    public PeModule {
        Objects.requireNonNull(machine);
        Objects.requireNonNull(numberOfSections);
        Objects.requireNonNull(characteristics);
        Objects.requireNonNull(entryPoint);
        Objects.requireNonNull(entryPointRaw);
        Objects.requireNonNull(opthdrMagic);
        sections = List.copyOf(sections);
    }

    /**
     * The value of a field by its YARA path, e.g. {@code ("entry_point")} or {@code ("sections", 2,
     * "name")}: names are {@code String}s, array indices are {@code Integer}s or {@code Long}s.
     *
     * @throws IllegalArgumentException when the path names a field imbrex does not support (as opposed
     *     to a supported field whose value is undefined)
     */
    public YaraValue lookup(Object... path) {
        if (path.length == 1 && path[0] instanceof String field) {
            return topLevel(field);
        }
        if (path.length == 3 && "sections".equals(path[0]) && isIndex(path[1])
                && path[2] instanceof String field) {
            return sectionField(((Number) path[1]).longValue(), field);
        }
        throw unsupported(List.of(path).toString());
    }

    /**
     * The value of a field by its dotted YARA path without the module name, e.g. {@code "entry_point"}
     * or {@code "sections[2].name"}.
     *
     * @throws IllegalArgumentException when the path is malformed or names an unsupported field
     */
    public YaraValue lookupPath(String dotted) {
        String[] parts = dotted.split("\\.", -1);
        Matcher first = PATH_PART.matcher(parts[0]);
        if (parts.length == 1 && first.matches() && first.group(2) == null) {
            return lookup(first.group(1));
        }
        if (parts.length == 2 && first.matches() && first.group(2) != null) {
            return lookup(first.group(1), Long.parseLong(first.group(2)), parts[1]);
        }
        throw unsupported(dotted);
    }

    private YaraValue topLevel(String field) {
        return switch (field) {
            case "is_pe" -> new YaraValue.Integer(isPe ? 1 : 0);
            case "machine" -> of(machine);
            case "number_of_sections" -> of(numberOfSections);
            case "characteristics" -> of(characteristics);
            case "entry_point" -> of(entryPoint);
            case "entry_point_raw" -> of(entryPointRaw);
            case "opthdr_magic" -> of(opthdrMagic);
            default -> throw unsupported(field);
        };
    }

    private YaraValue sectionField(long index, String field) {
        if (!SECTION_FIELDS.contains(field)) {
            throw unsupported("sections[" + index + "]." + field);
        }
        if (index < 0 || index >= sections.size()) {
            return YaraValue.UNDEFINED;
        }
        PeSection s = sections.get((int) index);
        return switch (field) {
            case "name" -> new YaraValue.Bytes(s.name());
            case "virtual_size" -> new YaraValue.Integer(s.virtualSize());
            case "virtual_address" -> new YaraValue.Integer(s.virtualAddress());
            case "raw_data_size" -> new YaraValue.Integer(s.rawDataSize());
            case "raw_data_offset" -> new YaraValue.Integer(s.rawDataOffset());
            default -> new YaraValue.Integer(s.characteristics());
        };
    }

    /** The section fields {@link #lookup} knows, in the order YARA's {@code -D} prints them. */
    public static final List<String> SECTION_FIELDS = List.of(
            "name", "characteristics", "virtual_address", "virtual_size", "raw_data_offset", "raw_data_size");

    /** The top-level fields {@link #lookup} knows. */
    public static final List<String> TOP_LEVEL_FIELDS = List.of(
            "is_pe", "machine", "number_of_sections", "characteristics", "entry_point", "entry_point_raw",
            "opthdr_magic");

    private static boolean isIndex(Object o) {
        return o instanceof java.lang.Integer || o instanceof Long;
    }

    private static YaraValue of(OptionalLong value) {
        return value.isPresent() ? new YaraValue.Integer(value.getAsLong()) : YaraValue.UNDEFINED;
    }

    private static IllegalArgumentException unsupported(String path) {
        return new IllegalArgumentException("pe." + path + " is not a field imbrex supports; supported: "
                + TOP_LEVEL_FIELDS + " and sections[i]." + SECTION_FIELDS);
    }
}
