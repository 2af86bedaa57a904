package cl_test

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/clgo/clgo/cl"
)

// floats and fromFloats move float32 slices to and from the bytes buffers
// hold (little-endian, as every clgo device is).
func floats(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func fromFloats(fs []float32) []byte {
	b := make([]byte, 4*len(fs))
	for i, f := range fs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// hostQueue is a context and an in-order queue on the host device, which
// is always there.
func hostQueue() (*cl.Device, *cl.Context, *cl.Queue) {
	devs, err := cl.Devices()
	if err != nil {
		panic(err)
	}
	dev := devs[0] // the host device comes first
	ctx, err := cl.CreateContext(dev)
	if err != nil {
		panic(err)
	}
	q, err := ctx.CreateQueue(dev, 0)
	if err != nil {
		panic(err)
	}
	return dev, ctx, q
}

// Vector addition: build a program from source, set the arguments, run
// the kernel over an NDRange and read the result back.
func Example() {
	_, ctx, q := hostQueue()
	defer ctx.Release()

	prog, _ := ctx.CreateProgramWithSource(`
		kernel void add(global const float *a, global const float *b, global float *c) {
			size_t i = get_global_id(0);
			c[i] = a[i] + b[i];
		}`)
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	add, _ := prog.CreateKernel("add")

	const n = 8
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(10*i)
	}
	bufA, _ := ctx.CreateBuffer(cl.MemReadOnly|cl.MemCopyHostPtr, 4*n, fromFloats(a))
	bufB, _ := ctx.CreateBuffer(cl.MemReadOnly|cl.MemCopyHostPtr, 4*n, fromFloats(b))
	bufC, _ := ctx.CreateBuffer(cl.MemWriteOnly, 4*n, nil)
	if err := add.SetArgs(bufA, bufB, bufC); err != nil {
		panic(err)
	}
	if _, err := q.Run(context.Background(), add, cl.NDRange{Global: []uint64{n}}); err != nil {
		panic(err)
	}
	out := make([]byte, 4*n)
	ev, err := q.EnqueueReadBuffer(bufC, 0, out)
	if err == nil {
		err = ev.Wait(context.Background()) // errors of the kernel too
	}
	if err != nil {
		panic(err)
	}
	fmt.Println(floats(out))
	// Output: [0 11 22 33 44 55 66 77]
}

// Local memory: each work-group of 64 sums its part of the input in a
// __local array (given as a cl.Local size) with barriers between the steps
// of a tree reduction.
func Example_localMemory() {
	_, ctx, q := hostQueue()
	defer ctx.Release()

	prog, _ := ctx.CreateProgramWithSource(`
		kernel void partial_sums(global const float *in, global float *sums, local float *tmp) {
			size_t l = get_local_id(0);
			tmp[l] = in[get_global_id(0)];
			barrier(CLK_LOCAL_MEM_FENCE);
			for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
				if (l < s)
					tmp[l] += tmp[l + s];
				barrier(CLK_LOCAL_MEM_FENCE);
			}
			if (l == 0)
				sums[get_group_id(0)] = tmp[0];
		}`)
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	k, _ := prog.CreateKernel("partial_sums")

	const n, group = 256, 64
	in := make([]float32, n)
	for i := range in {
		in[i] = 1
	}
	bufIn, _ := ctx.CreateBuffer(cl.MemCopyHostPtr, 4*n, fromFloats(in))
	bufSums, _ := ctx.CreateBuffer(cl.MemWriteOnly, 4*n/group, nil)
	k.SetArgs(bufIn, bufSums, cl.Local(4*group))
	q.Run(context.Background(), k, cl.NDRange{Global: []uint64{n}, Local: []uint64{group}})
	out := make([]byte, 4*n/group)
	ev, _ := q.EnqueueReadBuffer(bufSums, 0, out)
	if err := ev.Wait(context.Background()); err != nil {
		panic(err)
	}
	fmt.Println(floats(out))
	// Output: [64 64 64 64]
}

// Cancellation: the context given to Run bounds the kernel; when its
// deadline passes the kernel is stopped and its event fails.
func Example_cancel() {
	_, ctx, q := hostQueue()
	defer ctx.Release()

	prog, _ := ctx.CreateProgramWithSource(`
		kernel void spin(global uint *x, uint n) {
			uint v = 0;
			for (uint i = 0; i < n; i++)
				v = v * 1664525u + 1013904223u;
			x[get_global_id(0)] = v;
		}`)
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	k, _ := prog.CreateKernel("spin")
	buf, _ := ctx.CreateBuffer(cl.MemReadWrite, 4*1024, nil)
	k.SetArgs(buf, uint32(math.MaxUint32))

	deadline, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ev, err := q.Run(deadline, k, cl.NDRange{Global: []uint64{1024}})
	if err == nil {
		err = ev.Wait(context.Background())
	}
	fmt.Println("stopped:", err != nil)
	// Output: stopped: true
}

// Errors: every error carries the OpenCL code the specification names
// (errors.Is works with the cl.Err* codes), and a failed build has a log
// with the compiler's diagnostics.
func Example_errors() {
	dev, ctx, _ := hostQueue()
	defer ctx.Release()

	prog, _ := ctx.CreateProgramWithSource("kernel void k(global int *p) { *p = undeclared; }")
	err := prog.Build("")
	fmt.Println(errors.Is(err, cl.ErrBuildProgramFailure), cl.Code(err))
	fmt.Print(prog.BuildLog(dev))

	_, err = ctx.CreateBuffer(cl.MemReadWrite, 0, nil)
	fmt.Println(errors.Is(err, cl.ErrInvalidBufferSize))
	// Output:
	// true CL_BUILD_PROGRAM_FAILURE
	// <source>:1:37: error: use of undeclared identifier 'undeclared'
	// kernel void k(global int *p) { *p = undeclared; }
	//                                     ^
	// true
}
