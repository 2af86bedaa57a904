//! kernel sizeof_image
//! global 1
//! arg buffer<uint> 4 out

// sizeof and alignment of images and samplers are implementation-defined
// (OpenCL C 2.0 §6.3.k): a pointer's size, as in clang and PoCL (clgo's
// pointers are 32-bit, PoCL's 64-bit), a power of two as the CTS's
// test_basic sizeof asks.
kernel void sizeof_image(global uint *o) {
  o[0] = sizeof(image2d_t) == sizeof(void *);
  o[1] = sizeof(image3d_t) == sizeof(void *);
  o[2] = sizeof(sampler_t) == sizeof(void *);
  o[3] = __alignof__(image2d_t) == __alignof__(void *);
}
