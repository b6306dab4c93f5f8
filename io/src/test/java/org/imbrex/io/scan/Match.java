package org.imbrex.io.scan;

import java.util.Comparator;

/** A reported match, comparable so result lists can be sorted and compared. */
record Match(int signature, long offset, int sad) implements Comparable<Match> {
    private static final Comparator<Match> ORDER = Comparator.comparingInt(Match::signature)
            .thenComparingLong(Match::offset).thenComparingInt(Match::sad);

    @Override
    public int compareTo(Match other) {
        return ORDER.compare(this, other);
    }
}
