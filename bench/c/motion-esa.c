/*
 * motion-esa: the C column of bench/motion-bench.sh. Exhaustive block matching of every frame of a Y4M
 * file against the one before it, with FFmpeg's mestimate=method=esa rules (the zero vector first, then
 * raster order, a later candidate wins only when strictly lower; candidates inside
 * [0, (W/B - 1) * B] x [0, (H/B - 1) * B]), on one thread, with AVX2 vmpsadbw.
 *
 *   motion-esa CLIP.y4m B R > vectors.csv
 *
 * stdout: "frame,block_x,block_y,dx,dy,sad" per block, in the motion table's order (frame counts from 0,
 * frame n's vectors point into frame n - 1), so the bench can diff them with imbrex's table.
 * stderr: "motion-esa: F frame searches of WxH, B = b, R = r in S s: X searches/s" where S is the compute
 * time only (reading the clip excluded).
 *
 * The search: for a block row and dy, vmpsadbw scores 16 consecutive x-candidates of a 16-pixel row against
 * 4 reference bytes at a time; 4 of them and 16 rows give the 16 SADs of a 16x16 block (16-bit sums, at most
 * 16 * 16 * 255). Other block sizes, and windows clipped at the frame's edges, take the plain loop below,
 * which the AVX2 path is checked against on the first frame pair.
 *
 * Build: gcc -O3 -march=native -o motion-esa motion-esa.c
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int width, height;

static int read_header(FILE *in) {
    char line[4096];
    if (!fgets(line, sizeof line, in) || strncmp(line, "YUV4MPEG2 ", 10) != 0) return -1;
    for (char *t = strtok(line + 10, " \n"); t; t = strtok(NULL, " \n")) {
        if (t[0] == 'W') width = atoi(t + 1);
        if (t[0] == 'H') height = atoi(t + 1);
    }
    return width > 0 && height > 0 ? 0 : -1;
}

static uint32_t sad_plain(const uint8_t *cur, const uint8_t *prev, int block, int bx, int by, int x, int y) {
    uint32_t sum = 0;
    for (int r = 0; r < block; r++)
        for (int c = 0; c < block; c++)
            sum += abs(cur[(by + r) * width + bx + c] - prev[(y + r) * width + x + c]);
    return sum;
}

/* The 16 SADs of the 16x16 block at (bx, by) against candidates x0 .. x0 + 15 at row y. */
static void sad16_avx2(const uint8_t *cur, const uint8_t *prev, int bx, int by, int x0, int y, uint16_t *out) {
    __m256i acc = _mm256_setzero_si256();
    for (int r = 0; r < 16; r++) {
        __m128i ref = _mm_loadu_si128((const __m128i *) (cur + (by + r) * width + bx));
        __m256i ref2 = _mm256_broadcastsi128_si256(ref);
        const uint8_t *src = prev + (y + r) * width + x0;
        __m256i s0 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) src)),
                                             _mm_loadu_si128((const __m128i *) (src + 8)), 1);
        __m256i s1 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (src + 4))),
                                             _mm_loadu_si128((const __m128i *) (src + 12)), 1);
        __m256i s2 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (src + 8))),
                                             _mm_loadu_si128((const __m128i *) (src + 16)), 1);
        __m256i s3 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *) (src + 12))),
                                             _mm_loadu_si128((const __m128i *) (src + 20)), 1);
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s0, ref2, 0x00));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s1, ref2, 0x09));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s2, ref2, 0x12));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s3, ref2, 0x1B));
    }
    _mm256_storeu_si256((__m256i *) out, acc);
}

