//! kernel sizeof_event
//! global 1
//! arg buffer<uint> 3 out

// sizeof(event_t) is a pointer's size, as in clang and PoCL (clgo's
// pointers are 32-bit, PoCL's 64-bit).
kernel void sizeof_event(global uint *o) {
  o[0] = sizeof(event_t) == sizeof(void *);
  o[1] = __alignof__(event_t) == __alignof__(void *);
  o[2] = sizeof(event_t) >= 4;
}
