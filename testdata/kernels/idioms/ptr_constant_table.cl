//! kernel table_views
//! global 64
//! arg buffer<uint> 64 random
//! arg buffer<uint> 64 out

// Program-scope __constant tables read through pointers of other types,
// as hash and cipher kernels do: a uint table read byte by byte, a float
// table read as its bits, a table of structs read as ushorts.
typedef struct {
  ushort tag;
  short delta;
  float scale;
} entry;

__constant uint sbox[8] = {0x637c777bu, 0xf26b6fc5u, 0x3001672bu, 0xfed7ab76u,
                           0xca82c97du, 0xfa5947f0u, 0xadd4a2afu, 0x9ca472c0u};
__constant float weights[4] = {0.5f, -1.25f, 3.0f, 1e-3f};
__constant entry entries[3] = {{1, -2, 0.25f}, {7, 300, -8.0f}, {65535, -32768, 1.5f}};

uchar sub_byte(__constant uchar *box, uint x) { return box[x & 31]; }

kernel void table_views(global const uint *in, global uint *out) {
  int g = get_global_id(0);
  uint x = in[g];
  __constant uchar *box = (__constant uchar *)sbox;
  uint r = (uint)sub_byte(box, x) | (uint)sub_byte(box, x >> 8) << 8 |
           (uint)box[(x >> 16) & 31] << 16 | (uint)box[x >> 27] << 24;
  __constant uint *bits = (__constant uint *)weights;
  r ^= bits[g & 3];
  __constant ushort *e = (__constant ushort *)entries;
  r += e[g % 12];
  out[g] = r;
}