/* One block's vector by FFmpeg's ff_me_search_esa; simd selects the AVX2 scoring where it applies. */
static void search_block(const uint8_t *cur, const uint8_t *prev, int block, int range, int bx, int by,
                         int simd, int *mvx, int *mvy, uint32_t *best) {
    int x_max = (width / block - 1) * block, y_max = (height / block - 1) * block;
    int x_lo = bx - range < 0 ? 0 : bx - range, x_hi = bx + range > x_max ? x_max : bx + range;
    int y_lo = by - range < 0 ? 0 : by - range, y_hi = by + range > y_max ? y_max : by + range;
    uint32_t cost_min = sad_plain(cur, prev, block, bx, by, bx, by);
    *mvx = 0;
    *mvy = 0;
    *best = cost_min;
    if (cost_min == 0) return;
    uint16_t sads[16];
    for (int y = y_lo; y <= y_hi; y++) {
        for (int x = x_lo; x <= x_hi; ) {
            /* the AVX2 path reads prev bytes x .. x + 35 of the row: inside the frame */
            if (simd && block == 16 && x + 36 <= width) {
                sad16_avx2(cur, prev, bx, by, x, y, sads);
                int n = x_hi - x + 1 < 16 ? x_hi - x + 1 : 16;
                for (int i = 0; i < n; i++) {
                    if (sads[i] < cost_min) {
                        cost_min = sads[i];
                        *mvx = x + i - bx;
                        *mvy = y - by;
                    }
                }
                x += n;
            } else {
                uint32_t cost = sad_plain(cur, prev, block, bx, by, x, y);
                if (cost < cost_min) {
                    cost_min = cost;
                    *mvx = x - bx;
                    *mvy = y - by;
                }
                x++;
            }
        }
    }
    *best = cost_min;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: motion-esa CLIP.y4m BLOCK RANGE\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "rb");
    int block = atoi(argv[2]), range = atoi(argv[3]);
    if (block < 4 || range < 0 || !in || read_header(in) != 0 || width < block || height < block) {
        fprintf(stderr, "motion-esa: %s is not a readable Y4M file of at least one %dx%d block\n", argv[1], block,
                block);
        return 2;
    }
    size_t luma = (size_t) width * height, chroma = 2 * (size_t) ((width + 1) / 2) * ((height + 1) / 2);
    uint8_t *frames[2] = {malloc(luma), malloc(luma)};
    uint8_t *skip = malloc(chroma);
    size_t most = luma / ((size_t) block * block) + 1;
    int *vx = malloc(most * sizeof(int)), *vy = malloc(most * sizeof(int));
    uint32_t *vsad = malloc(most * sizeof(uint32_t));
    char line[256];
    double seconds = 0;
    long searches = 0;
    int n = 0;
    printf("frame,block_x,block_y,dx,dy,sad\n");
    while (fgets(line, sizeof line, in) && strncmp(line, "FRAME", 5) == 0) {
        uint8_t *cur = frames[n & 1], *prev = frames[(n + 1) & 1];
        if (fread(cur, 1, luma, in) != luma || fread(skip, 1, chroma, in) != chroma) break;
        if (n > 0) {
            struct timespec t0, t1;
            int blocks = 0;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            for (int by = 0; by + block <= height; by += block) {
                for (int bx = 0; bx + block <= width; bx += block, blocks++) {
                    search_block(cur, prev, block, range, bx, by, 1, &vx[blocks], &vy[blocks], &vsad[blocks]);
                }
            }
            clock_gettime(CLOCK_MONOTONIC, &t1);
            blocks = 0;
            for (int by = 0; by + block <= height; by += block) {
                for (int bx = 0; bx + block <= width; bx += block, blocks++) {
                    int mvx = vx[blocks], mvy = vy[blocks];
                    uint32_t best = vsad[blocks];
                    if (n == 1) {
                        int px, py;
                        uint32_t plain;
                        search_block(cur, prev, block, range, bx, by, 0, &px, &py, &plain);
                        if (px != mvx || py != mvy || plain != best) {
                            fprintf(stderr, "motion-esa: AVX2 and plain search differ at block (%d, %d)\n", bx, by);
                            return 1;
                        }
                    }
                    printf("%d,%d,%d,%d,%d,%u\n", n, bx, by, mvx, mvy, best);
                }
            }
            if (n > 1) {
                seconds += (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
                searches++;
            }
        }
        n++;
    }
    fprintf(stderr, "motion-esa: %ld frame searches of %dx%d, B = %d, R = %d in %.3f s: %.1f searches/s\n",
            searches, width, height, block, range, seconds, searches / (seconds > 0 ? seconds : 1e-9));
    return 0;
}
