//! kernel wide_loads
//! global 256
//! local 64
//! arg buffer<float> 16384 random(-4,4)
//! arg buffer<float> 2048 random(-4,4)
//! arg buffer<int> 3072 random(-1000,1000)
//! arg buffer<float> 256 out
//! arg buffer<float> 256 out
//! arg buffer<int> 256 out
//! tolerance 1e-5

// Reads of float16 and float8 (arrays of vec4 in clgo's Vulkan SPIR-V)
// and of a struct, from global, constant and local memory, taken apart
// member by member: spirv/opt's SplitLoads makes them one load per
// member used (clpeak's float16 bandwidth kernel is the first loop).
typedef struct {
  int a;  // at 0
  int4 b; // at 16
  int c;  // at 32; 48 bytes in all
} rec;

kernel void wide_loads(global float16 *a, constant float8 *k, global const rec *r,
                       global float *out, global float *out2, global int *out3) {
  local float16 tile[64];
  int id = get_group_id(0) * get_local_size(0) * 4 + get_local_id(0);
  float16 sum = 0;
  for (int i = 0; i < 4; i++) {
    sum += a[id];
    id += get_local_size(0);
  }
  out[get_global_id(0)] = sum.s0 + sum.s5 + sum.sa + sum.sf;
  int g = get_global_id(0);
  tile[get_local_id(0)] = a[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  float16 t = tile[63 - get_local_id(0)];
  float8 c = k[g];
  out2[g] = t.s3 * c.s1 + t.sc - c.s7;
  rec x = r[g];
  out3[g] = x.a + x.b.y - x.b.w * x.c;
}
