package org.imbrex.jobs.search;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.yara.rules.FileContent;
import org.imbrex.io.yara.scan.FileRules;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.spark.DriverWarmUp;
import org.imbrex.jobs.spark.ImbrexSession;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.imbrex.jobs.spark.TableFileWarmUp;

/**
 * What a local rule search runs while its Spark session starts ({@link StartupWarmUp}), so that the JIT has
 * compiled the job's code when the first task runs:
 * <pre>
 *   scan     the first bytes of the inputs in the view the tasks scan (lowercased for an exact search), and
 *            the rules evaluated on each file scanned whole; stopped when the session is up
 *   driver   Spark's own first uses on the driver ({@link DriverWarmUp})
 *   table    20,000 rows of the strings table in the job's format ({@link TableFileWarmUp})
 * </pre>
 * Example: {@code StartupWarmUp scan = RuleSearchWarmUps.start(options, plan, files); ... scan.stop();}
 */
final class RuleSearchWarmUps {
    /**
     * Rows of the strings table the table writer's warm-up writes: C2 compiles the row writer after about
     * 10,000, and the rows fill a CSV file's 64 KiB buffer many times (with 3,000, C2 compiled the writer in
     * the tasks' first second, and again after its first flush there).
     */
    static final int STRINGS_WARM_UP_ROWS = 20_000;

    private RuleSearchWarmUps() {
    }

    /**
     * Starts the warm-ups a command with {@code options} wants ({@link StartupWarmUp#wanted}); returns the
     * scan's, for the caller to stop when its session is up, or null when the plan has no atoms to scan for.
     * Call it before the session is opened.
     */
    static StartupWarmUp start(SearchOptions options, RuleScanPlan plan, List<InputFile> files) {
        boolean wanted = StartupWarmUp.wanted(options.master(), ImbrexSession.running());
        StartupWarmUp scan = plan.signatures().isEmpty() ? null : StartupWarmUp.startFor(options.master(), "scan",
                new ScanWarmUp(plan.signatures(), files, options, view(plan), evaluation(plan, options.maxSad())));
        StartupWarmUp.startFor(options.master(), "driver",
                new DriverWarmUp(List.of(new ArrayList<>(plan.signatures()), options)));
        if (wanted) {
            TableFileWarmUp.start(options.format(), RuleTables.STRINGS_SCHEMA, stringsRow(), STRINGS_WARM_UP_ROWS);
        }
        return scan;
    }

    /**
     * The scan warm-up's evaluation of a file it scanned whole: the file's rules from the atoms found, as a task
     * evaluates them, so that the JIT has compiled the string checks and the conditions when the tasks start;
     * the rules that match go nowhere.
     */
    private static ScanWarmUp.WholeFile evaluation(RuleScanPlan plan, int maxSad) {
        return (file, matches) -> {
            java.nio.file.Path local = java.nio.file.Path.of(RangeReader.localPath(file.path()));
            FileRules rules = new FileRules(plan, FileContent.lazy(file.length(), () -> Files.readAllBytes(local)),
                    maxSad);
            FileAtoms.found(rules, matches);
            rules.matches();
        };
    }

    /** The row of the strings table ({@link RuleTables#STRINGS_SCHEMA}) the table writer's warm-up writes. */
    static Object[] stringsRow() {
        return new Object[] {"warm-up.yar", "warm_up:$a", "file:/warm-up", 0L, 4, 0};
    }

    /**
     * The view of the bytes the scan warm-up scans: the lowercased one when every atom is case-blind (an exact
     * search, whose tasks scan only that view), else the bytes as read, the first of a task's two scans.
     */
    static TileBytes view(RuleScanPlan plan) {
        return plan.asRead().isEmpty() ? TileBytes.ASCII_LOWER : TileBytes.AS_READ;
    }
}
