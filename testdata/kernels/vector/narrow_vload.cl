//! kernel narrow_vload
//! global 512
//! local 64
//! arg buffer<uchar> 8192 random
//! arg buffer<ushort> 2048 random
//! arg buffer<uchar> 8192 out
//! arg buffer<ushort> 2048 out
//! arg buffer<uchar> 1024 out

// vloadn and vstoren of uchar and ushort (byte streams): native code
// moves a lane's components as one access (vecnarrow.go), the stores at
// the loads' offsets included; a vstore2 under a condition stores the
// active lanes' bytes only.
kernel void narrow_vload(global const uchar *bytes, global const ushort *words,
                         global uchar *bout, global ushort *wout,
                         global uchar *pairs) {
  int i = get_global_id(0);
  uchar16 b = vload16(i, bytes);
  vstore16(rotate(b.s9abcdef012345678, (uchar16)(1)) ^ b, i, bout);
  ushort4 w = vload4(i, words);
  vstore4(w.wzyx + (ushort4)(i), i, wout);
  if (b.s0 & 1)
    vstore2((uchar2)(b.s3, (uchar)w.y), i, pairs);
}
