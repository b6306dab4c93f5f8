// imbrex quad filter: one thread per 4-byte word of the tile. Bit k of hits says whether the four bytes at tile
// byte offset 4x + k (quad = b[4x+k] | b[4x+k+1] << 8 | b[4x+k+2] << 16 | b[4x+k+3] << 24) hash to a set bit of
// the key table: 2^21 bits, bit h = (quad * 0x9E3779B1) >> 11 (the multiplicative hash's top 21 bits). The
// search follows only the offsets whose quads may be an anchor's four literal bytes; where thousands of anchors
// would key so many two-byte grams that one byte in ten is a hit, four bytes keep the hits to true ones and a
// fraction of a percent of collisions.
Buffer<uint> buf_src : register(t0);   // tile bytes as little-endian words
Buffer<uint> buf_keys : register(t1);  // 65536 words: bit (h & 31) of word h >> 5 set when some key quad hashes to h
RWBuffer<uint> buf_hits : register(u0);  // R32_UINT: bit k set when the quad at byte 4x + k hashes to a set bit

uint is_key(uint quad) {
    uint h = (quad * 0x9E3779B1u) >> 11;
    return (buf_keys[h >> 5] >> (h & 31)) & 1;
}

[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint lo = buf_src[DTid.x];
    uint hi = buf_src[DTid.x + 1];
    uint hits = is_key(lo)
              | is_key((lo >> 8) | (hi << 24)) << 1
              | is_key((lo >> 16) | (hi << 16)) << 2
              | is_key((lo >> 24) | (hi << 8)) << 3;
    buf_hits[DTid.x] = hits;
}
