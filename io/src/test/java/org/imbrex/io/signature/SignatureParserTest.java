package org.imbrex.io.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text format, and what every format shares: duplicate names, files on a Hadoop file system. */
class SignatureParserTest {

    @TempDir
    java.nio.file.Path dir;

    static SignatureSet parse(String fileName, String content) throws IOException {
        return SignatureParser.parse(fileName, new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
    }

    static SignatureFormatException refusal(String fileName, String content) {
        try {
            parse(fileName, content);
        } catch (SignatureFormatException expected) {
            return expected;
        } catch (IOException unexpected) {
            throw new AssertionError(unexpected);
        }
        throw new AssertionError("no SignatureFormatException for " + content);
    }

    @Test
    void parse_sampleFile_readsEverySignatureInOrder() throws IOException {
        SignatureSet set;
        try (InputStream in = getClass().getResourceAsStream("/signatures/sample.txt")) {
            set = SignatureParser.parse("sample.txt", in);
        }

        assertThat(set.signatures()).extracting(Signature::name)
                .containsExactly("mz_header", "zip_local", "elf", "zeros_inside");
        assertThat(set.signatures()).extracting(Signature::toHex)
                .containsExactly("4D 5A ?? ?? 50 45", "50 4B 03 04", "7F 45 4C 46", "DE AD 00 00 BE EF");
        assertThat(set.warnings()).isEmpty();
    }

    @Test
    void parse_crlfAndTabsAndByteOrderMark_areBlanks() throws IOException {
        SignatureSet set = parse("w.txt", "\uFEFFa\t=\t01 02\r\n\r\nb = 03\r\n");

        assertThat(set.signatures()).extracting(Signature::toHex).containsExactly("01 02", "03");
    }

    @Test
    void parse_namesWithPunctuation_areKept() throws IOException {
        SignatureSet set = parse("n.txt", "rule:$x = 01\nfamily/v1.2-beta = 02");

        assertThat(set.signatures()).extracting(Signature::name).containsExactly("rule:$x", "family/v1.2-beta");
    }

    @Test
    void parse_onlyComments_givesEmptySet() throws IOException {
        assertThat(parse("c.txt", "# nothing\n\n   # here\n").isEmpty()).isTrue();
    }

    @Test
    void parse_duplicateName_isRefusedAtTheSecond() {
        SignatureFormatException e = refusal("d.txt", "a = 01\n# x\n  a = 02\n");

        assertThat(e).hasMessage("d.txt:3:3: duplicate signature name 'a' (first defined at d.txt:1:1)");
    }

    @Test
    void parse_missingEquals_namesTheColumn() {
        assertThat(refusal("t.txt", "good = 01\nbad 01 02\n"))
                .hasMessage("t.txt:2:5: expected '=' after signature name 'bad'");
    }

    @Test
    void parse_missingName_isRefused() {
        assertThat(refusal("t.txt", " = 01")).hasMessage("t.txt:1:2: expected a signature name before '='");
    }

    @Test
    void parse_noBytes_isRefused() {
        assertThat(refusal("t.txt", "empty =   # nothing\n"))
                .hasMessage("t.txt:1:11: signature 'empty' has no bytes");
    }

    @Test
    void parse_oddDigitCount_pointsAtTheLoneDigit() {
        assertThat(refusal("t.txt", "x = 4D 5A 5")).hasMessage(
                "t.txt:1:11: incomplete byte '5' in signature 'x': a byte is two hex digits, a wildcard is ??");
    }

    @Test
    void parse_byteSplitByBlank_isRefused() {
        assertThat(refusal("t.txt", "x = 4 D")).extracting(SignatureFormatException::column).isEqualTo(5);
    }

    @Test
    void parse_nibbleWildcard_isRefusedWithItsPosition() {
        SignatureFormatException e = refusal("t.txt", "ok = 01\nx = 4D ?A\n");

        assertThat(e.line()).isEqualTo(2);
        assertThat(e.column()).isEqualTo(8);
        assertThat(e.reason()).isEqualTo("nibble wildcard ?A in signature 'x' is not supported: a wildcard covers"
                + " a whole byte, write ??");
    }

    @Test
    void parse_jumpInTextFormat_isRefused() {
        assertThat(refusal("t.txt", "x = 4D [2-4] 5A")).hasMessageStartingWith("t.txt:1:8: jump [2-4] in signature 'x'");
    }

    @Test
    void parse_longestSignature_isAcceptedAndOneMoreByteRefused() throws IOException {
        String max = "AB".repeat(Signature.MAX_LENGTH);
        assertThat(parse("l.txt", "long = " + max).signatures().get(0).length()).isEqualTo(65536);

        assertThat(refusal("l.txt", "long = " + max + "CD"))
                .hasMessage("l.txt:1:" + (8 + 2 * 65536) + ": signature 'long' is longer than 65536 bytes");
    }

    @Test
    void parse_hadoopPath_readsTheFileAndNamesItInErrors() throws IOException {
        java.nio.file.Path file = dir.resolve("sigs.txt");
        Files.writeString(file, "a = 01 02\nb = 0G\n");
        FileSystem fs = FileSystem.getLocal(new Configuration());
        Path path = new Path(file.toUri());

        assertThatThrownBy(() -> SignatureParser.parse(fs, path))
                .isInstanceOf(SignatureFormatException.class)
                .hasMessageStartingWith(path + ":2:5: incomplete byte '0'");
    }

    @Test
    void parseAll_sameNameInTwoFiles_isRefused() throws IOException {
        java.nio.file.Path first = dir.resolve("one.txt");
        java.nio.file.Path second = dir.resolve("two.yar");
        Files.writeString(first, "r:$a = 01\n");
        Files.writeString(second, "rule r { strings: $a = { 02 } condition: $a }\n");
        Path one = new Path(first.toUri());
        Path two = new Path(second.toUri());

        assertThatThrownBy(() -> SignatureParser.parseAll(new Configuration(), List.of(one, two)))
                .hasMessage(two + ":1:19: duplicate signature name 'r:$a' (first defined at " + one + ":1:1)");
    }

    @Test
    void parseAll_twoFormats_concatenatesInFileOrder() throws IOException {
        java.nio.file.Path first = dir.resolve("one.txt");
        java.nio.file.Path second = dir.resolve("two.YARA");
        Files.writeString(first, "a = 01\n");
        Files.writeString(second, "rule r { strings: $b = { 02 } condition: $b }\n");

        SignatureSet set = SignatureParser.parseAll(new Configuration(),
                List.of(new Path(first.toUri()), new Path(second.toUri())));

        assertThat(set.signatures()).extracting(Signature::name).containsExactly("a", "r:$b");
    }

    /** Found by {@code TextSignatureFuzzTest}: a name of a vertical tab passed the reader and failed in Signature. */
    @Test
    void parse_nameOfWhiteSpaceOtherThanBlanks_isRefusedAtTheCharacter() {
        assertThat(refusal("t.txt", "ok = 01\n\u000B = 10\n")).hasMessage("t.txt:2:1: signature name '\\x0B' holds "
                + "U+000B: a name has no blanks or control characters");
        assertThat(refusal("t.txt", "a\u2003b = 10")).hasMessage("t.txt:1:2: signature name 'a\u2003b' holds U+2003: "
                + "a name has no blanks or control characters");
    }

    /** Found by {@code TextSignatureFuzzTest}: control characters quoted from the file broke the one-line message. */
    @Test
    void parse_controlCharactersQuotedFromTheFile_areEscapedInTheMessage() {
        SignatureFormatException e = refusal("t.txt", "x = 4D \u0001\u001B[2J");

        assertThat(e).hasMessage("t.txt:1:8: unexpected '\\x01' in signature 'x': expected hex bytes like 4D or the "
                + "wildcard ??");
        assertThat(e.reason()).doesNotContain("\u0001");
    }
}
