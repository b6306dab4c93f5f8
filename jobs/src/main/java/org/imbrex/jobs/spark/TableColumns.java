package org.imbrex.jobs.spark;

import java.util.Arrays;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The columns a {@link TableFile} writes: names and one of the three kinds of value result tables hold.
 * Nullable columns and other types are refused, so that every writer can assume a value in every cell.
 *
 * <p>Example: {@code TableColumns.of(MatchTable.SCHEMA).kind(2)} is {@code LONG} (the offset).
 */
record TableColumns(String[] names, Kind[] kinds) {

    /** What a column holds. */
    enum Kind {
        STRING,
        INT,
        LONG
    }

    static TableColumns of(StructType schema) {
        StructField[] fields = schema.fields();
        String[] names = new String[fields.length];
        Kind[] kinds = new Kind[fields.length];
        for (int i = 0; i < fields.length; i++) {
            StructField field = fields[i];
            if (field.nullable()) {
                throw new IllegalArgumentException("table column " + field.name() + " is nullable");
            }
            names[i] = field.name();
            kinds[i] = kind(field.name(), field.dataType());
        }
        return new TableColumns(names, kinds);
    }

    private static Kind kind(String name, DataType type) {
        if (type.equals(DataTypes.StringType)) {
            return Kind.STRING;
        } else if (type.equals(DataTypes.IntegerType)) {
            return Kind.INT;
        } else if (type.equals(DataTypes.LongType)) {
            return Kind.LONG;
        }
        throw new IllegalArgumentException("table column " + name + " has type " + type.simpleString()
                + "; table files hold string, int and bigint columns");
    }

    int size() {
        return names.length;
    }

    String name(int column) {
        return names[column];
    }

    Kind kind(int column) {
        return kinds[column];
    }

    /** The names, as {@code [signature, path, offset, length, sad]}. */
    String columnNames() {
        return Arrays.toString(names);
    }

    /** Checks that a row has one value per column. */
    void check(Object[] row) {
        check(row.length);
    }

    /** Checks that a row of {@code values} values has one per column. */
    void check(int values) {
        if (values != names.length) {
            throw new IllegalArgumentException("a row of " + columnNames() + " has " + values
                    + " values, not " + names.length);
        }
    }
}
