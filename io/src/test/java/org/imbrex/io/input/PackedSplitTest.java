package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableUtils;
import org.junit.jupiter.api.Test;

class PackedSplitTest {

    @Test
    void writable_roundTrip_keepsEveryRangeWithItsFileLength() {
        List<ByteRange> ranges = List.of(new ByteRange("hdfs://nn:8020/d/a.bin", 134_217_728, 23_068_672, 157_286_400),
                ByteRange.wholeFile("file:/tmp/w,1 b.bin", 3072), ByteRange.wholeFile("file:/tmp/e.bin", 0));
        PackedSplit split = new PackedSplit(ranges, new String[] {"dn2", "dn1"});

        // What Spark does to ship a split (SerializableWritable): a fresh instance, then readFields.
        PackedSplit copy = WritableUtils.clone(split, new Configuration(false));

        assertThat(copy).isNotSameAs(split);
        assertThat(copy.ranges()).containsExactlyElementsOf(ranges);
        assertThat(copy.getLength()).isEqualTo(23_068_672 + 3072);
    }

    @Test
    void locations_asGiven_bestFirst() throws Exception {
        PackedSplit split = new PackedSplit(List.of(ByteRange.wholeFile("file:/tmp/a.bin", 10)),
                new String[] {"dn2", "dn1"});

        assertThat(split.getLocations()).containsExactly("dn2", "dn1");
        assertThat(split.toString()).isEqualTo("PackedSplit[ByteRange[path=file:/tmp/a.bin, start=0, length=10, "
                + "fileLength=10]]");
    }
}
