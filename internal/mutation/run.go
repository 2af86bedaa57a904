package mutation

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clgo/clgo/cl"
)

// Kind is what a mutant is.
type Kind string

const (
	Source Kind = "source" // OpenCL C
	Module Kind = "spirv"  // a SPIR-V module, through CreateProgramWithIL
)

// Outcome is how far a mutant got: every stage may fail with an error, the
// answer a bad input deserves.
type Outcome struct {
	Stage string // "build", "kernels", "args", "run", "done"
	Err   error  // the error that stopped it, if any
}

func (o Outcome) String() string {
	if o.Err != nil {
		return o.Stage + ": " + o.Err.Error()
	}
	return o.Stage
}

// ErrUninterruptible says that a kernel went on past its deadline on a
// device that cannot stop a running dispatch.
var ErrUninterruptible = errors.New("the kernel ran past its deadline and the device did not stop it")

// Run builds the mutant on the device whose driver is drv ("host",
// "vulkan") and runs every kernel it has once over a small NDRange with
// buffers of 64 KiB, __local arguments of 1 KiB and scalar arguments of 16.
// A kernel is given timeout to run.
func Run(kind Kind, drv string, data []byte, timeout time.Duration) (Outcome, error) {
	devs, err := cl.Devices()
	if err != nil {
		return Outcome{}, err
	}
	var dev *cl.Device
	for _, d := range devs {
		if d.DriverName() == drv {
			dev = d
			break
		}
	}
	if dev == nil {
		return Outcome{}, fmt.Errorf("no %s device", drv)
	}
	ctx, err := cl.CreateContext(dev)
	if err != nil {
		return Outcome{}, err
	}
	defer ctx.Release()
	var prog *cl.Program
	if kind == Source {
		prog, err = ctx.CreateProgramWithSource(string(data))
	} else {
		prog, err = ctx.CreateProgramWithIL(data)
	}
	if err == nil {
		err = prog.Build("")
	}
	if err != nil {
		return Outcome{"build", err}, nil
	}
	defer prog.Release()
	ks, err := prog.CreateKernelsInProgram()
	if err != nil {
		return Outcome{"kernels", err}, nil
	}
	q, err := ctx.CreateQueue(dev, 0)
	if err != nil {
		return Outcome{}, err
	}
	defer q.Release()
	pattern := make([]byte, 64<<10)
	for i := range pattern {
		pattern[i] = byte(i * 7)
	}
	last := Outcome{Stage: "done"}
	for _, k := range ks {
		o := runKernel(ctx, q, k, pattern, timeout)
		if o.Err != nil {
			last = o
		}
		if errors.Is(o.Err, ErrUninterruptible) {
			return o, nil
		}
		k.Release()
	}
	return last, nil
}

func runKernel(ctx *cl.Context, q *cl.Queue, k *cl.Kernel, pattern []byte, timeout time.Duration) Outcome {
	var bufs []*cl.Buffer
	defer func() {
		for _, b := range bufs {
			b.Release()
		}
	}()
	for i := 0; i < k.NumArgs(); i++ {
		ai, err := k.ArgInfo(i)
		if err != nil {
			return Outcome{"args", err}
		}
		var v any
		switch ai.Kind {
		case cl.ArgBuffer:
			b, err := ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, uint64(len(pattern)), pattern)
			if err != nil {
				return Outcome{"args", err}
			}
			bufs = append(bufs, b)
			v = b
		case cl.ArgLocal:
			v = cl.Local(1024)
		case cl.ArgPOD:
			b := make([]byte, ai.Size)
			if len(b) > 0 {
				b[0] = 16
			}
			v = b
		default:
			return Outcome{"args", fmt.Errorf("argument %d: %v arguments are not exercised", i, ai.Kind)}
		}
		if err := k.SetArg(i, v); err != nil {
			return Outcome{"args", err}
		}
	}
	runCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		ev, err := q.Run(runCtx, k, cl.NDRange{Global: []uint64{256}})
		if err == nil {
			err = ev.Wait(context.Background())
		}
		if err == nil {
			err = q.Finish(context.Background())
		}
		if err == nil && len(bufs) > 0 {
			// A blocking read after the kernel: it must not hide a
			// failure of the kernel.
			var ev *cl.Event
			if ev, err = q.EnqueueReadBuffer(bufs[0], 0, make([]byte, 256)); err == nil {
				err = ev.Wait(context.Background())
			}
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			return Outcome{"run", err}
		}
		return Outcome{Stage: "done"}
	case <-time.After(timeout + 10*time.Second):
		return Outcome{"run", ErrUninterruptible}
	}
}
