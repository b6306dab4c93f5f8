package org.imbrex.jobs.search;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Runs Debian's {@code yara} from the PATH, for the differential tests. */
final class YaraProcess {
    private YaraProcess() {
    }

    /** The {@code yara} binary on the PATH, or null. */
    static File binary() {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File yara = new File(directory, "yara");
            if (yara.canExecute()) {
                return yara;
            }
        }
        return null;
    }

    static boolean available() {
        return binary() != null;
    }

    /** {@code yara ARGS}'s standard output; a failure (exit code ≠ 0) throws with its error output. */
    static String run(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(binary().getPath());
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + new String(err, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
