#version 450
// GLSL.std.450's vector instructions (FaceForward, Reflect, Refract,
// Length, Distance, Normalize, Cross) in float and double, and built-ins
// indexed by a variable: TestLeftoverTiers runs it on every tier.
layout(local_size_x = 16, local_size_y = 2) in;
layout(set = 0, binding = 0) readonly buffer In { float v[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { float r[]; } dst;
layout(set = 0, binding = 2) readonly buffer InD { double v[]; } srcd;
layout(set = 0, binding = 3) writeonly buffer OutD { double r[]; } dstd;
layout(set = 0, binding = 4) writeonly buffer Ids { uint r[]; } ids;
void main() {
  uint i = gl_GlobalInvocationID.x + 16 * gl_GlobalInvocationID.y;
  vec3 a = vec3(src.v[10*i], src.v[10*i+1], src.v[10*i+2]);
  vec3 b = vec3(src.v[10*i+3], src.v[10*i+4], src.v[10*i+5]);
  vec3 c = vec3(src.v[10*i+6], src.v[10*i+7], src.v[10*i+8]);
  float eta = src.v[10*i+9];
  vec3 f = faceforward(a, b, c);
  vec3 rf = reflect(a, b);
  vec3 rr = refract(normalize(a), normalize(b), eta);
  vec3 cr = cross(a, c);
  vec2 n2 = normalize(a.xy);
  float o[16] = float[16](f.x, f.y, f.z, rf.x, rf.y, rf.z, rr.x, rr.y, rr.z, cr.x, cr.y, cr.z,
                          length(a), distance(b, c), n2.x, n2.y);
  for (int j = 0; j < 16; j++) dst.r[16*i+j] = o[j];

  dvec3 da = dvec3(srcd.v[10*i], srcd.v[10*i+1], srcd.v[10*i+2]);
  dvec3 db = dvec3(srcd.v[10*i+3], srcd.v[10*i+4], srcd.v[10*i+5]);
  dvec3 dc = dvec3(srcd.v[10*i+6], srcd.v[10*i+7], srcd.v[10*i+8]);
  double deta = srcd.v[10*i+9];
  dvec3 df = faceforward(da, db, dc);
  dvec3 drf = reflect(da, db);
  dvec3 drr = refract(normalize(da), normalize(db), deta);
  dvec3 dcr = cross(da, dc);
  double od[14] = double[14](df.x, df.y, df.z, drf.x, drf.y, drf.z, drr.x, drr.y, drr.z,
                             dcr.x, dcr.y, dcr.z, length(da), distance(db, dc));
  for (int j = 0; j < 14; j++) dstd.r[16*i+j] = od[j];

  uint d = uint(src.v[10*i] > 0.0) + uint(src.v[10*i+1] > 0.0);
  ids.r[4*i] = gl_LocalInvocationID[d];
  ids.r[4*i+1] = gl_GlobalInvocationID[d];
  ids.r[4*i+2] = gl_WorkGroupID[d];
  ids.r[4*i+3] = gl_NumWorkGroups[d];
}
