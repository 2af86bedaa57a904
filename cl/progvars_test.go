package cl

import (
	"context"
	"encoding/binary"
	"slices"
	"testing"
)

// progVarsSource has program-scope __global variables with initializers
// (a scalar, a table, a struct), a function-scope static in a helper both
// kernels call, and a pointer to a program-scope variable.
const progVarsSource = `
global int counter = 5;
global float table[4] = {1.5f, 2.0f, 3.0f, 4.0f};
typedef struct { int a; char b; float4 v; } S;
global S s = {7, 8, (float4)(1.0f, 2.0f, 3.0f, 4.0f)};
int bump(void) { static int calls = 100; return calls++; }
kernel void add(global int *out) {
	out[get_global_id(0)] = atomic_add(&counter, 1);
	if (get_global_id(0) == 0)
		out[8] = bump();
}
kernel void look(global int *out) {
	out[0] = counter;
	global int *p = &counter;
	out[1] = *p;
	table[1] += 1.0f;
	out[2] = (int)(table[1] * 2.0f);
	out[3] = s.a + s.b + (int)s.v.w;
	out[4] = bump();
}
`

// TestProgramScopeVariables: program-scope variables start from their
// initializers, persist from one launch to the next and between the
// program's kernels, and start over in another program object built from
// the same source; CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE is their
// buffer's size. Expected values by hand: counter 5 gets 8 atomic adds per
// launch of add; calls counts every bump.
func TestProgramScopeVariables(t *testing.T) {
	ctx := context.Background()
	for _, d := range realDevices(t) {
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		q, err := c.CreateQueue(d, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer q.Release()
		out, err := c.CreateBuffer(0, 4*9, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer out.Release()
		run := func(p *Program, name string, global uint64) []int32 {
			t.Helper()
			k, err := p.CreateKernel(name)
			if err != nil {
				t.Fatal(err)
			}
			defer k.Release()
			if err := k.SetArgs(out); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{global}, nil); err != nil {
				t.Fatal(err)
			}
			b := make([]byte, 4*9)
			if _, err := q.EnqueueReadBuffer(out, 0, b); err != nil {
				t.Fatal(err)
			}
			if err := q.Finish(ctx); err != nil {
				t.Fatalf("%s: %s: %v", d, name, err)
			}
			v := make([]int32, 9)
			for i := range v {
				v[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
			}
			return v
		}
		build := func() *Program {
			p, err := c.CreateProgramWithSource(progVarsSource)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build("-cl-std=CL3.0", d); err != nil {
				t.Fatalf("%s: %v\n%s", d, err, p.BuildLog(d))
			}
			return p
		}
		p := build()
		defer p.Release()
		// counter at 0, table at 16, s at 32 (32 bytes), calls at 64: 80
		// bytes with the buffer rounded to 16.
		if got := p.GlobalVariableTotalSize(d); got != 80 {
			t.Errorf("%s: CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE %d, want 80", d, got)
		}
		for launch, first := range []int32{5, 13} {
			got := run(p, "add", 8)
			ids := slices.Clone(got[:8])
			slices.Sort(ids)
			for i, v := range ids {
				if v != first+int32(i) {
					t.Errorf("%s: launch %d of add: counter values %v, want %d..%d", d, launch, ids, first, first+7)
					break
				}
			}
			if got[8] != 100+int32(launch) {
				t.Errorf("%s: launch %d of add: static calls %d, want %d", d, launch, got[8], 100+launch)
			}
		}
		for i, want := range [][]int32{{21, 21, 6, 19, 102}, {21, 21, 8, 19, 103}} {
			if got := run(p, "look", 1); !slices.Equal(got[:5], want) {
				t.Errorf("%s: launch %d of look: %v, want %v", d, i, got[:5], want)
			}
		}
		// Another program object has its own variables.
		p2 := build()
		defer p2.Release()
		if got := run(p2, "look", 1); !slices.Equal(got[:5], []int32{5, 5, 6, 19, 100}) {
			t.Errorf("%s: a second program: %v, want [5 5 6 19 100]", d, got[:5])
		}
		t.Logf("%s: program-scope variables checked", d)
	}
}

// TestProgramScopePointers: a pointer kept in a program-scope variable
// starts at its initializer (the address of another program-scope
// variable) and, stored by one kernel, is followed by another in a later
// launch; a struct in a program-scope variable holds pointers too, and a
// pointer is initialized with an address inside an array.
func TestProgramScopePointers(t *testing.T) {
	const src = `
global int counter = 40;
global int arr[4] = {1, 2, 3, 4};
global int *gp = &counter;
global int *gq = arr + 1;
typedef struct { global int *p; int n; } holder;
global holder h;
kernel void setp(global int *out, int which) {
	gp = which ? &arr[2] : &counter;
	h.p = &arr[which];
	h.n = which;
}
kernel void readp(global int *out) {
	out[0] = *gp;
	out[1] = h.p == 0 ? -1 : *h.p + 100 * h.n;
	out[2] = gq[1] * 10 + *gq;
	*gp += 1000;
}`
	ctx := context.Background()
	for _, d := range realDevices(t) {
		c, err := CreateContext(d)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release()
		q, err := c.CreateQueue(d, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer q.Release()
		p, err := c.CreateProgramWithSource(src)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Release()
		if err := p.Build("-cl-std=CL3.0", d); err != nil {
			t.Fatalf("%s: %v\n%s", d, err, p.BuildLog(d))
		}
		out, err := c.CreateBuffer(0, 12, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer out.Release()
		run := func(name string, args ...any) []int32 {
			t.Helper()
			k, err := p.CreateKernel(name)
			if err != nil {
				t.Fatal(err)
			}
			defer k.Release()
			if err := k.SetArgs(append([]any{out}, args...)...); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, nil); err != nil {
				t.Fatal(err)
			}
			b := make([]byte, 12)
			if _, err := q.EnqueueReadBuffer(out, 0, b); err != nil {
				t.Fatal(err)
			}
			if err := q.Finish(ctx); err != nil {
				t.Fatalf("%s: %s: %v", d, name, err)
			}
			return []int32{int32(binary.LittleEndian.Uint32(b)), int32(binary.LittleEndian.Uint32(b[4:])), int32(binary.LittleEndian.Uint32(b[8:]))}
		}
		steps := []struct {
			set  int32 // -1: no setp before readp
			want []int32
		}{
			{-1, []int32{40, -1, 32}},      // gp = &counter; h zero; gq = &arr[1]
			{1, []int32{3, 102, 32}},       // gp = &arr[2]; h.p = &arr[1]
			{0, []int32{1040, 1, 10032}},   // counter += 1000 by step 0; h.p = &arr[0]
			{1, []int32{1003, 102, 10032}}, // arr[2] += 1000 by step 1
		}
		for i, s := range steps {
			if s.set >= 0 {
				run("setp", s.set)
			}
			if got := run("readp"); !slices.Equal(got, s.want) {
				t.Errorf("%s: step %d: %v, want %v", d, i, got, s.want)
			}
		}
		t.Logf("%s: program-scope pointers checked", d)
	}
}
