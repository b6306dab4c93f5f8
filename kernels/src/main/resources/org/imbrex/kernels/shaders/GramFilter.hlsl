// imbrex gram filter: one thread per 4-byte word of the tile. Bit k of hits says whether the two bytes at
// tile byte offset 4x + k (gram = b[4x+k] | b[4x+k+1] << 8) are a key of the anchor table, i.e. whether an
// anchor of some signature can start there. The search verifies only the offsets the keys point at.
// Keys of buf_word_keys are tested at the first byte of each word only: an anchor with four grams in a row
// keys all four there, since one of them starts at a multiple of 4 (one lookup per word instead of four).
Buffer<uint> buf_src : register(t0);        // tile bytes as little-endian words
Buffer<uint> buf_keys : register(t1);       // 2048 words: bit (g & 31) of word g >> 5 set when gram g is a key
Buffer<uint> buf_word_keys : register(t2);  // the same, for grams tested at byte 4x only
RWBuffer<uint> buf_hits : register(u0);     // R32_UINT: bit k set when the gram at byte 4x + k is a key

uint is_key(Buffer<uint> keys, uint gram) { return (keys[gram >> 5] >> (gram & 31)) & 1; }

[numthreads(64, 1, 1)]
void main(uint3 DTid : SV_DispatchThreadID) {
    uint lo = buf_src[DTid.x];
    uint hi = buf_src[DTid.x + 1];
    uint hits = (is_key(buf_keys, lo & 0xFFFF) | is_key(buf_word_keys, lo & 0xFFFF))
              | is_key(buf_keys, (lo >> 8) & 0xFFFF) << 1
              | is_key(buf_keys, lo >> 16) << 2
              | is_key(buf_keys, (lo >> 24) | ((hi & 0xFF) << 8)) << 3;
    buf_hits[DTid.x] = hits;
}
