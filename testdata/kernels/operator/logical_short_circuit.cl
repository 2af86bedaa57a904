//! kernel logical_short_circuit
//! global 64
//! arg buffer<int> 64 random(-2,2)
//! arg buffer<int> 64 out

// && and || short-circuit: the right side's side effect happens only when evaluated.
kernel void logical_short_circuit(global const int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g];
  int n = 0;
  if (x > 0 && ++n > 0) n += 10;
  if (x < 0 || ++n > 5) n += 100;
  int r = (x == 0) && (n++ > 0);
  out[g] = n * 10 + r;
}
