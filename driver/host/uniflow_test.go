package host_test

import (
	"encoding/binary"
	"math"
	"testing"
)

// Kernels whose branches are all uniform run their loop counters and loads
// at uniform addresses as one value (uniflow.go). The same kernel runs
// with and without a faulting hoisted load (which makes every group run its
// hoisted code in place), and with a lane-dependent loop, against results
// computed here.
func TestUniformFlow(t *testing.T) {
	const src = `kernel void uni(global const int *a, global int *out, int n) {
  local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  int acc = 0;
  for (int j = 0; j < n; j++)
    acc += tile[j] * (j + 1) + lid;
#if FAULT
  if (n > 100)
    acc += a[get_global_id(0) + (1 << 20)];
#endif
  out[get_global_id(0)] = acc + tile[(lid + n) % 64];
}
kernel void lanes(global const int *a, global int *out, int n) {
  int acc = 0;
  for (int j = 0; j < get_local_id(0) % n; j++)
    acc += a[get_group_id(0) * 64 + j];
  out[get_global_id(0)] = acc;
}`
	const groups, local = 8, 64
	in := make([]int32, groups*local)
	for i := range in {
		in[i] = int32(i*7%31 - 11)
	}
	for _, fault := range []string{"0", "1"} {
		for _, n := range []int32{0, 1, 5, 64} {
			a, out := ints(in), make([]byte, 4*len(in))
			if err := compileRun(t, "#define FAULT "+fault+"\n"+src, "uni", groups*local, local, n, a, out); err != nil {
				t.Fatal(err)
			}
			for i := range in {
				g, lid := i/local*local, int32(i%local)
				want := int32(0)
				for j := range n {
					want += in[g+int(j)]*(j+1) + lid
				}
				want += in[g+int((lid+n)%64)]
				if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != want {
					t.Fatalf("FAULT %s, n %d: out[%d] = %d, want %d", fault, n, i, got, want)
				}
			}
		}
	}
	a, out := ints(in), make([]byte, 4*len(in))
	if err := compileRun(t, "#define FAULT 0\n"+src, "lanes", groups*local, local, 9, a, out); err != nil {
		t.Fatal(err)
	}
	for i := range in {
		want := int32(0)
		for j := range i % local % 9 {
			want += in[i/local*local+j]
		}
		if got := int32(binary.LittleEndian.Uint32(out[4*i:])); got != want {
			t.Fatalf("lanes: out[%d] = %d, want %d", i, got, want)
		}
	}
}

func ints(v []int32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, uint32(x))
	}
	return b
}

// Loads of a local that live in its rows (loadalias.go) while lanes leave a
// loop at different iterations: values computed from a load must not be
// recomputed for lanes that left, from the local they have since changed.
func TestLoadInVariableRows(t *testing.T) {
	const src = `kernel void digits(global const int *a, global int *out, int n) {
  int g = get_global_id(0);
  uint v = (g % 8 == 0) ? 0 : a[g];
  int d = 0, s = 0;
  do {
    d++;
    s += (int)(v % 10);
    v /= 10;
  } while (v);
  out[g] = d * 1000 + s + n;
}`
	const global = 256
	in := make([]int32, global)
	for i := range in {
		in[i] = int32(i * 7919 % 100003)
	}
	out := make([]byte, 4*global)
	if err := compileRun(t, src, "digits", global, 64, 5, ints(in), out); err != nil {
		t.Fatal(err)
	}
	for g := range global {
		v := uint32(in[g])
		if g%8 == 0 {
			v = 0
		}
		d, s := int32(0), int32(0)
		for {
			d++
			s += int32(v % 10)
			v /= 10
			if v == 0 {
				break
			}
		}
		if got, want := int32(binary.LittleEndian.Uint32(out[4*g:])), d*1000+s+5; got != want {
			t.Fatalf("out[%d] = %d, want %d", g, got, want)
		}
	}
}

// A load that lives in its variable's rows (loadalias.go) must not be read
// through a value sharing those rows (an extract of it) after the variable
// is stored: swapping two pointer variables (each an (object, offset)
// vector) read the new value of the first into the second.
func TestLoadAliasReadAfterStore(t *testing.T) {
	const src = `kernel void swap(global const int *a, global const int *b, global int *out, int n) {
  int g = get_global_id(0);
  global const int *p = a + 4 * g, *q = b + 4 * g;
  global const int **pp = &p;
  int s = *(*pp)++;
  s += *(*pp)++;
  if (g & 1) { global const int *t = p; p = q; q = t; }
  out[g] = 100 * s + *q + n;
}`
	const global = 64
	in := make([]int32, 4*global)
	for i := range in {
		in[i] = int32(i)
	}
	out := make([]byte, 4*global)
	if err := compileRun(t, src, "swap", global, 16, 0, ints(in), ints(in), out); err != nil {
		t.Fatal(err)
	}
	for g := range int32(global) {
		want := 100*(8*g+1) + 4*g
		if g&1 != 0 {
			want += 2
		}
		if got := int32(binary.LittleEndian.Uint32(out[4*g:])); got != want {
			t.Fatalf("out[%d] = %d, want %d", g, got, want)
		}
	}
}

// A vector local written a field at a time in a uniform loop holds one
// value for all lanes too (uniflow.go).
func TestUniformFields(t *testing.T) {
	const src = `kernel void fields(global const float4 *a, global float *out, int n) {
  local float4 tile[16];
  int lid = get_local_id(0);
  tile[lid] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  float acc = 0.0f;
  for (int j = 0; j < n; j++) {
    float4 q = tile[j];
    q.y = q.x * 2.0f;
    acc += q.w * q.y + (float)lid;
  }
  out[get_global_id(0)] = acc;
}`
	const global, local = 64, 16
	in := make([]float32, 4*global)
	for i := range in {
		in[i] = float32(i%23)*0.25 - 2
	}
	out := make([]byte, 4*global)
	if err := compileRun(t, src, "fields", global, local, 16, f32bytes(in), out); err != nil {
		t.Fatal(err)
	}
	for g := range global {
		base, lid := g/local*local, float32(g%local)
		acc := float32(0)
		for j := range 16 {
			q := in[4*(base+j):]
			y := float32(q[0] * 2)
			acc = float32(acc + float32(float32(q[3]*y)+lid))
		}
		if got := math.Float32frombits(binary.LittleEndian.Uint32(out[4*g:])); got != acc {
			t.Fatalf("out[%d] = %v, want %v", g, got, acc)
		}
	}
}

// A buffer written only through an aliased view (a 64-bit atomic on an int
// buffer: a second variable of the same binding, compiler/lower's
// wideView) is written: its loads are not hoisted to the dispatch's start.
func TestAliasedViewWrites(t *testing.T) {
	const src = `#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void k(global int *c, global int *out, int n) {
  atom_add((global long *)c, (1L << 32) + n);
  out[get_global_id(0)] = c[1] * 10 + c[0];
}`
	c := ints([]int32{5, 7})
	out := make([]byte, 4)
	if err := compileRun(t, src, "k", 1, 1, 2, c, out); err != nil {
		t.Fatal(err)
	}
	if got := int32(binary.LittleEndian.Uint32(out)); got != 87 {
		t.Fatalf("out[0] = %d, want 87", got)
	}
}
