package org.imbrex.io.signature;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads signature files, choosing the format by the file name: {@code .yar} and {@code .yara} are YARA
 * rules (each hex string is a signature, see {@link YaraSignatureReader}); any other name is imbrex's text
 * format, one {@code name = 4D 5A ?? 00} a line with {@code #} comments (see {@link TextSignatureReader}).
 *
 * <pre>{@code
 * SignatureSet set = SignatureParser.parse(fs, new Path("hdfs:///sigs/pe.yar"));
 * SignatureSet all = SignatureParser.parseAll(conf, List.of(new Path("a.txt"), new Path("b.yara")));
 * SignatureSet one = SignatureParser.parse("inline.txt", new ByteArrayInputStream(bytes));
 * }</pre>
 * Files are UTF-8. A problem stops the parse with a {@link SignatureFormatException} ({@code
 * file:line:column: reason}); a name defined twice, in one file or across the files of {@link #parseAll},
 * is refused the same way. Things that are read but give no signature (YARA text strings and regular
 * expressions, {@code include}) come back as {@link SignatureSet#warnings()}.
 */
public final class SignatureParser {
    /** Signature files are read whole; anything larger is surely not one. */
    public static final long MAX_FILE_BYTES = 64L << 20;

    private SignatureParser() {
    }

    /** Reads one signature file from any Hadoop file system. */
    public static SignatureSet parse(FileSystem fs, Path path) throws IOException {
        SignatureCollector collector = new SignatureCollector();
        read(fs, path, collector);
        return collector.result();
    }

    /** Reads several signature files as one set; names must be unique across all of them. */
    public static SignatureSet parseAll(Configuration conf, List<Path> paths) throws IOException {
        SignatureCollector collector = new SignatureCollector();
        for (Path path : paths) {
            read(path.getFileSystem(conf), path, collector);
        }
        return collector.result();
    }

    /** Reads a signature file from a stream; {@code fileName} chooses the format and names it in messages. */
    public static SignatureSet parse(String fileName, InputStream in) throws IOException {
        SignatureCollector collector = new SignatureCollector();
        read(fileName, in.readNBytes((int) MAX_FILE_BYTES + 1), collector);
        return collector.result();
    }

    /** True for the names read as YARA rules. */
    public static boolean isYara(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        return lower.endsWith(".yar") || lower.endsWith(".yara");
    }

    private static void read(FileSystem fs, Path path, SignatureCollector collector) throws IOException {
        long length = fs.getFileStatus(path).getLen();
        if (length > MAX_FILE_BYTES) {
            throw new SignatureFormatException(path.toString(), 1, 1, "a signature file of " + length
                    + " bytes is too large; at most " + MAX_FILE_BYTES + " bytes are read");
        }
        try (InputStream in = fs.open(path)) {
            read(path.toString(), in.readAllBytes(), collector);
        }
    }

    private static void read(String fileName, byte[] bytes, SignatureCollector collector) {
        if (bytes.length > MAX_FILE_BYTES) {
            throw new SignatureFormatException(fileName, 1, 1, "a signature file is read whole; at most "
                    + MAX_FILE_BYTES + " bytes");
        }
        String content = new String(bytes, StandardCharsets.UTF_8);
        // A byte-order mark is not part of line 1.
        SourceText text = new SourceText(fileName, content.startsWith("\uFEFF") ? content.substring(1) : content);
        collector.startFile(fileName);
        if (isYara(fileName)) {
            new YaraSignatureReader(text, collector).read();
        } else {
            new TextSignatureReader(text, collector).read();
        }
    }
}
