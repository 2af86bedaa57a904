//! kernel sieve
//! global 64
//! arg buffer<int> 64 out

// Counts primes below 200+8g with a private sieve array.
kernel void sieve(global int *out) {
  int g = get_global_id(0);
  int n = 200 + 8 * g;
  uchar composite[712];
  for (int i = 0; i < n; i++) composite[i] = 0;
  int count = 0;
  for (int i = 2; i < n; i++) {
    if (composite[i]) continue;
    count++;
    for (int j = i * i; j < n; j += i) composite[j] = 1;
  }
  out[g] = count;
}
