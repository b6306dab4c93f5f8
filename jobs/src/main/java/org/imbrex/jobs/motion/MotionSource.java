package org.imbrex.jobs.motion;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.imbrex.jobs.cli.SourceArguments;
import picocli.CommandLine;

/**
 * imbrex motion as a Spark data source, short name {@code imbrex-motion}: reading it runs the block
 * matching, and the rows are the motion table's ({@link MotionTable#SCHEMA}).
 *
 * <pre>
 *   spark.read.format("imbrex-motion").option("range", "16").load("hdfs:///clips/pan.y4m")
 *   CREATE TEMPORARY VIEW v USING `imbrex-motion` OPTIONS (path 'hdfs:///clips', block '8')
 * </pre>
 * The options are {@code imbrex motion}'s (parsed as its command line, {@link SourceArguments}: same names,
 * defaults and messages), without those that shape its own output ({@code output}, {@code overwrite},
 * {@code format}, {@code render}, {@code master}); a partition is one task of the job (a run of a file's
 * frames), preferring the hosts of its blocks. Example: {@code spark.read().format("imbrex-motion")
 * .load("clip.y4m").where("dx != 0 OR dy != 0").count()}.
 */
public final class MotionSource implements TableProvider, DataSourceRegister {
    /** The name {@code format(...)} and {@code USING} take. */
    public static final String SHORT_NAME = "imbrex-motion";

    static final Map<String, String> REFUSED = Map.of(
            "output", "the DataFrame is the result; write it with df.write()",
            "overwrite", "the DataFrame is the result; write it with df.write().mode(\"overwrite\")",
            "format", "the DataFrame is the result; write it in any format with df.write()",
            "render", "pictures are imbrex motion's; run the command with --render",
            "master", "the source runs in the session that reads it");

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return MotionTable.SCHEMA;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new MotionSourceTable(options(properties));
    }

    /** The motion options the reader's options stand for. */
    static MotionOptions options(Map<String, String> properties) {
        MotionCommand command = new MotionCommand();
        CommandLine line = new CommandLine(command);
        try {
            line.parseArgs(SourceArguments.of(properties, line, REFUSED, SourceArguments.NO_OUTPUT));
            return command.options();
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("imbrex: " + e.getMessage(), e);
        }
    }
}
