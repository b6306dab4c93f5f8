package org.imbrex.io.signature;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.imbrex.io.testing.Allocation;
import org.imbrex.io.testing.OneLine;

/**
 * What {@link SignatureParser} promises for any bytes at all, checked by the signature fuzz targets: a
 * {@link SignatureSet}, or a {@link SignatureFormatException} whose message is one line {@code
 * file:line:column: reason} pointing into the file; never another exception.
 *
 * <pre>
 *   accepted   names unique and non-blank, 1..65536 bytes each, at most one byte per two characters of the
 *              file (nothing sized by anything but the text), warnings one line each, and the set reads
 *              back the same from its own text form (name = 4D 5A ?? ..., one a line)
 *   refused    file() the name given, 1 ≤ line ≤ the file's lines, column ≥ 1, message one printable line
 *   either     the parse allocates at most 16 MiB + 64 bytes per byte of the file
 * </pre>
 * Example: {@code SignatureFileContract.check("fuzz.txt", "a = 4D 5".getBytes(UTF_8))} passes: the parser
 * refuses it with {@code fuzz.txt:1:8: incomplete byte '5' in signature 'a': ...}.
 */
final class SignatureFileContract {
    private SignatureFileContract() {
    }

    /** Parses {@code file} as {@code fileName} (its suffix chooses the format) and checks the contract. */
    static void check(String fileName, byte[] file) {
        SignatureSet set;
        try {
            set = Allocation.atMost(16 << 20, 64, file.length, "parsing " + fileName,
                    () -> SignatureParser.parse(fileName, new ByteArrayInputStream(file)));
        } catch (SignatureFormatException refused) {
            checkRefusal(fileName, file, refused);
            return;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        checkAccepted(file, set);
    }

    private static void checkRefusal(String fileName, byte[] file, SignatureFormatException refused) {
        OneLine.check(refused.getMessage());
        assertThat(refused.file()).isEqualTo(fileName);
        assertThat(refused.getMessage()).isEqualTo(fileName + ":" + refused.line() + ":" + refused.column() + ": "
                + refused.reason());
        String text = new String(file, StandardCharsets.UTF_8);
        long lines = text.chars().filter(c -> c == '\n').count() + 1;
        assertThat(refused.line()).isBetween(1, (int) Math.min(Integer.MAX_VALUE, lines));
        assertThat(refused.column()).isPositive();
    }

    private static void checkAccepted(byte[] file, SignatureSet set) {
        Set<String> names = new HashSet<>();
        long bytes = 0;
        StringBuilder textForm = new StringBuilder("# the accepted set, written back as a text signature file\n");
        for (Signature signature : set.signatures()) {
            assertThat(signature.name()).isNotBlank();
            assertThat(names.add(signature.name())).as("unique name %s", signature.name()).isTrue();
            assertThat(signature.length()).isBetween(1, Signature.MAX_LENGTH);
            bytes += signature.length();
            textForm.append(signature.name()).append(" = ").append(signature.toHex()).append('\n');
        }
        assertThat(2 * bytes).as("pattern bytes against the file's length").isLessThanOrEqualTo(file.length);
        for (SignatureWarning warning : set.warnings()) {
            OneLine.check(warning.toString());
        }
        SignatureSet again;
        try {
            again = SignatureParser.parse("again.txt",
                    new ByteArrayInputStream(textForm.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(again.signatures()).containsExactlyElementsOf(set.signatures());
    }
}
