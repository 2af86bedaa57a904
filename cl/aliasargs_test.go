package cl_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/refcl"
)

// aliasArgsSource stores out[d] and reads in[0] in each iteration; where
// in[0] is out[d] (one cl_mem as both, or overlapping sub-buffers) every
// load must see the store before it, as C says. A Vulkan driver that took
// the two storage buffers for distinct memory could keep in[0] in a
// register (driver/vulkan/alias.go).
const aliasArgsSource = `kernel void k(global int *out, global const int *in, int n, int d) {
	int s = 0;
	for (int j = 0; j < n; j++) {
		out[d] = s + j;
		s += in[0];
	}
	out[d + 1] = s;
}`

const (
	aliasBytes  = 4096
	aliasOrigin = 1024 // in's sub-buffer starts here: a multiple of every device's base address alignment
)

// aliasWant is the buffer after the kernel with in[0] at out[d] and n = 6:
// s(j+1) = s(j) + out[d] = 2 s(j) + j from 0: 0, 0, 1, 4, 11, 26, 57, and
// the last store of out[d] is 26 + 5; every other word stays 0.
func aliasWant(d int) []byte {
	want := make([]byte, aliasBytes)
	binary.LittleEndian.PutUint32(want[4*d:], 31)
	binary.LittleEndian.PutUint32(want[4*d+4:], 57)
	return want
}

// aliasCase is one way of binding the memory: out and in one buffer, or
// overlapping sub-buffers (out [0, 2048), in [1024, 2048)).
type aliasCase struct {
	name string
	sub  bool
	d    int // the word of out that in[0] reads
}

var aliasCases = []aliasCase{{"one buffer", false, 0}, {"sub-buffers", true, aliasOrigin / 4}}

// TestAliasedArgumentsDevices runs aliasArgsSource with in and out over
// the same memory on every clgo device, logical and physical addressing,
// and compares the buffer with the hand-worked words and with the
// reference OpenCL's.
func TestAliasedArgumentsDevices(t *testing.T) {
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	ref := refAliased(t)
	for _, dev := range devs {
		for _, opts := range []string{"", "-physical-storage-buffers"} {
			for _, ac := range aliasCases {
				got := clgoAliased(t, dev, opts, ac)
				if want := aliasWant(ac.d); string(got) != string(want) {
					t.Errorf("%s %q, %s: out[%d], out[%d] = %d, %d, want 31, 57", dev.DriverName(), opts, ac.name, ac.d, ac.d+1,
						binary.LittleEndian.Uint32(got[4*ac.d:]), binary.LittleEndian.Uint32(got[4*ac.d+4:]))
				}
				if r := ref[ac.name]; r != nil && string(got) != string(r) {
					t.Errorf("%s %q, %s: differs from the reference OpenCL's", dev.DriverName(), opts, ac.name)
				}
			}
		}
	}
}

// clgoAliased runs the case on dev and returns the whole buffer.
func clgoAliased(t *testing.T, dev *cl.Device, opts string, ac aliasCase) []byte {
	t.Helper()
	c, err := cl.CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(aliasArgsSource)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(opts); err != nil {
		t.Fatalf("%s %q: %v", dev.DriverName(), opts, err)
	}
	k, err := p.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := c.CreateBuffer(cl.MemReadWrite, aliasBytes, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if _, err := q.EnqueueWriteBuffer(b, 0, make([]byte, aliasBytes)); err != nil {
		t.Fatal(err)
	}
	out, in := b, b
	if ac.sub {
		if out, err = b.CreateSubBuffer(cl.MemReadWrite, 0, 2*aliasOrigin); err != nil {
			t.Fatal(err)
		}
		defer out.Release()
		if in, err = b.CreateSubBuffer(cl.MemReadWrite, aliasOrigin, aliasOrigin); err != nil {
			t.Fatal(err)
		}
		defer in.Release()
	}
	if err := k.SetArgs(out, in, int32(6), int32(ac.d)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{1}, []uint64{1}); err != nil {
		t.Fatalf("%s %q, %s: %v", dev.DriverName(), opts, ac.name, err)
	}
	got := make([]byte, aliasBytes)
	if _, err := q.EnqueueReadBuffer(b, 0, got); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	return got
}

// refAliased runs every case on the reference OpenCL: the buffers by case
// name, none without one.
func refAliased(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	devs, err := refcl.AllDevices()
	if err != nil || len(devs) == 0 {
		t.Logf("no reference OpenCL: %v", err)
		return out
	}
	ctx, err := refcl.NewContext(devs[0])
	if err != nil {
		t.Logf("no reference OpenCL: %v", err)
		return out
	}
	defer ctx.Release()
	p, err := ctx.Build(aliasArgsSource, "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	pod := func(v int32) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
	for _, ac := range aliasCases {
		b, err := ctx.NewBuffer(aliasBytes)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Write(0, make([]byte, aliasBytes)); err != nil {
			t.Fatal(err)
		}
		o, i := b, b
		if ac.sub {
			if o, err = b.SubBuffer(0, 2*aliasOrigin); err != nil {
				t.Fatal(err)
			}
			if i, err = b.SubBuffer(aliasOrigin, aliasOrigin); err != nil {
				t.Fatal(err)
			}
		}
		for n, err := range []error{k.SetBuffer(0, o), k.SetBuffer(1, i), k.SetBytes(2, pod(6)), k.SetBytes(3, pod(int32(ac.d)))} {
			if err != nil {
				t.Fatalf("reference argument %d: %v", n, err)
			}
		}
		if _, err := ctx.Run(k, []uint64{1}, []uint64{1}); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, aliasBytes)
		if err := b.Read(0, got); err != nil {
			t.Fatal(err)
		}
		if want := aliasWant(ac.d); string(got) != string(want) {
			t.Errorf("reference OpenCL, %s: out[%d], out[%d] = %d, %d, want 31, 57", ac.name, ac.d, ac.d+1,
				binary.LittleEndian.Uint32(got[4*ac.d:]), binary.LittleEndian.Uint32(got[4*ac.d+4:]))
		}
		out[ac.name] = got
		if ac.sub {
			o.Release()
			i.Release()
		}
		b.Release()
	}
	return out
}
