// imbrex successive-elimination bound: for every candidate of every block, a lower bound of its SAD from
// sub-block sums, refined level by level while the candidate may still beat the block's best so far.
//
//   lanes as in Msad4BlockMatch: c = dyIndex * X_GROUPS + xGroup; component k is the candidate x = 4*word0 + k
//   level L: sub-blocks of side s = 1 << L; bound_L = sum over the (BLOCK/s)^2 sub-blocks of
//            |sum of the sub-block in frame n - sum of the same sub-block of the candidate in frame n-1|
//   bound_L <= bound_(L-1) <= ... <= SAD       (triangle inequality: a finer partition is never looser)
//
// Sub-block sums come from summed-area tables of both frames over the same rows (from PREV_ROW0, IPITCH =
// WIDTH + 1 words a row): box(x, y, s) = I[y+s][x+s] - I[y][x+s] - I[y+s][x] + I[y][x]. uint arithmetic
// wraps, and a box sum (at most 255 * 64 * 64) is still exact.
//
// A candidate may win while bound < SAD_BEST, or bound == SAD_BEST and its rank is below RANK_BEST (rank 0
// is the zero vector, rank 1 + (dy + RANGE) * (2 * RANGE + 1) + (dx + RANGE) the others: FFmpeg's order).
// Levels are refined from LEVEL down to MIN_LEVEL while some component in the window may win. MODE 1 starts
// from the bounds at LEVEL that an earlier Dispatch stored (prior) instead of computing them again.
Buffer<uint> cur_sat  : register(t0);     // frame n, summed-area table, rows from PREV_ROW0
Buffer<uint> prev_sat : register(t1);     // frame n-1, the same rows
Buffer<uint> best     : register(t2);     // per block of the stripe: SAD_BEST, RANK_BEST (unbound: 0, 0)
Buffer<uint> prior    : register(t3);     // MODE 1: an earlier cand_bound at LEVEL, read as words
RWBuffer<uint4> cand_bound : register(u0);   // R32G32B32A32_UINT: bounds of x-candidates 4*word0 + 0..3
cbuffer Params : register(b0) {
    uint WIDTH;    uint HEIGHT;    uint BLOCK;      uint RANGE;        // cb0[0]: frame and search
    uint PITCH;    uint BAND_ROWS; uint BANDS;      uint X_GROUPS;     // cb0[1]: packing (msad4 passes)
    uint CUR_ROW0; uint PREV_ROW0; uint BLOCK_ROW0; uint CANDIDATES;   // cb0[2]: stripe
    uint IPITCH;   uint LEVEL;     uint MIN_LEVEL;  uint MODE;         // cb0[3]: bound levels
};
#define NO_SCORE 0xFFFFFFFF

uint box(Buffer<uint> sat, uint x, uint y, uint s) {
    return sat[(y + s) * IPITCH + x + s] - sat[y * IPITCH + x + s] - sat[(y + s) * IPITCH + x] + sat[y * IPITCH + x];
}

uint4 level_bound(uint bx, uint by, int4 px, int py, uint level) {
    uint s = 1u << level;
    uint n = BLOCK >> level;
    uint4 bound = uint4(0, 0, 0, 0);
    for (uint i = 0; i < n; i++) {
        for (uint j = 0; j < n; j++) {
            uint cur = box(cur_sat, bx + j * s, by + i * s - PREV_ROW0, s);
            uint y = uint(py) + i * s - PREV_ROW0;
            uint4 x = uint4(px) + j * s;
            uint4 prev = uint4(box(prev_sat, x.x, y, s), box(prev_sat, x.y, y, s), box(prev_sat, x.z, y, s),
                               box(prev_sat, x.w, y, s));
            bound += uint4(abs(int4(cur - prev)));
        }
    }
    return bound;
}

// Groups run along x over the blocks of a block row, each block's candidate lanes in consecutive groups:
//   Dispatch((WIDTH / BLOCK) * groupsPerBlock, blockRows, 1), groupsPerBlock = ceil(CANDIDATES / 64)
[numthreads(64, 1, 1)]
void main(uint3 Gid : SV_GroupID, uint3 GTid : SV_GroupThreadID) {
    uint groupsPerBlock = (CANDIDATES + 63) / 64;
    uint blockCol = Gid.x / groupsPerBlock;
    uint c = (Gid.x % groupsPerBlock) * 64 + GTid.x;
    if (c >= CANDIDATES)
        return;
    uint bx = blockCol * BLOCK;
    uint by = (BLOCK_ROW0 + Gid.y) * BLOCK;
    int dy = int(c / X_GROUPS) - int(RANGE);
    int word0 = int(bx / 4) - int((RANGE + 3) / 4) + int(c % X_GROUPS);
    int py = int(by) + dy;
    int4 px = 4 * word0 + int4(0, 1, 2, 3);
    int xMax = int((WIDTH / BLOCK - 1) * BLOCK);
    int yMax = int((HEIGHT / BLOCK - 1) * BLOCK);
    bool4 inWindow = (px >= 0) && (px <= xMax) && (abs(px - int(bx)) <= int(RANGE)) && (py >= 0) && (py <= yMax);
    uint block = Gid.y * (WIDTH / BLOCK) + blockCol;
    uint sadBest = best[2 * block];
    uint rankBest = best[2 * block + 1];
    uint4 rank = (dy == 0 && px == int(bx)) ? 0 : 1 + uint((dy + int(RANGE)) * int(2 * RANGE + 1)) + uint4(px - int(bx) + int(RANGE));
    uint level = LEVEL;
    uint4 bound;
    if (MODE == 1) {
        uint e = 4 * (block * CANDIDATES + c);
        bound = uint4(prior[e], prior[e + 1], prior[e + 2], prior[e + 3]);
    } else {
        bound = level_bound(bx, by, px, py, level);
    }
    while (level > MIN_LEVEL && any(inWindow && (bound < sadBest || (bound == sadBest && rank < rankBest)))) {
        level--;
        bound = level_bound(bx, by, px, py, level);
    }
    cand_bound[block * CANDIDATES + c] = inWindow ? bound : NO_SCORE;
}
