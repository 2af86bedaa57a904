kernel void mandel(global int *out, const int w, const int maxit) {
  int x = get_global_id(0), y = get_global_id(1);
  double cr = -2.0 + 3.0 * x / w, ci = -1.5 + 3.0 * y / w;
  double zr = 0, zi = 0; int i = 0;
  while (i < maxit && zr*zr + zi*zi < 4.0) { double t = zr*zr - zi*zi + cr; zi = 2*zr*zi + ci; zr = t; i++; }
  out[y * w + x] = i;
}
//! kernel mandel
//! global 512,512
//! local 16,16
//! arg buffer<int> 262144 out
//! arg int 512
//! arg int 256
