kernel void sobel(global const uchar4 *in, global uchar4 *out, const int w, const int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < 1 || y < 1 || x >= w - 1 || y >= h - 1) { out[y*w+x] = (uchar4)(0); return; }
  float4 gx = -convert_float4(in[(y-1)*w+x-1]) + convert_float4(in[(y-1)*w+x+1])
              -2.0f*convert_float4(in[y*w+x-1]) + 2.0f*convert_float4(in[y*w+x+1])
              -convert_float4(in[(y+1)*w+x-1]) + convert_float4(in[(y+1)*w+x+1]);
  float4 gy = -convert_float4(in[(y-1)*w+x-1]) - 2.0f*convert_float4(in[(y-1)*w+x]) - convert_float4(in[(y-1)*w+x+1])
              +convert_float4(in[(y+1)*w+x-1]) + 2.0f*convert_float4(in[(y+1)*w+x]) + convert_float4(in[(y+1)*w+x+1]);
  out[y*w+x] = convert_uchar4_sat(sqrt(gx*gx + gy*gy) / 2.0f);
}
//! kernel sobel
//! global 1024,1024
//! local 16,16
//! arg buffer<uchar4> 1048576 random
//! arg buffer<uchar4> 1048576 out
//! arg int 1024
//! arg int 1024
//! mismatch 0.001
