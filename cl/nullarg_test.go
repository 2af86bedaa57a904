package cl

import (
	"context"
	"encoding/binary"
	"testing"
)

// A NULL buffer argument (SetArg(i, nil), clSetKernelArg with a NULL
// cl_mem) compares equal to NULL in the kernel, and a real buffer, even of
// one word or of chars, does not (the CTS test null_buffer_arg), on every
// device.
func TestNullBufferArg(t *testing.T) {
	const src = `
	kernel void k(global int *a, global char *c, global float4 *f, global int *dst) {
		dst[0] = a == NULL;
		dst[1] = !c;
		dst[2] = f != 0 ? 5 : 9;
		global int *p = get_global_id(0) == 0 ? a : dst;
		dst[3] = p ? 1 : 0;
	}`
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range devs {
		t.Run(d.DriverName(), func(t *testing.T) {
			ctx, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer ctx.Release()
			p, _ := ctx.CreateProgramWithSource(src)
			if err := p.Build(""); err != nil {
				t.Fatalf("%v\n%s", err, p.BuildLog(d))
			}
			k, err := p.CreateKernel("k")
			if err != nil {
				t.Fatal(err)
			}
			q, _ := ctx.CreateQueue(d, 0)
			dst, _ := ctx.CreateBuffer(MemReadWrite, 16, nil)
			word, _ := ctx.CreateBuffer(MemReadWrite, 4, nil)
			chars, _ := ctx.CreateBuffer(MemReadWrite, 3, nil)
			vecs, _ := ctx.CreateBuffer(MemReadWrite, 16, nil)
			run := func(a, c, f *Buffer) [4]int32 {
				t.Helper()
				for i, v := range []*Buffer{a, c, f, dst} {
					var arg any = v
					if v == nil {
						arg = nil
					}
					if err := k.SetArg(i, arg); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := q.Run(context.Background(), k, NDRange{Global: []uint64{1}}); err != nil {
					t.Fatal(err)
				}
				out := make([]byte, 16)
				ev, err := q.EnqueueReadBuffer(dst, 0, out)
				if err == nil {
					err = ev.Wait(context.Background())
				}
				if err != nil {
					t.Fatal(err)
				}
				var r [4]int32
				for i := range r {
					r[i] = int32(binary.LittleEndian.Uint32(out[4*i:]))
				}
				return r
			}
			if got, want := run(nil, nil, nil), [4]int32{1, 1, 9, 0}; got != want {
				t.Errorf("NULL arguments: %v, want %v", got, want)
			}
			if got, want := run(word, chars, vecs), [4]int32{0, 0, 5, 1}; got != want {
				t.Errorf("real buffers: %v, want %v", got, want)
			}
		})
	}
}
