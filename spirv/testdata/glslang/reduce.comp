#version 450
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer In { float data[]; } inp;
layout(std430, binding = 1) buffer Out { float sums[]; } outp;
layout(push_constant) uniform PC { uint n; float scale; } pc;
shared float tile[64];
layout(constant_id = 3) const int K = 4;
struct S { vec3 a; int b[2]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float v = i < pc.n ? inp.data[i] * pc.scale : 0.0;
    tile[gl_LocalInvocationID.x] = v;
    barrier();
    for (uint s = 32; s > 0; s >>= 1) {
        if (gl_LocalInvocationID.x < s) tile[gl_LocalInvocationID.x] += tile[gl_LocalInvocationID.x + s];
        barrier();
    }
    S st; st.a = vec3(1.0, 2.0, 3.5); st.b[1] = K;
    switch (int(i) & 3) { case 0: v = sqrt(v); break; case 1: v = exp(v) + st.a.y; break; default: v = float(st.b[1]); }
    float r = subgroupAdd(v);
    if (gl_LocalInvocationID.x == 0) outp.sums[gl_WorkGroupID.x] = tile[0] + r + float(K) + 1e-7 + uintBitsToFloat(0x7f800000u);
}
