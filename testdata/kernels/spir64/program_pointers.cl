//! kernel program_pointers
//! global 16
//! arg buffer<int> 16 random(0,100)
//! arg buffer<long> 32 out
//! options -cl-std=CL2.0
//! clgo-options -arch=spir64

// Program-scope variables that hold 64-bit pointers (-arch=spir64):
// initialized with an address in another program-scope variable, moved by
// a kernel and read back, beside a struct whose layout has 8-byte pointer
// members.
global int table[8] = {10, 20, 30, 40, 50, 60, 70, 80};
global int *global cursor = &table[2];
global int *global start = table;

typedef struct {
  global int *at;
  long tag;
} entry;

global entry entries[4];

kernel void program_pointers(global const int *in, global long *out) {
  int g = get_global_id(0);
  global int *c = cursor + (g & 3);
  entries[g & 3].tag = g & 3;
  entries[g & 3].at = c;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[g] = *c + in[g] + (long)(c - start) * 1000 + (long)sizeof(entry) * 100000;
  out[g + 16] = *entries[g & 3].at + entries[g & 3].tag * 100 + (long)sizeof(cursor) * 10000;
}
