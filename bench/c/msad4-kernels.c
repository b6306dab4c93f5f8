/*
 * msad4-kernels: the C column of bench/kernels-bench.sh. The work of imbrex's two msad4 shaders, done with
 * AVX2 vmpsadbw on one thread, in G byte-differences per second:
 *
 *   msad4-kernels search BYTES ...   every byte offset of a 1 MiB tile against a BYTES-byte signature
 *                                    (msad4-search's work: 2^20 × BYTES differences a tile)
 *   msad4-kernels block B R          every candidate (2R+1)^2 of every 16x16 block of a 1280x720 frame whose
 *                                    window lies inside the frame (msad4-block-match's work: B^2 a candidate)
 *
 * stdout, a line per measurement: "search BYTES G ERR" or "block B R G ERR", G the mean of 40 samples of at
 * least 0.2 s each and ERR the half-width of its 99.9% confidence interval (as JMH reports its error).
 *
 * The signature has no zero byte, so msad4's masking of reference byte 0 does not apply and vmpsadbw's
 * plain SAD is msad4's sum; sums are 16-bit per 64 signature words (at most 256 · 255) and widened to 32
 * bits. Before measuring, every result is checked against a plain byte loop.
 *
 *   offsets o .. o+31 of the tile, signature word i:
 *     a = src[o + 4i .. +31]      lanes: low 128 bits → windows at o .. o+7,    high → o+16 .. o+23
 *     b = src[o + 8 + 4i .. +31]  lanes: low 128 bits → windows at o+8 .. o+15, high → o+24 .. o+31
 *     acc_a += vmpsadbw(a, word i), acc_b += vmpsadbw(b, word i)
 *
 * Build: gcc -O3 -march=native -o msad4-kernels msad4-kernels.c
 */
#include <immintrin.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TILE (1 << 20)
#define SAMPLES 40
#define T_999_9 3.558 /* Student's t, two-sided 99.9%, 39 degrees of freedom */

static uint64_t state = 42;

static uint32_t next_random(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t) (state >> 33);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Mean and 99.9% half-width of SAMPLES rates, each from repeating work() for at least 0.2 s. */
static void measure(void (*work)(void), double diffs_per_call, double *mean, double *error) {
    double rate[SAMPLES], sum = 0, squares = 0;
    for (int warm = 0; warm < 3; warm++) work();
    for (int s = 0; s < SAMPLES; s++) {
        long calls = 0;
        double t0 = now(), t1;
        do {
            work();
            calls++;
            t1 = now();
        } while (t1 - t0 < 0.2);
        rate[s] = calls * diffs_per_call / (t1 - t0) / 1e9;
        sum += rate[s];
    }
    *mean = sum / SAMPLES;
    for (int s = 0; s < SAMPLES; s++) squares += (rate[s] - *mean) * (rate[s] - *mean);
    *error = T_999_9 * sqrt(squares / (SAMPLES - 1)) / sqrt(SAMPLES);
}

/* ---- search ---- */

static uint8_t *src;
static uint32_t *ref_words;
static int ref_size;
static uint32_t *sums;

static void search_avx2(void) {
    for (int o = 0; o < TILE; o += 32) {
        __m256i total[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                            _mm256_setzero_si256()};
        for (int first = 0; first < ref_size; first += 64) {
            int last = first + 64 < ref_size ? first + 64 : ref_size;
            __m256i acc_a = _mm256_setzero_si256(), acc_b = _mm256_setzero_si256();
            for (int i = first; i < last; i++) {
                __m256i word = _mm256_set1_epi32((int) ref_words[i]);
                __m256i a = _mm256_loadu_si256((const __m256i *) (src + o + 4 * i));
                __m256i b = _mm256_loadu_si256((const __m256i *) (src + o + 8 + 4 * i));
                acc_a = _mm256_add_epi16(acc_a, _mm256_mpsadbw_epu8(a, word, 0x00));
                acc_b = _mm256_add_epi16(acc_b, _mm256_mpsadbw_epu8(b, word, 0x00));
            }
            /* acc_a: o..o+7 | o+16..o+23, acc_b: o+8..o+15 | o+24..o+31 */
            total[0] = _mm256_add_epi32(total[0], _mm256_cvtepu16_epi32(_mm256_castsi256_si128(acc_a)));
            total[1] = _mm256_add_epi32(total[1], _mm256_cvtepu16_epi32(_mm256_castsi256_si128(acc_b)));
            total[2] = _mm256_add_epi32(total[2], _mm256_cvtepu16_epi32(_mm256_extracti128_si256(acc_a, 1)));
            total[3] = _mm256_add_epi32(total[3], _mm256_cvtepu16_epi32(_mm256_extracti128_si256(acc_b, 1)));
        }
        for (int q = 0; q < 4; q++) _mm256_storeu_si256((__m256i *) (sums + o + 8 * q), total[q]);
    }
}

static int check_search(void) {
    for (int o = 0; o < TILE; o++) {
        uint32_t sad = 0;
        for (int j = 0; j < 4 * ref_size; j++) sad += abs((int) ((ref_words[j / 4] >> (8 * (j % 4))) & 0xFF) - src[o + j]);
        if (sad != sums[o]) {
            fprintf(stderr, "msad4-kernels: vmpsadbw search differs from the byte loop at offset %d\n", o);
            return 1;
        }
    }
    return 0;
}

