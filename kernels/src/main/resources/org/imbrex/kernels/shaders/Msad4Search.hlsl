// imbrex msad4 search shader: one thread per 4-byte word of the tile.
// accum at element x holds the SAD of the reference against the source at byte offsets 4x+0 .. 4x+3.
// A reference byte 0x00 is masked (contributes nothing); sums are defined up to 65535.
Buffer<uint> buf_ref : register(t0);      // signature, 4 bytes per word, 0x00 = masked byte
Buffer<uint> buf_src : register(t1);      // tile bytes as little-endian words
RWBuffer<uint4> buf_accum : register(u0); // R32G32B32A32_UINT: SAD at byte offsets 4x+0..4x+3
cbuffer Params : register(b0) { uint REF_SIZE; };
[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint4 accum = {0, 0, 0, 0};
    for (uint i = 0; i < REF_SIZE; i++)
        accum = msad4(buf_ref[i], uint2(buf_src[DTid.x + i], buf_src[DTid.x + i + 1]), accum);
    buf_accum[DTid.x] = accum;
}
