//! kernel comments_continuations
//! global 16
//! arg buffer<int> 16 out

// Comments in odd places, a line splice inside an identifier and // comments ending in \ continue.
kernel void /* between */ comments_continuations(global int *out) {
  int g = get_global_id(0); // trailing comment
  int va\
lue = 3; /* multi
  line */ int other = /**/ 4;
  // this comment continues \
  onto this line, which is therefore also a comment
  out[g] = value * other + g;
}
