#version 450
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) buffer Flag { uint flag; uint count[]; };
void main() {
  // Never ends unless something sets flag: for the cancellation test.
  // Each work-group counts in its own word: groups run concurrently.
  while (flag == 0u)
    count[gl_WorkGroupID.x] += 1u;
}
