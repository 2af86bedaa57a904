#version 450
// Work-group, local and private sizes all from specialization constants:
// memlimit_tiers_test.go runs it with sizes over the host's limits on
// every tier and compares the errors.
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint LOCAL = 64;
layout(constant_id = 2) const uint PRIV = 4;
layout(set = 0, binding = 0) buffer Io { uint data[]; };
shared uint scratch[LOCAL];
void main() {
  uint lid = gl_LocalInvocationID.x;
  uint priv[PRIV];
  for (uint i = 0; i < PRIV; i++)
    priv[i] = data[(lid + i) & 63];
  scratch[lid % LOCAL] = priv[data[lid & 63] % PRIV];
  barrier();
  // Words 0-63 are the input, read by every group; each work-item writes
  // a word of its own after them, so that groups run in parallel do not
  // race.
  data[64 + gl_GlobalInvocationID.x] = scratch[(lid + 1) % LOCAL];
}
