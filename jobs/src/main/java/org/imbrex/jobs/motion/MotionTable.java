package org.imbrex.jobs.motion;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.imbrex.io.motion.MotionVector;

/**
 * The schema of the motion table (design.md): one row per whole block of every frame that has a previous
 * frame, signed types only, in the order path, frame, block_y, block_x when the part files are read in
 * name order (each task writes a run of frames of one file, and tasks follow that order).
 *
 * <pre>
 *   path     string  the video, as a fully qualified URI (file:/…, hdfs://…)
 *   frame    int     the current frame n, counted from 0 in the file; so the first row has frame 1
 *   block_x  int     left column of the B×B block in frame n
 *   block_y  int     top row of the block
 *   dx, dy   int     its best match in frame n−1 is the block at (block_x + dx, block_y + dy)
 *   sad      int     the exact sum of absolute luma differences of the two blocks
 * </pre>
 * Example row: {@code ("file:/clips/a.y4m", 1, 32, 16, -3, 2, 140)}: the content of the block at (32, 16)
 * of frame 1 was at (29, 18) in frame 0, so it moved by (+3, −2).
 */
public final class MotionTable {
    public static final String PATH = "path";
    public static final String FRAME = "frame";
    public static final String BLOCK_X = "block_x";
    public static final String BLOCK_Y = "block_y";
    public static final String DX = "dx";
    public static final String DY = "dy";
    public static final String SAD = "sad";

    public static final StructType SCHEMA = new StructType(new StructField[] {
        DataTypes.createStructField(PATH, DataTypes.StringType, false),
        DataTypes.createStructField(FRAME, DataTypes.IntegerType, false),
        DataTypes.createStructField(BLOCK_X, DataTypes.IntegerType, false),
        DataTypes.createStructField(BLOCK_Y, DataTypes.IntegerType, false),
        DataTypes.createStructField(DX, DataTypes.IntegerType, false),
        DataTypes.createStructField(DY, DataTypes.IntegerType, false),
        DataTypes.createStructField(SAD, DataTypes.IntegerType, false),
    });

    private MotionTable() {
    }

    /** The vector a row holds (columns in {@link #SCHEMA} order). */
    public static MotionVector vector(Row row) {
        return new MotionVector(row.getInt(2), row.getInt(3), row.getInt(4), row.getInt(5), row.getInt(6));
    }
}
