#version 450
// Linked lists through GL_EXT_buffer_reference: glslang makes a
// PhysicalStorageBuffer64 module with a forward-declared pointer to a
// struct, access chains on addresses and pointers stored in buffers.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 4) in;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Node {
  int64_t value;
  Node next;
};
layout(std430, set = 0, binding = 0) buffer Heads { Node heads[]; };
layout(std430, set = 0, binding = 1) buffer Sums { int64_t sums[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int64_t s = 0;
  for (Node n = heads[i]; uint64_t(n) != 0; n = n.next) {
    s += n.value;
  }
  sums[i] = s;
}
