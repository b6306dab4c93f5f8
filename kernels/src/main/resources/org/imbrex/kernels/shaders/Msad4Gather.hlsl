// imbrex msad4 gather shader: the msad4 search loop for chosen tile words only. Thread x scores the four
// byte offsets 4·buf_at[x] + 0..3 of the tile: the candidates a filter left, gathered into one Dispatch.
// A reference byte 0x00 is masked (contributes nothing); sums are defined up to 65535.
Buffer<uint> buf_ref : register(t0);      // signature, 4 bytes per word, 0x00 = masked byte
Buffer<uint> buf_src : register(t1);      // tile bytes as little-endian words
Buffer<uint> buf_at : register(t2);       // per thread: the tile word its window starts at
RWBuffer<uint4> buf_accum : register(u0); // R32G32B32A32_UINT: SAD at byte offsets 4·buf_at[x] + 0..3
cbuffer Params : register(b0) { uint REF_SIZE; };
[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint at = buf_at[DTid.x];
    uint4 accum = {0, 0, 0, 0};
    for (uint i = 0; i < REF_SIZE; i++)
        accum = msad4(buf_ref[i], uint2(buf_src[at + i], buf_src[at + i + 1]), accum);
    buf_accum[DTid.x] = accum;
}
