package cl_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

// Shared virtual memory, coarse-grained: the host writes the allocation
// inside a map, a kernel gets a pointer into it, and the host reads the
// result inside another map.
func ExampleContext_SVMAlloc() {
	ctx, q, err := cl.DefaultFor("host")
	if err != nil {
		panic(err)
	}
	defer ctx.Release()
	defer q.Release()

	s, err := ctx.SVMAlloc(cl.MemReadWrite, 4*4, 0)
	if err != nil {
		panic(err)
	}
	defer s.Free()
	mem := s.Bytes()

	ev, _ := q.EnqueueSVMMap(cl.MapWrite, mem)
	ev.Wait(context.Background())
	copy(mem, fromFloats([]float32{1, 2, 3, 4}))
	q.EnqueueSVMUnmap(s.Pointer())

	prog, _ := ctx.CreateProgramWithSource(`kernel void twice(global float *a) { a[get_global_id(0)] *= 2; }`)
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	k, _ := prog.CreateKernel("twice")
	k.SetArgSVMPointer(0, unsafe.Pointer(&mem[8])) // the last two floats
	q.EnqueueNDRangeKernel(k, nil, []uint64{2}, nil)

	ev, _ = q.EnqueueSVMMap(cl.MapRead, mem)
	ev.Wait(context.Background())
	fmt.Println(floats(mem))
	q.EnqueueSVMUnmap(s.Pointer())
	q.Finish(context.Background())
	// Output: [1 2 6 8]
}

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
