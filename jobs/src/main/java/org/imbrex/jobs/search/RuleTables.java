package org.imbrex.jobs.search;

import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The three tables a search with YARA rules writes below {@code --output DIR}.
 * <pre>
 *   DIR/rules     one row per rule and file that matches (private rules are not listed, as in YARA)
 *     source   string   the rule file, as given to --signatures        rules/packers.yar
 *     rule     string   the rule's name                                upx_packed
 *     tags     string   its tags, comma-separated ("" without tags)    packer,upx
 *     path     string   the file                                       file:/data/a.exe
 *   DIR/strings   every match of every string of each matching rule (private strings left out)
 *     source, signature (rule:$id), path, offset, length, sad           as the match table of signatures
 *   DIR/skipped   every rule imbrex does not evaluate
 *     source, rule, line (of the rule keyword), reason
 * </pre>
 * Each part file of {@code rules} and {@code strings} holds whole files, sorted by path; within a file, the
 * rules in YARA's order (rule files as given, rules in file order), their strings in rule order and each
 * string's matches by offset. Example row of {@code strings}: {@code ("rules/packers.yar", "upx_packed:$a",
 * "file:/data/a.exe", 1024, 8, 0)}.
 */
public final class RuleTables {
    public static final String RULES = "rules";
    public static final String STRINGS = "strings";
    public static final String SKIPPED = "skipped";

    static final StructType RULES_SCHEMA = new StructType(new StructField[] {
        string("source"), string("rule"), string("tags"), string("path"),
    });
    static final StructType STRINGS_SCHEMA = new StructType(new StructField[] {
        string("source"), string(MatchTable.SIGNATURE), string(MatchTable.PATH),
        DataTypes.createStructField(MatchTable.OFFSET, DataTypes.LongType, false),
        DataTypes.createStructField(MatchTable.LENGTH, DataTypes.IntegerType, false),
        DataTypes.createStructField(MatchTable.SAD, DataTypes.IntegerType, false),
    });
    static final StructType SKIPPED_SCHEMA = new StructType(new StructField[] {
        string("source"), string("rule"), DataTypes.createStructField("line", DataTypes.IntegerType, false),
        string("reason"),
    });

    private RuleTables() {
    }

    private static StructField string(String name) {
        return DataTypes.createStructField(name, DataTypes.StringType, false);
    }
}
