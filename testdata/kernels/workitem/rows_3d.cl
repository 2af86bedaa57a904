//! kernel rows_3d
//! global 16,4,6
//! local 8,2,3
//! arg buffer<uint> 64 random
//! arg buffer<uint> 384 out

// Rows of 8 work-items in x: with the host's native tier's chunks of 8,
// get_local_id(1), get_local_id(2) and get_global_id(1), get_global_id(2)
// are one value per chunk; a loop counted by z and a table load indexed
// by y and z run once per chunk, the column mixes in per work-item.
kernel void rows_3d(global const uint *t, global uint *out) {
  uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  uint h = t[(y * 6 + z) % 64] + get_local_id(2) * 17u + get_local_id(1);
  for (uint i = 0; i < z; i++)
    h = h * 31u + t[(h >> 3) % 64];
  out[(z * 4 + y) * 16 + x] = h ^ (x * 0x9e3779b9u);
}
