package validate

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/spirv/spirvtest"
)

// glslangShaders are compute shaders of the kinds people hand to clgo:
// shared memory and barriers, loops, functions, structs, push constants,
// sub-group operations, atomics, 8/16/64-bit types, buffer references.
var glslangShaders = map[string]string{
	"shared.comp": `#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Buf { float v[]; } b;
shared float tile[64];
void main() {
  uint i = gl_LocalInvocationID.x;
  tile[i] = b.v[gl_GlobalInvocationID.x];
  barrier();
  for (uint s = 32; s > 0; s >>= 1) {
    if (i < s) tile[i] += tile[i + s];
    barrier();
  }
  if (i == 0) b.v[gl_WorkGroupID.x] = tile[0];
}`,
	"functions.comp": `#version 450
layout(local_size_x = 8, local_size_y = 8) in;
struct P { vec2 pos; int id; };
layout(std430, binding = 0) buffer In { P p[]; };
layout(std430, binding = 1) writeonly buffer Out { ivec4 o[]; };
layout(push_constant) uniform PC { uint n; float scale; } pc;
float f(vec2 v, float s) { return length(v) * s; }
int g(int x) { int r = 0; for (int k = 0; k < x; k++) { if (k == 7) continue; r += k; } return r; }
void main() {
  uint i = gl_GlobalInvocationID.y * 64u + gl_GlobalInvocationID.x;
  if (i >= pc.n) return;
  P q = p[i];
  float d = f(q.pos, pc.scale);
  switch (q.id & 3) { case 0: d += 1.0; break; case 1: d *= 2.0; break; default: d = -d; }
  o[i] = ivec4(int(d), g(q.id & 15), q.id, int(i));
}`,
	"subgroup.comp": `#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer B { int counter; uint v[]; };
void main() {
  uint x = v[gl_GlobalInvocationID.x];
  uint s = subgroupAdd(x);
  uvec4 m = subgroupBallot(x > 3u);
  if (subgroupElect()) atomicAdd(counter, int(s + subgroupBallotBitCount(m)));
}`,
	"types.comp": `#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 16) in;
layout(std430, binding = 0) buffer B8 { uint8_t a[]; };
layout(std430, binding = 1) buffer B16 { float16_t h[]; };
layout(std430, binding = 2) buffer B64 { uint64_t w[]; };
layout(std430, binding = 3) buffer BD { double d[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  w[i] = uint64_t(a[i]) << 40 | uint64_t(float(h[i]));
  d[i] = double(w[i]) * 0.5;
}`,
	"bufref.comp": `#version 450
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 64) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, scalar) buffer Node { Node next; float value; };
layout(push_constant, scalar) uniform PC { Node head; } pc;
void main() {
  Node n = pc.head;
  float s = 0.0;
  for (int k = 0; k < 4; k++) { s += n.value; n = n.next; }
  pc.head.value = s;
}`,
}

// Compute shaders from glslang validate, for the Vulkan 1.1 and 1.3
// environments (spirv-val agrees).
func TestGlslangShaders(t *testing.T) {
	glslang := spirvtest.Tool(t, "glslangValidator")
	dir := t.TempDir()
	for name, src := range glslangShaders {
		in := filepath.Join(dir, name)
		if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, env := range []string{"vulkan1.1", "vulkan1.3"} {
			if name == "bufref.comp" && env == "vulkan1.1" {
				continue // buffer references need SPIR-V 1.5
			}
			out := filepath.Join(dir, name+"."+env+".spv")
			if msg, err := exec.Command(glslang, "-V", "--target-env", env, "-o", out, in).CombinedOutput(); err != nil {
				t.Fatalf("%s: glslangValidator: %v\n%s", name, err, msg)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			spirvtest.Validate(t, words(b), env)
			if _, err := Binary(b); err != nil {
				t.Errorf("%s (%s): %v", name, env, err)
			}
		}
	}
}
