// imbrex successive-elimination selection: per block, the candidate lanes the msad4 gather must score.
//
//   MODE 0 (first pass): the lane of the lowest bound (the zero vector's if it is among the lowest, else the
//          first in raster order), so that its exact SADs give the block a best SAD to prune against
//   MODE 1 (survivors):  every lane with a component in the window that may still win against the block's
//          best (SAD_BEST, RANK_BEST): bound < SAD_BEST, or bound == SAD_BEST and rank < RANK_BEST; the best
//          itself (rank == RANK_BEST) is scored already
//
// One thread per block. Lanes, ranks and the window are those of Msad4BlockMatch and SeaBound; the zero
// vector is component 0 of lane RANGE * X_GROUPS + ceil(RANGE / 4). A block's lanes go to its own slots:
//   lanes[block * CANDIDATES + i], i < lane_count[block], in ascending lane order
Buffer<uint> cand_bound : register(t0);   // SeaBound's UAV read as words: 4 * (block * CANDIDATES + c) + k
Buffer<uint> best       : register(t1);   // per block: SAD_BEST, RANK_BEST (MODE 1)
RWBuffer<uint> lanes      : register(u0); // R32_UINT
RWBuffer<uint> lane_count : register(u1); // R32_UINT
cbuffer Params : register(b0) {
    uint WIDTH;    uint HEIGHT;    uint BLOCK;      uint RANGE;        // cb0[0]: frame and search
    uint PITCH;    uint BAND_ROWS; uint BANDS;      uint X_GROUPS;     // cb0[1]: packing (msad4 passes)
    uint CUR_ROW0; uint PREV_ROW0; uint BLOCK_ROW0; uint CANDIDATES;   // cb0[2]: stripe
    uint IPITCH;   uint LEVEL;     uint MIN_LEVEL;  uint MODE;         // cb0[3]: bound levels, selection
};
#define NO_SCORE 0xFFFFFFFF

[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint col = DTid.x;
    if (col >= WIDTH / BLOCK)
        return;
    uint block = DTid.y * (WIDTH / BLOCK) + col;
    uint first = block * CANDIDATES;
    uint zeroLane = RANGE * X_GROUPS + (RANGE + 3) / 4;
    uint count = 0;
    if (MODE == 0) {
        uint low = cand_bound[4 * (first + zeroLane)];
        uint lowLane = zeroLane;
        for (uint c = 0; c < CANDIDATES; c++) {
            for (uint k = 0; k < 4; k++) {
                uint b = cand_bound[4 * (first + c) + k];
                if (b < low) {
                    low = b;
                    lowLane = c;
                }
            }
        }
        lanes[first] = lowLane;
        count = 1;
    } else {
        uint bx = col * BLOCK;
        uint sadBest = best[2 * block];
        uint rankBest = best[2 * block + 1];
        for (uint c = 0; c < CANDIDATES; c++) {
            int dy = int(c / X_GROUPS) - int(RANGE);
            int word0 = int(bx / 4) - int((RANGE + 3) / 4) + int(c % X_GROUPS);
            bool keep = false;
            for (uint k = 0; k < 4; k++) {
                int px = 4 * word0 + int(k);
                uint b = cand_bound[4 * (first + c) + k];
                uint rank = (dy == 0 && px == int(bx)) ? 0 : 1 + uint((dy + int(RANGE)) * int(2 * RANGE + 1) + px - int(bx) + int(RANGE));
                keep = keep || (b != NO_SCORE && rank != rankBest && (b < sadBest || (b == sadBest && rank < rankBest)));
            }
            if (keep) {
                lanes[first + count] = c;
                count++;
            }
        }
    }
    lane_count[block] = count;
}
