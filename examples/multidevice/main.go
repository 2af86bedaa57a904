// Command multidevice spreads one NDRange over every device of a kind (all
// GPUs of a machine, by default), one context and queue per device: each
// device runs the work-items of its slice of a triad, a[i] = b[i] + s*c[i],
// through a global offset, and the host checks every element.
//
//	go run ./examples/multidevice [-type gpu|cpu|all] [-n N]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/clgo/clgo/cl"
)

const src = `
kernel void triad(global float *a, global const float *b, global const float *c, float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}`

// part is one device's share of the NDRange.
type part struct {
	dev           *cl.Device
	q             *cl.Queue
	a             *cl.Buffer
	offset, count uint64
}

func main() {
	typ := flag.String("type", "gpu", "devices to use: gpu, cpu or all")
	n := flag.Uint64("n", 1<<24, "work-items in the whole NDRange")
	flag.Parse()
	kinds := map[string]cl.DeviceType{"gpu": cl.DeviceTypeGPU, "cpu": cl.DeviceTypeCPU, "all": cl.DeviceTypeAll}
	kind, ok := kinds[*typ]
	if !ok {
		log.Fatalf("unknown -type %q", *typ)
	}
	ps, err := cl.Platforms()
	if err != nil {
		log.Fatal(err)
	}
	devs, err := ps[0].Devices(kind)
	if err != nil || len(devs) == 0 {
		log.Fatalf("no %s device: %v", *typ, err)
	}
	b, c := make([]float32, *n), make([]float32, *n)
	for i := range b {
		b[i], c[i] = float32(i), float32(i%7)
	}
	const s = 0.5
	// Each device gets a contiguous slice; buffers hold the whole range so
	// that the kernel indexes with get_global_id as it would on one device.
	ctx := context.Background()
	var parts []part
	per := (*n + uint64(len(devs)) - 1) / uint64(len(devs))
	start := time.Now()
	for i, d := range devs {
		off := uint64(i) * per
		cnt := min(per, *n-off)
		clctx, err := cl.CreateContext(d)
		check(err)
		q, err := clctx.CreateQueue(d, 0)
		check(err)
		p, err := clctx.CreateProgramWithSource(src)
		check(err)
		if err := p.Build(""); err != nil {
			log.Fatalf("%s: %v\n%s", d, err, p.BuildLog(d))
		}
		k, err := p.CreateKernel("triad")
		check(err)
		a, err := clctx.CreateBuffer(0, 4**n, nil)
		check(err)
		bb, err := cl.CreateBufferFrom(clctx, 0, b)
		check(err)
		cb, err := cl.CreateBufferFrom(clctx, 0, c)
		check(err)
		check(k.SetArgs(a, bb, cb, float32(s)))
		// Enqueue without waiting: every device works at the same time.
		_, err = q.EnqueueNDRangeKernel(k, []uint64{off}, []uint64{cnt}, nil)
		check(err)
		check(q.Flush())
		parts = append(parts, part{dev: d, q: q, a: a, offset: off, count: cnt})
	}
	for _, pt := range parts {
		got := make([]float32, pt.count)
		check(cl.ReadElems(ctx, pt.q, pt.a, pt.offset, got))
		for j, v := range got {
			i := pt.offset + uint64(j)
			if want := b[i] + s*c[i]; v != want {
				log.Fatalf("%s: a[%d] = %v, want %v", pt.dev, i, v, want)
			}
		}
		fmt.Printf("%-40s work-items [%d, %d) ok\n", pt.dev, pt.offset, pt.offset+pt.count)
	}
	fmt.Printf("%d devices, %d work-items, %v\n", len(parts), *n, time.Since(start).Round(time.Millisecond))
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
