// imbrex msad4 block-gather shader: the msad4 block-matching loop of Msad4BlockMatch, for the candidate
// lanes SeaSelect chose only.
//
//   thread (i, blockCol, blockRow): block = blockRow * (WIDTH / BLOCK) + blockCol
//   i < lane_count[block]:  c = lanes[block * CANDIDATES + i], then exactly Msad4BlockMatch's lane c,
//   stored where Msad4BlockMatch stores it: cand_sad[((block * CANDIDATES) + c) * BANDS + band]
//
// So a chosen lane's scores are the dense shader's, element for element, and the lanes not chosen are not
// written. Zero pixels of the current block and bands work as in Msad4BlockMatch.
Buffer<uint> cur_luma   : register(t0);   // frame n, rows from CUR_ROW0, 4 pixels per word, PITCH words a row
Buffer<uint> prev_luma  : register(t1);   // frame n-1, rows from PREV_ROW0, same packing
Buffer<uint> lanes      : register(t2);   // SeaSelect's lanes: per block, CANDIDATES slots
Buffer<uint> lane_count : register(t3);   // SeaSelect's count per block
RWBuffer<uint4> cand_sad : register(u0);  // R32G32B32A32_UINT: SADs of x-candidates 4*word0 + 0..3, per band
cbuffer Params : register(b0) {
    uint WIDTH;    uint HEIGHT;    uint BLOCK;      uint RANGE;        // cb0[0]: frame and search
    uint PITCH;    uint BAND_ROWS; uint BANDS;      uint X_GROUPS;     // cb0[1]: packing and bands
    uint CUR_ROW0; uint PREV_ROW0; uint BLOCK_ROW0; uint CANDIDATES;   // cb0[2]: stripe
};
#define NO_SCORE 0xFFFFFFFF

[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint block = DTid.z * (WIDTH / BLOCK) + DTid.y;
    if (DTid.x >= lane_count[block])
        return;
    uint c = lanes[block * CANDIDATES + DTid.x];
    uint bx = DTid.y * BLOCK;
    uint by = (BLOCK_ROW0 + DTid.z) * BLOCK;
    int dy = int(c / X_GROUPS) - int(RANGE);
    int word0 = int(bx / 4) - int((RANGE + 3) / 4) + int(c % X_GROUPS);
    int py = int(by) + dy;
    int4 px = 4 * word0 + int4(0, 1, 2, 3);
    int xMax = int((WIDTH / BLOCK - 1) * BLOCK);
    int yMax = int((HEIGHT / BLOCK - 1) * BLOCK);
    bool4 inWindow = (px >= 0) && (px <= xMax) && (abs(px - int(bx)) <= int(RANGE)) && (py >= 0) && (py <= yMax);
    uint base = (block * CANDIDATES + c) * BANDS;
    uint curWord = (by - CUR_ROW0) * PITCH + bx / 4;
    int prevWord = (py - int(PREV_ROW0)) * int(PITCH) + word0;
    for (uint band = 0; band < BANDS; band++) {
        uint4 accum = uint4(0, 0, 0, 0);
        for (uint r = band * BAND_ROWS; r < (band + 1) * BAND_ROWS; r++) {
            for (uint k = 0; k < BLOCK / 4; k++) {
                uint src = uint(prevWord + int(r * PITCH + k));
                accum = msad4(cur_luma[curWord + r * PITCH + k], uint2(prev_luma[src], prev_luma[src + 1]), accum);
            }
        }
        cand_sad[base + band] = inWindow ? accum : NO_SCORE;
    }
}
