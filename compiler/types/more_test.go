package types

import "testing"

func TestValidPrograms(t *testing.T) {
	progs := []struct {
		src  string
		conf *Config
	}{
		{`
enum Mode { ADD = 1, MUL = ADD << 2, LAST };
typedef uchar4 pixel;
constant sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
int pick(enum Mode m, int a, int b) {
	switch (m) { case ADD: return a + b; case MUL: return a * b; default: break; }
	int r = 0;
	do { r++; } while (r < LAST);
	return r;
}
kernel void img(read_only image2d_t in, write_only image2d_t out, global pixel *p) {
	int2 pos = (int2)(get_global_id(0), get_global_id(1));
	float4 c = read_imagef(in, smp, pos);
	write_imagef(out, pos, c * 0.5f);
	p[0] = convert_uchar4_sat(c * 255.0f);
	int w = get_image_width(in) + pick(MUL, 1, 2);
	uint4 u = read_imageui(in, smp, (float2)(0.5f, 0.5f));
	p[1].x = (uchar)(u.x + w);
	int arr[LAST + 1];
	arr[0] = vec_step(pixel);
	event_t e = async_work_group_copy((local int *)0, (global const int *)0, 4, 0);
	wait_group_events(1, &e);
	barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}`, nil},
		// An extern declaration may have an incomplete type (the CTS's
		// simple_extern_compile_only), and sizeof(event_t) is valid.
		{`extern constant struct bar bart;`, nil},
		{`
extern constant struct bar bart;
struct bar { int x; };
constant struct bar bart = {7};
kernel void e(global int *o) { o[0] = bart.x + sizeof(event_t); }`, nil},
		// sizeof of images and samplers is implementation-defined
		// (OpenCL C 2.0 §6.3.k); clang accepts it (the CTS's
		// test_basic sizeof).
		{`kernel void s(global uint *o) { o[0] = sizeof(image2d_t) + sizeof(image3d_t) + sizeof(sampler_t) + __alignof__(image2d_t); }`, nil},
		{`
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void d(global double *o, global const float *i) {
	double x = i[0] * 2.0;
	o[0] = sqrt(x) + fma(x, x, 1.0) + convert_double(i[1]);
	o[1] = as_double(as_long(x) ^ 1L);
	atom_add((global long *)0, 1L);
}`, &Config{Extensions: []string{"cl_khr_fp64", "cl_khr_int64_base_atomics"}}},
		{`
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void h(global half *o) {
	half a = o[0];
	o[1] = a * (half)2.0f + 1.0h;
	vstore_half_rtz(1.0f, 0, (global half *)o);
	float4 f = vload_half4(0, o);
}`, &Config{Extensions: []string{"cl_khr_fp16"}}},
		{`
typedef struct { float x, y; } V2;
V2 add(V2 a, V2 b) { V2 r = { a.x + b.x, a.y + b.y }; return r; }
kernel void s(global V2 *v, global size_t *n) {
	V2 t = add(v[0], v[1]);
	v[2] = t;
	*n = get_global_size(0) * sizeof(V2) + (size_t)(&v[3] - &v[0]);
	float m[2][3] = { {1, 2, 3}, {4, 5, 6} };
	for (int i = 0, j = 1; i < 2; ++i, j--) m[i][j] += (float)i;
	v[3].x = m[1][2] > 0 ? m[1][2] : -m[1][2];
	uint bits = 0xFFu >> 2;
	bits <<= 1;
	v[4].y = bits ? INFINITY : NAN;
	v[5].x = FLT_MAX;
}`, nil},
	}
	for _, p := range progs {
		mustCheck(t, p.src, p.conf)
	}
}
