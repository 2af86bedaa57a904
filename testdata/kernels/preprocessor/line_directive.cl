//! kernel line_directive
//! global 4
//! arg buffer<int> 8 out

// #line changes __LINE__; __FILE__ expands to a string.
kernel void line_directive(global int *out) {
  int g = get_global_id(0);
#line 500
  out[2 * g] = __LINE__;
  out[2 * g + 1] = sizeof(__FILE__) > 0;
}
