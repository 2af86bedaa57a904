package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/internal/refcl"
)

// kfile is a kernel file with its run spec.
type kfile struct {
	path string
	src  string
	spec *kspec.Spec
}

func loadFile(path string) (*kfile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := kspec.Parse(path, string(b))
	if err != nil {
		return nil, err
	}
	return &kfile{path: path, src: string(b), spec: s}, nil
}

// inputs makes the initial data of every argument of s.
func inputs(s *kspec.Spec) [][]byte {
	out := make([][]byte, len(s.Args))
	for i := range s.Args {
		out[i] = s.Data(i)
	}
	return out
}

// target is something that runs kernel files: a clgo device or a device of
// another OpenCL platform.
type target interface {
	name() string
	// run runs s (from file f) with the given inputs, returning the
	// buffers' contents after the run (nil entries for non-buffers) when
	// readBack, and the kernel's time in ns.
	run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) (out [][]byte, ns uint64, err error)
	close()
}

// refTarget is a device of a reference OpenCL platform.
type refTarget struct {
	dev   *refcl.Device
	ctx   *refcl.Context
	progs map[string]*refcl.Program // by source and options
}

func newRefTarget(d *refcl.Device) (*refTarget, error) {
	c, err := refcl.NewContext(d)
	if err != nil {
		return nil, err
	}
	return &refTarget{dev: d, ctx: c, progs: map[string]*refcl.Program{}}, nil
}

func (t *refTarget) name() string {
	return shortPlatform(t.dev.Platform.Name) + ": " + t.dev.Name
}

func shortPlatform(n string) string {
	if n == "Portable Computing Language" {
		return "PoCL"
	}
	return n
}

func (t *refTarget) close() {
	for _, p := range t.progs {
		p.Release()
	}
	t.ctx.Release()
}

func (t *refTarget) run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) ([][]byte, uint64, error) {
	key := s.Options + "\x00" + f.src
	p := t.progs[key]
	if p == nil {
		var err error
		p, err = t.ctx.Build(f.src, s.Options)
		if err != nil {
			return nil, 0, err
		}
		t.progs[key] = p
	}
	k, err := p.Kernel(s.Kernel)
	if err != nil {
		return nil, 0, err
	}
	defer k.Release()
	bufs := make([]*refcl.Buffer, len(s.Args))
	defer func() {
		for _, b := range bufs {
			if b != nil {
				b.Release()
			}
		}
	}()
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := t.ctx.NewBuffer(a.Bytes())
			if err != nil {
				return nil, 0, fmt.Errorf("argument %d: %w", i, err)
			}
			bufs[i] = b
			if err := b.Write(0, in[i]); err != nil {
				return nil, 0, err
			}
			err = k.SetBuffer(i, b)
		case kspec.ArgLocal:
			err = k.SetLocal(i, a.Bytes())
		case kspec.ArgScalar:
			err = k.SetBytes(i, in[i])
		}
		if err != nil {
			return nil, 0, err
		}
	}
	tm, err := t.ctx.Run(k, s.Global, s.Local)
	if err != nil {
		return nil, 0, err
	}
	var out [][]byte
	if readBack {
		out = make([][]byte, len(s.Args))
		for i, b := range bufs {
			if b == nil {
				continue
			}
			out[i] = make([]byte, b.Size)
			if err := b.Read(0, out[i]); err != nil {
				return nil, 0, err
			}
		}
	}
	return out, tm.Kernel(), nil
}

// clgoTarget is a clgo device.
type clgoTarget struct {
	dev   *cl.Device
	ctx   *cl.Context
	q     *cl.Queue
	progs map[string]*cl.Program
}

func newClgoTarget(d *cl.Device) (*clgoTarget, error) {
	c, err := cl.CreateContext(d)
	if err != nil {
		return nil, err
	}
	q, err := c.CreateQueue(d, cl.QueueProfilingEnable)
	if err != nil {
		return nil, err
	}
	return &clgoTarget{dev: d, ctx: c, q: q, progs: map[string]*cl.Program{}}, nil
}

func (t *clgoTarget) name() string { return "clgo " + t.dev.String() }

func (t *clgoTarget) close() {
	for _, p := range t.progs {
		p.Release()
	}
	t.q.Release()
	t.ctx.Release()
}

func (t *clgoTarget) run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) ([][]byte, uint64, error) {
	bg := context.Background()
	key := s.Options + "\x00" + f.src
	p := t.progs[key]
	if p == nil {
		var err error
		p, err = t.ctx.CreateProgramWithSource(f.src)
		if err != nil {
			return nil, 0, err
		}
		if err := p.Build(s.Options); err != nil {
			return nil, 0, err
		}
		t.progs[key] = p
	}
	k, err := p.CreateKernel(s.Kernel)
	if err != nil {
		return nil, 0, err
	}
	defer k.Release()
	bufs := make([]*cl.Buffer, len(s.Args))
	defer func() {
		for _, b := range bufs {
			if b != nil {
				b.Release()
			}
		}
	}()
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := t.ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, a.Bytes(), in[i])
			if err != nil {
				return nil, 0, fmt.Errorf("argument %d: %w", i, err)
			}
			bufs[i] = b
			err = k.SetArg(i, b)
		case kspec.ArgLocal:
			err = k.SetArg(i, cl.Local(a.Bytes()))
		case kspec.ArgScalar:
			err = k.SetArg(i, in[i])
		}
		if err != nil {
			return nil, 0, err
		}
	}
	ev, err := t.q.EnqueueNDRangeKernel(k, nil, s.Global, s.Local)
	if err != nil {
		return nil, 0, err
	}
	if err := ev.Wait(bg); err != nil {
		return nil, 0, err
	}
	prof, err := ev.Profile()
	if err != nil {
		return nil, 0, err
	}
	var out [][]byte
	if readBack {
		out = make([][]byte, len(s.Args))
		for i, b := range bufs {
			if b == nil {
				continue
			}
			out[i] = make([]byte, b.Size())
			ev, err := t.q.EnqueueReadBuffer(b, 0, out[i])
			if err != nil {
				return nil, 0, err
			}
			if err := ev.Wait(bg); err != nil {
				return nil, 0, err
			}
		}
	}
	return out, prof.Duration(), nil
}

// clgoDevices returns the clgo devices selected by sel: "" for all, a
// driver name ("host", "vulkan"), or an index into `clgo info`'s list.
func clgoDevices(sel string) ([]*cl.Device, error) {
	devs, err := cl.Devices()
	if err != nil {
		if sel == "" {
			return nil, nil
		}
		return nil, err
	}
	if sel == "" {
		return devs, nil
	}
	if n, err := strconv.Atoi(sel); err == nil {
		if n < 0 || n >= len(devs) {
			return nil, fmt.Errorf("no clgo device %d (there are %d)", n, len(devs))
		}
		return devs[n : n+1], nil
	}
	var out []*cl.Device
	for _, d := range devs {
		if d.DriverName() == sel {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		var names []string
		for _, d := range devs {
			names = append(names, d.DriverName())
		}
		return nil, fmt.Errorf("no clgo device of driver %q (have: %s)", sel, strings.Join(names, ", "))
	}
	return out, nil
}

// refDevices lists the reference platforms' devices; missing OpenCL is
// an error.
func refDevices() ([]*refcl.Device, error) { return refcl.AllDevices() }

// pickReference returns the reference device: PoCL when present (the
// project's oracle), else the first.
func pickReference(devs []*refcl.Device) *refcl.Device {
	for _, d := range devs {
		if strings.Contains(d.Platform.Name, "Portable Computing Language") {
			return d
		}
	}
	return devs[0]
}
