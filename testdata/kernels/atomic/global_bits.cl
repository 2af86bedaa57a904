//! kernel global_bits
//! global 512
//! arg buffer<uint> 3 [0,4294967295,0]

// atomic_or / atomic_and / atomic_xor: every work-item sets, clears or toggles bits.
kernel void global_bits(global uint *b) {
  uint g = get_global_id(0);
  atomic_or(&b[0], 1u << (g & 31));
  atomic_and(&b[1], ~(1u << (g % 29)));
  atomic_xor(&b[2], g * 0x9E3779B9u);
}
