// Command quickstart is the README's first Go program: vector addition on
// the best device clgo finds (a Vulkan GPU, else the host CPU), bounded
// by a timeout.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/clgo/clgo/cl"
)

const source = `
kernel void add(global const float *a, global const float *b, global float *c) {
	size_t i = get_global_id(0);
	c[i] = a[i] + b[i];
}`

func main() {
	// ctx is a Go context.Context; clctx is an OpenCL context.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	clctx, q, err := cl.Default() // or cl.DefaultFor("host"), cl.DefaultFor("vulkan")
	if err != nil {
		log.Fatal(err)
	}
	defer clctx.Release()
	defer q.Release()
	fmt.Println("device:", q.Device())

	prog, err := clctx.CreateProgramWithSource(source)
	if err != nil {
		log.Fatal(err)
	}
	if err := prog.Build(""); err != nil {
		log.Fatal(err) // a build error ends with the compiler's diagnostics
	}
	add, err := prog.CreateKernel("add")
	if err != nil {
		log.Fatal(err)
	}

	const n = 1 << 20
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i)
	}
	bufA, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, a)
	if err != nil {
		log.Fatal(err)
	}
	bufB, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, b)
	if err != nil {
		log.Fatal(err)
	}
	bufC, err := clctx.CreateBuffer(cl.MemWriteOnly, 4*n, nil) // sizes of Create/Enqueue* are in bytes
	if err != nil {
		log.Fatal(err)
	}
	if err := add.SetArgs(bufA, bufB, bufC); err != nil {
		log.Fatal(err)
	}
	if _, err := q.Run(ctx, add, cl.NDRange{Global: []uint64{n}}); err != nil {
		log.Fatal(err)
	}
	c, err := cl.ReadAll[float32](ctx, q, bufC) // the in-order queue reads after the kernel
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		log.Fatal("too slow: ", err)
	case err != nil:
		log.Fatal(err)
	}
	fmt.Println("c[1000] =", c[1000])
}
