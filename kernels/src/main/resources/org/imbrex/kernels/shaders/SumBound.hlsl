// imbrex sum bound: a lower bound of the SAD at the four byte offsets of chosen tile words, from run sums.
// For a run R of signature positions, |Σ_R data − Σ_R signature| ≤ Σ_R |data − signature|, so the sum of
// the left side over disjoint runs is at most the SAD: an offset whose bound is above the limit cannot
// match, and msad4 need not score it (successive elimination, as motion estimators use it).
Buffer<uint> buf_prefix : register(t0);   // tile prefix sums: P[n] = b[0] + … + b[n − 1]
Buffer<uint> buf_runs : register(t1);     // 3 words per run: first position, end position, Σ signature bytes
Buffer<uint> buf_at : register(t2);       // per thread: the tile word its four offsets start at
RWBuffer<uint4> buf_bound : register(u0); // R32G32B32A32_UINT: the bound at byte offsets 4·buf_at[x] + 0..3
cbuffer Params : register(b0) { uint RUNS; };
[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint4 o = 4 * buf_at[DTid.x] + uint4(0, 1, 2, 3);
    int4 bound = {0, 0, 0, 0};
    for (uint r = 0; r < RUNS; r++) {
        uint first = buf_runs[3 * r];
        uint end = buf_runs[3 * r + 1];
        int sum = buf_runs[3 * r + 2];
        uint4 e = o + end;
        uint4 f = o + first;
        int4 data = int4(buf_prefix[e.x] - buf_prefix[f.x], buf_prefix[e.y] - buf_prefix[f.y],
                         buf_prefix[e.z] - buf_prefix[f.z], buf_prefix[e.w] - buf_prefix[f.w]);
        bound += abs(data - sum);
    }
    buf_bound[DTid.x] = bound;
}
