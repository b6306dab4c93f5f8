package org.imbrex.jobs.search;

import org.apache.spark.Partitioner;

/**
 * Sends every match of a signature to the same table part, the parts holding adjacent ranges of the
 * signatures' ranks among the names: part = rank × parts / signatures. Each part therefore holds whole
 * signatures, and adjacent parts read one after the other are still in table order ({@link AdjacentParts}).
 *
 * <pre>
 *   ranks   0  1  2  3  4  5  6            7 signatures, 3 parts
 *   part    0  0  0  1  1  2  2
 * </pre>
 * With more parts than signatures some parts stay empty. Example: {@code new SignaturePartitioner(order, 16)
 * .getPartition(match)}.
 */
final class SignaturePartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;

    private final TableOrder order;
    private final int parts;

    SignaturePartitioner(TableOrder order, int parts) {
        if (parts < 1) {
            throw new IllegalArgumentException("a table has at least one part, not " + parts);
        }
        this.order = order;
        this.parts = parts;
    }

    @Override
    public int numPartitions() {
        return parts;
    }

    @Override
    public int getPartition(Object key) {
        return (int) ((long) order.rank(((Match) key).signature()) * parts / order.signatures());
    }
}
