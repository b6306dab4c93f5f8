package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.signature.Signature;
import org.imbrex.io.signature.SignatureParser;
import org.imbrex.io.signature.SignatureSet;
import org.imbrex.io.signature.SignatureWarning;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signatures of a search's {@code --signatures} files, read on the driver with their warnings logged.
 *
 * <p>Example: {@code SignatureFiles.read(options, conf)} for {@code --signatures a.txt,b.txt} gives a.txt's
 * signatures, then b.txt's.
 */
final class SignatureFiles {
    private static final Logger LOG = LoggerFactory.getLogger(SignatureFiles.class);

    private SignatureFiles() {
    }

    /**
     * The signatures of every {@code --signatures} file, in order, warnings logged; a missing, unreadable or
     * empty file is refused, and so is a name that two files both define.
     */
    static List<Signature> read(SearchOptions options, Configuration conf) {
        List<Signature> signatures = new ArrayList<>();
        Map<String, String> fileOf = new HashMap<>();
        for (String location : options.signatures()) {
            for (Signature signature : read(location, conf)) {
                String before = fileOf.putIfAbsent(signature.name(), location);
                if (before != null) {
                    throw new IllegalArgumentException("--signatures: signature '" + signature.name() + "' is in "
                            + before + " and in " + location + "; a name means one signature");
                }
                signatures.add(signature);
            }
        }
        return signatures;
    }

    private static List<Signature> read(String location, Configuration conf) {
        Path path = new Path(location);
        try {
            FileSystem fs = path.getFileSystem(conf);
            if (!fs.exists(path)) {
                throw new IllegalArgumentException("--signatures " + location + " does not exist");
            }
            SignatureSet set = SignatureParser.parse(fs, path);
            for (SignatureWarning warning : set.warnings()) {
                LOG.warn("{}", warning);
            }
            if (set.isEmpty()) {
                throw new IllegalArgumentException("--signatures " + location + " holds no signature");
            }
            return set.signatures();
        } catch (IOException e) {
            throw new IllegalArgumentException("--signatures " + location + ": cannot read it ("
                    + e.getMessage() + ")", e);
        }
    }

}
