package cl

import (
	"context"
	"testing"
)

// The Go API's side of scripts/gpubench/clcalls.c: the same kernel, sizes
// and loops, so that the ICD's cost per call is the difference between the
// two (docs/performance.md, "The ICD's cost per call").

const latencySource = `__kernel void k(__global float *a, __global float *b, float s) {
  uint i = get_global_id(0); b[i] = a[i] * s; }`

type latencySetup struct {
	q    *Queue
	k    *Kernel
	a    *Buffer
	glob []uint64
}

// latencyDevices runs f on the host device and the first Vulkan device.
func latencyDevices(b *testing.B, f func(b *testing.B, s latencySetup)) {
	devs, err := Devices()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"host", "vulkan"} {
		b.Run(name, func(b *testing.B) {
			var dev *Device
			for _, d := range devs {
				if d.DriverName() == name && dev == nil {
					dev = d
				}
			}
			if dev == nil {
				b.Skipf("no %s device", name)
			}
			ctx, err := CreateContext(dev)
			if err != nil {
				b.Fatal(err)
			}
			defer ctx.Release()
			q, err := ctx.CreateQueue(dev, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer q.Release()
			p, err := ctx.CreateProgramWithSource(latencySource)
			if err != nil {
				b.Fatal(err)
			}
			if err := p.Build(""); err != nil {
				b.Fatal(err)
			}
			k, err := p.CreateKernel("k")
			if err != nil {
				b.Fatal(err)
			}
			defer k.Release()
			a, err := ctx.CreateBuffer(MemReadWrite, 256, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer a.Release()
			c, err := ctx.CreateBuffer(MemReadWrite, 256, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Release()
			if err := k.SetArgs(a, c, float32(2)); err != nil {
				b.Fatal(err)
			}
			f(b, latencySetup{q: q, k: k, a: a, glob: []uint64{64}})
		})
	}
}

// BenchmarkLatency is clEnqueueNDRangeKernel + clFinish of a 64-item
// kernel, again and again: the round trip clpeak calls kernel launch
// latency.
func BenchmarkLatency(b *testing.B) {
	latencyDevices(b, func(b *testing.B, s latencySetup) {
		bg := context.Background()
		for b.Loop() {
			ev, err := s.q.EnqueueNDRangeKernel(s.k, nil, s.glob, s.glob)
			if err != nil {
				b.Fatal(err)
			}
			ev.Release()
			if err := s.q.Finish(bg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEnqueue is the enqueue alone (a Finish every 256 launches).
func BenchmarkEnqueue(b *testing.B) {
	latencyDevices(b, func(b *testing.B, s latencySetup) {
		bg := context.Background()
		i := 0
		for b.Loop() {
			ev, err := s.q.EnqueueNDRangeKernel(s.k, nil, s.glob, s.glob)
			if err != nil {
				b.Fatal(err)
			}
			ev.Release()
			if i++; i%256 == 0 {
				if err := s.q.Finish(bg); err != nil {
					b.Fatal(err)
				}
			}
		}
		if err := s.q.Finish(bg); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkFinishIdle is Finish on a queue with nothing in it.
func BenchmarkFinishIdle(b *testing.B) {
	latencyDevices(b, func(b *testing.B, s latencySetup) {
		bg := context.Background()
		for b.Loop() {
			if err := s.q.Finish(bg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWriteSmall is a blocking 4-byte clEnqueueWriteBuffer.
func BenchmarkWriteSmall(b *testing.B) {
	latencyDevices(b, func(b *testing.B, s latencySetup) {
		bg := context.Background()
		v := []byte{0, 0, 128, 63}
		for b.Loop() {
			ev, err := s.q.EnqueueWriteBuffer(s.a, 0, v)
			if err != nil {
				b.Fatal(err)
			}
			if err := ev.Wait(bg); err != nil {
				b.Fatal(err)
			}
			ev.Release()
		}
	})
}
