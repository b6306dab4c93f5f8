package org.imbrex.jobs.search;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * What a rule-evaluating task reports to the driver: the part files it wrote of the {@code rules} and {@code
 * strings} tables (below the staging directory's {@code _temporary}, or null when a part had no rows), how
 * many files it evaluated, how many string matches it wrote, and for each rule (in the plan's order) in how
 * many of its files the rule matched. The driver moves exactly the reported files into the tables.
 *
 * <p>Example: {@code new WrittenRules(2, ".../rules/part-00002-J.csv", ".../strings/part-00002-J.csv", 40, 7,
 * new long[] {3, 0})}: part 2 evaluated 40 files; the first rule matched 3 of them.
 */
public record WrittenRules(int part, String rules, String strings, long files, long stringRows, long[] filesPerRule) {

    /** Task results go through Kryo. */
    public static final class KryoSerializer extends Serializer<WrittenRules> {
        public KryoSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, WrittenRules written) {
            output.writeInt(written.part, true);
            output.writeString(written.rules);
            output.writeString(written.strings);
            output.writeLong(written.files, true);
            output.writeLong(written.stringRows, true);
            output.writeInt(written.filesPerRule.length, true);
            output.writeLongs(written.filesPerRule, true);
        }

        @Override
        public WrittenRules read(Kryo kryo, Input input, Class<WrittenRules> type) {
            int part = input.readInt(true);
            String rules = input.readString();
            String strings = input.readString();
            long files = input.readLong(true);
            long stringRows = input.readLong(true);
            long[] perRule = input.readLongs(input.readInt(true), true);
            return new WrittenRules(part, rules, strings, files, stringRows, perRule);
        }
    }
}