static int run_search(int bytes) {
    if (bytes < 4 || bytes % 4 != 0 || bytes > 4096) {
        fprintf(stderr, "msad4-kernels: signature bytes %d must be a multiple of 4 in 4..4096\n", bytes);
        return 2;
    }
    ref_size = bytes / 4;
    src = malloc(TILE + bytes + 64);
    ref_words = malloc(sizeof(uint32_t) * ref_size);
    sums = malloc(sizeof(uint32_t) * TILE);
    for (int i = 0; i < TILE + bytes + 64; i++) src[i] = (uint8_t) next_random();
    for (int i = 0; i < ref_size; i++) {
        uint32_t word = 0;
        for (int b = 0; b < 4; b++) word |= (1 + next_random() % 255) << (8 * b);
        ref_words[i] = word;
    }
    search_avx2();
    if (check_search()) return 1;
    double mean, error;
    measure(search_avx2, (double) TILE * bytes, &mean, &error);
    printf("search %d %.2f %.2f\n", bytes, mean, error);
    free(src);
    free(ref_words);
    free(sums);
    return 0;
}

/* ---- block matching ---- */

#define WIDTH 1280
#define HEIGHT 720

static uint8_t *cur, *prev;
static int range;
static uint16_t *block_sads;

/* The 16 SADs of the 16x16 block at (bx, by) against candidates x0 .. x0 + 15 at row y. */
static void sad16_avx2(int bx, int by, int x0, int y, uint16_t *out) {
    __m256i acc = _mm256_setzero_si256();
    for (int r = 0; r < 16; r++) {
        __m256i ref = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) (cur + (by + r) * WIDTH + bx)));
        const uint8_t *s = prev + (y + r) * WIDTH + x0;
        __m256i s0 = _mm256_loadu2_m128i((const __m128i *) (s + 8), (const __m128i *) s);
        __m256i s1 = _mm256_loadu2_m128i((const __m128i *) (s + 12), (const __m128i *) (s + 4));
        __m256i s2 = _mm256_loadu2_m128i((const __m128i *) (s + 16), (const __m128i *) (s + 8));
        __m256i s3 = _mm256_loadu2_m128i((const __m128i *) (s + 20), (const __m128i *) (s + 12));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s0, ref, 0x00));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s1, ref, 0x09));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s2, ref, 0x12));
        acc = _mm256_add_epi16(acc, _mm256_mpsadbw_epu8(s3, ref, 0x1B));
    }
    _mm256_storeu_si256((__m256i *) out, acc);
}

static int interior_blocks(void) {
    int blocks = 0;
    for (int by = range; by + 16 + range <= HEIGHT; by += 16)
        for (int bx = range; bx + 16 + range + 16 <= WIDTH; bx += 16) blocks++;
    return blocks;
}

/* Every candidate of every interior block; 2R+1 ≤ 16 x-candidates take one vmpsadbw row pass. */
static void block_avx2(void) {
    uint16_t *out = block_sads;
    for (int by = range; by + 16 + range <= HEIGHT; by += 16)
        for (int bx = range; bx + 16 + range + 16 <= WIDTH; bx += 16)
            for (int y = by - range; y <= by + range; y++, out += 16) sad16_avx2(bx, by, bx - range, y, out);
}

static int check_block(void) {
    uint16_t *out = block_sads;
    for (int by = range; by + 16 + range <= HEIGHT; by += 16)
        for (int bx = range; bx + 16 + range + 16 <= WIDTH; bx += 16)
            for (int y = by - range; y <= by + range; y++, out += 16)
                for (int c = 0; c <= 2 * range; c++) {
                    uint32_t sad = 0;
                    for (int r = 0; r < 16; r++)
                        for (int x = 0; x < 16; x++)
                            sad += abs(cur[(by + r) * WIDTH + bx + x] - prev[(y + r) * WIDTH + bx - range + c + x]);
                    if (sad != out[c]) {
                        fprintf(stderr, "msad4-kernels: vmpsadbw block differs from the byte loop at (%d, %d)\n", bx, by);
                        return 1;
                    }
                }
    return 0;
}

static int run_block(int block, int r) {
    if (block != 16 || r < 0 || r > 7) {
        fprintf(stderr, "msad4-kernels: block %d range %d: only B = 16 with R in 0..7 (one vmpsadbw row pass)\n",
                block, r);
        return 2;
    }
    range = r;
    cur = malloc(WIDTH * HEIGHT);
    prev = malloc(WIDTH * HEIGHT);
    for (int i = 0; i < WIDTH * HEIGHT; i++) {
        cur[i] = (uint8_t) next_random();
        prev[i] = (uint8_t) next_random();
    }
    int blocks = interior_blocks();
    block_sads = malloc(sizeof(uint16_t) * 16 * (2 * r + 1) * (size_t) blocks);
    block_avx2();
    if (check_block()) return 1;
    double mean, error;
    double candidates = (double) (2 * r + 1) * (2 * r + 1);
    measure(block_avx2, blocks * candidates * 256, &mean, &error);
    printf("block %d %d %.2f %.2f\n", block, r, mean, error);
    free(cur);
    free(prev);
    free(block_sads);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "search") == 0) {
        for (int a = 2; a < argc; a++) {
            int status = run_search(atoi(argv[a]));
            if (status) return status;
        }
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "block") == 0) return run_block(atoi(argv[2]), atoi(argv[3]));
    fprintf(stderr, "usage: msad4-kernels search BYTES ... | msad4-kernels block 16 R\n");
    return 2;
}
