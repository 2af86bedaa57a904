//! kernel common
//! global 256
//! arg buffer<float> 256 random(-2,2)
//! arg buffer<float> 1536 out
//! tolerance 1e-6

// Common functions: clamp, degrees, radians, mix, step, smoothstep, sign.
kernel void common(global const float *a, global float *out) {
  int g = get_global_id(0);
  float x = a[g];
  global float *o = out + 6 * g;
  o[0] = clamp(x, -0.5f, 1.0f);
  o[1] = degrees(x) + radians(x * 100.0f);
  o[2] = mix(x, 10.0f, 0.25f);
  o[3] = step(0.3f, x);
  o[4] = smoothstep(-1.0f, 1.0f, x);
  o[5] = sign(x) + sign(0.0f) + sign(-0.0f);
}
