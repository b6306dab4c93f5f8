package org.imbrex.io.yara.rules;

/**
 * An {@code include "path"} directive that {@link RuleFileReader} did not follow: YARA would read the
 * named file in place, imbrex reads only the file it is given. The rules of the file still run, but any
 * rule that refers to a rule of the included file is refused as YARA refuses an undefined identifier.
 *
 * <p>Example: {@code include "common.yar"} at line 2, column 1 is {@code IncludeWarning("common.yar", 2, 1)}.
 */
public record IncludeWarning(String path, int line, int column) {

    /** {@code file:line:column: include "path" is not followed}. */
    public String message(String file) {
        return file + ":" + line + ":" + column + ": include \"" + path + "\" is not followed";
    }
}
