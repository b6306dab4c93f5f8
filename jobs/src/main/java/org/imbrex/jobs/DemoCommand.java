package org.imbrex.jobs;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code imbrex demo}: runs the jobs on built-in sample data.
 *
 * <p>Example: {@code bin/imbrex demo}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Generate sample data and run imbrex's jobs on it.")
public final class DemoCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.out.println("imbrex demo: the search job is not yet available; try 'imbrex shader --help'.");
        return 0;
    }
}
