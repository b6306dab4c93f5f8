package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rows as extract_mvs.c prints the vectors of vf_mestimate: {@code printf("%d,%2d,%2d,%2d,%4d,%4d,%4d,%4d,
 * 0x%"PRIx64"\n")} over {@code add_mv_data}'s {@code dst = block + B/2}, {@code src = match + B/2}.
 */
class FfmpegMvCsvTest {

    @Test
    void row_vectorOfFrameOne_isFramenumTwoWithCentresAndPadding() {
        assertThat(FfmpegMvCsv.row(1, 16, new MotionVector(32, 16, -3, 2, 140)))
                .isEqualTo("2,-1,16,16,  37,  26,  40,  24,0x0");
    }

    @Test
    void row_smallAndLargeBlocks_padLikePrintf() {
        assertThat(FfmpegMvCsv.row(9, 4, new MotionVector(0, 0, 0, 0, 0))).isEqualTo("10,-1, 4, 4,   2,   2,   2,   2,0x0");
        assertThat(FfmpegMvCsv.row(120, 64, new MotionVector(1856, 1024, 7, -7, 9)))
                .isEqualTo("121,-1,64,64,1895,1049,1888,1056,0x0");
    }

    @Test
    void write_vectors_oneLineEach() throws IOException {
        StringBuilder out = new StringBuilder(FfmpegMvCsv.HEADER).append('\n');
        FfmpegMvCsv.write(out, 3, 8, List.of(new MotionVector(0, 0, 1, 0, 5), new MotionVector(8, 0, 0, -1, 6)));
        assertThat(out.toString()).isEqualTo("framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags\n"
                + "4,-1, 8, 8,   5,   4,   4,   4,0x0\n" + "4,-1, 8, 8,  12,   3,  12,   4,0x0\n");
    }
}
