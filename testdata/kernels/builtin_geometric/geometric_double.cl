//! kernel geometric_double
//! global 96
//! local 32
//! arg buffer<double4> 96 random(-3,3)
//! arg buffer<double4> 96 random(-3,3)
//! arg buffer<double> 384 out
//! arg buffer<double4> 192 out
//! arg buffer<float> 288 out
//! tolerance 1e-6

// length, distance, normalize and cross on double2/3/4 and on float2/3
// mixed with scalars (GLSL.std.450 Length, Distance, Normalize, Cross on
// whole vectors, computed in float64), and a zero vector's normalize.
kernel void geometric_double(global const double4 *a, global const double4 *b, global double *s,
                             global double4 *v, global float *f) {
  int g = get_global_id(0);
  double4 x = a[g], y = b[g];
  if (g % 16 == 5)
    x = (double4)(0.0);
  s[4 * g + 0] = length(x) + length(x.xy);
  s[4 * g + 1] = distance(x, y) + distance(x.xyz, y.xyz);
  s[4 * g + 2] = length(x.xyz) * distance(x.zw, y.zw);
  s[4 * g + 3] = dot(normalize(x.xyz + 4.0), y.xyz);
  v[2 * g + 0] = (double4)(cross(x.xyz, y.xyz), length(y));
  v[2 * g + 1] = normalize(x + 4.0) - normalize(y.wzyx + 4.0);
  float3 fx = convert_float3(x.xyz), fy = convert_float3(y.xyz);
  float3 c = cross(fx, fy);
  f[3 * g + 0] = length(c) + distance(fx.xy, fy.yx);
  f[3 * g + 1] = normalize(fx.zy + 4.0f).x;
  f[3 * g + 2] = length(fx.z) + distance(fx.x, 1.5f);
}
