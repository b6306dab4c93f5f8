package org.imbrex.io.signature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Gathers signatures and warnings from one or more files, refusing a name seen before. */
final class SignatureCollector {
    private final List<Signature> signatures = new ArrayList<>();
    private final List<SignatureWarning> warnings = new ArrayList<>();
    private final Map<String, String> definedAt = new HashMap<>();
    private String file;

    /** The file whose signatures come next. */
    void startFile(String fileName) {
        this.file = fileName;
    }

    void add(Signature signature, SourceText.Position where) {
        String place = file + ":" + where.line() + ":" + where.column();
        String first = definedAt.putIfAbsent(signature.name(), place);
        if (first != null) {
            throw new SignatureFormatException(file, where.line(), where.column(),
                    "duplicate signature name '" + signature.name() + "' (first defined at " + first + ")");
        }
        signatures.add(signature);
    }

    void warn(SignatureWarning warning) {
        warnings.add(warning);
    }

    SignatureSet result() {
        return new SignatureSet(signatures, warnings);
    }
}
