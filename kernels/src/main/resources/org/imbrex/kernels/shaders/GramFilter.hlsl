// imbrex gram filter: one thread per 4-byte word of the tile. Bit k of hits says whether the two bytes at
// tile byte offset 4x + k (gram = b[4x+k] | b[4x+k+1] << 8) are a key of class k of the anchor table, i.e.
// whether an anchor of some signature can start there. The search verifies only the offsets the keys point
// at. Class k holds the keys tested at bytes 4x + k: a key of every class is tested at every byte; one of
// classes 0 and 2 at even bytes; one of class 0 at word starts only (a signature keyed by grams at positions
// of all four residues mod 4 is found whatever its offset, with one lookup per word).
Buffer<uint> buf_src : register(t0);   // tile bytes as little-endian words
Buffer<uint> buf_keys : register(t1);  // 4 × 2048 words: bit (g & 31) of word 2048k + (g >> 5) set when gram g
                                       // is a key of class k
RWBuffer<uint> buf_hits : register(u0);  // R32_UINT: bit k set when the gram at byte 4x + k is a key of class k

uint is_key(uint k, uint gram) { return (buf_keys[(k << 11) | (gram >> 5)] >> (gram & 31)) & 1; }

[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint lo = buf_src[DTid.x];
    uint hi = buf_src[DTid.x + 1];
    uint hits = is_key(0, lo & 0xFFFF)
              | is_key(1, (lo >> 8) & 0xFFFF) << 1
              | is_key(2, lo >> 16) << 2
              | is_key(3, (lo >> 24) | ((hi & 0xFF) << 8)) << 3;
    buf_hits[DTid.x] = hits;
}
