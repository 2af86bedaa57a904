//! kernel precedence
//! global 32
//! arg buffer<int> 32 random(-20,20)
//! arg buffer<int> 256 out

// Operator precedence and associativity, checked against the C rules.
kernel void precedence(global const int *a, global int *out) {
  int g = get_global_id(0);
  int x = a[g], y = g + 1, z = 3;
  out[8 * g + 0] = x + y * z - x / z;
  out[8 * g + 1] = x - y - z;
  out[8 * g + 2] = x < y == y > z;
  out[8 * g + 3] = -x * -y + !x;
  out[8 * g + 4] = x << 2 + 1;
  out[8 * g + 5] = x > 0 ? y : z ? 7 : 9;
  int w;
  out[8 * g + 6] = (w = x, w += 2, w * 2);
  out[8 * g + 7] = ~x & y | z ^ x && y || 0;
}
