//go:build !clgo_compile_only

package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

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
	// reset drops the target's context and programs and makes a fresh
	// context, so that a failure (an implementation that poisons its
	// context after a crash) stays with the file that caused it.
	reset() error
	// run runs s (from file f) with the given inputs, returning the
	// buffers' contents after the run (nil entries for non-buffers) when
	// readBack, and the kernel's time in ns.
	run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) (out [][]byte, ns uint64, err error)
	// launches sets s up once, then enqueues it n times and waits for the
	// queue to finish; it returns the wall time of the enqueues and the
	// finish, and the buffers after the last run.
	launches(f *kfile, s *kspec.Spec, in [][]byte, n int) (wall time.Duration, out [][]byte, err error)
	close()
}

// refTarget is a device of a reference OpenCL platform.
type refTarget struct {
	dev   *refcl.Device
	ctx   *refcl.Context
	plain *refcl.Context            // without profiling, for launches; made on first use
	progs map[string]*refcl.Program // by source and options
}

func newRefTarget(d *refcl.Device) (*refTarget, error) {
	t := &refTarget{dev: d}
	return t, t.reset()
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

func (t *refTarget) reset() error {
	t.close()
	c, err := refcl.NewContext(t.dev)
	if err != nil {
		return err
	}
	t.ctx, t.progs = c, map[string]*refcl.Program{}
	return nil
}

func (t *refTarget) close() {
	for _, p := range t.progs {
		p.Release()
	}
	t.progs = nil
	for _, c := range []**refcl.Context{&t.ctx, &t.plain} {
		if *c != nil {
			(*c).Release()
			*c = nil
		}
	}
}

// refRun is a kernel with its arguments set, on one context.
type refRun struct {
	ctx      *refcl.Context
	k        *refcl.Kernel
	bufs     []*refcl.Buffer
	imgs     []*refcl.Image
	samplers []*refcl.Sampler
}

func (r *refRun) release() {
	for _, b := range r.bufs {
		if b != nil {
			b.Release()
		}
	}
	for _, im := range r.imgs {
		if im != nil {
			im.Release()
		}
	}
	for _, sm := range r.samplers {
		if sm != nil {
			sm.Release()
		}
	}
	if r.k != nil {
		r.k.Release()
	}
}

// setup builds f on ctx (programs are cached per context) and sets the
// kernel's arguments from in.
func (t *refTarget) setup(ctx *refcl.Context, f *kfile, s *kspec.Spec, in [][]byte) (*refRun, error) {
	if ctx == nil {
		return nil, fmt.Errorf("no context (an earlier failure)")
	}
	key := s.Options + "\x00" + f.src
	if ctx != t.ctx {
		key = "plain\x00" + key
	}
	p := t.progs[key]
	if p == nil {
		var err error
		p, err = ctx.Build(f.src, s.Options)
		if err != nil {
			return nil, err
		}
		t.progs[key] = p
	}
	k, err := p.Kernel(s.Kernel)
	if err != nil {
		return nil, err
	}
	n := len(s.Args)
	r := &refRun{ctx: ctx, k: k, bufs: make([]*refcl.Buffer, n), imgs: make([]*refcl.Image, n), samplers: make([]*refcl.Sampler, n)}
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := ctx.NewBuffer(a.Bytes())
			if err != nil {
				r.release()
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			r.bufs[i] = b
			if err := b.Write(0, in[i]); err != nil {
				r.release()
				return nil, err
			}
			err = k.SetBuffer(i, b)
		case kspec.ArgLocal:
			err = k.SetLocal(i, a.Bytes())
		case kspec.ArgScalar:
			err = k.SetBytes(i, in[i])
		case kspec.ArgImage:
			im := a.Image
			var img *refcl.Image
			img, err = ctx.NewImage(refcl.ImageSpec{Type: im.MemType, Order: im.Order, DataType: im.DataType,
				Width: im.Width, Height: im.Height, Depth: im.Depth, ArraySize: im.ArraySize}, uint64(a.Type.ElemSize()))
			if err != nil {
				r.release()
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			r.imgs[i] = img
			if err = img.Write(in[i]); err == nil {
				err = k.SetImage(i, img)
			}
		case kspec.ArgSampler:
			var sm *refcl.Sampler
			sm, err = ctx.NewSampler(a.Sampler.Normalized, a.Sampler.Addressing, a.Sampler.Filter)
			if err == nil {
				r.samplers[i] = sm
				err = k.SetSampler(i, sm)
			}
		}
		if err != nil {
			r.release()
			return nil, err
		}
	}
	return r, nil
}

func (r *refRun) readBack() ([][]byte, error) {
	out := make([][]byte, len(r.bufs))
	for i, b := range r.bufs {
		if b == nil {
			continue
		}
		out[i] = make([]byte, b.Size)
		if err := b.Read(0, out[i]); err != nil {
			return nil, err
		}
	}
	for i, im := range r.imgs {
		if im == nil {
			continue
		}
		out[i] = make([]byte, im.Size)
		if err := im.Read(out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (t *refTarget) run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) ([][]byte, uint64, error) {
	r, err := t.setup(t.ctx, f, s, in)
	if err != nil {
		return nil, 0, err
	}
	defer r.release()
	tm, err := t.ctx.Run(r.k, s.Global, s.Local)
	if err != nil {
		return nil, 0, err
	}
	var out [][]byte
	if readBack {
		if out, err = r.readBack(); err != nil {
			return nil, 0, err
		}
	}
	return out, tm.Kernel(), nil
}

func (t *refTarget) launches(f *kfile, s *kspec.Spec, in [][]byte, n int) (time.Duration, [][]byte, error) {
	if t.plain == nil {
		c, err := refcl.NewContextWith(t.dev, false)
		if err != nil {
			return 0, nil, err
		}
		t.plain = c
	}
	r, err := t.setup(t.plain, f, s, in)
	if err != nil {
		return 0, nil, err
	}
	defer r.release()
	if err := t.plain.Finish(); err != nil { // the writes of setup
		return 0, nil, err
	}
	start := time.Now()
	for range n {
		if err := t.plain.Enqueue(r.k, s.Global, s.Local); err != nil {
			return 0, nil, err
		}
	}
	if err := t.plain.Finish(); err != nil {
		return 0, nil, err
	}
	wall := time.Since(start)
	out, err := r.readBack()
	return wall, out, err
}

// clgoTarget is a clgo device.
type clgoTarget struct {
	dev   *cl.Device
	ctx   *cl.Context
	q     *cl.Queue // profiling
	plain *cl.Queue // without profiling, for launches; made on first use
	progs map[string]*cl.Program
	// extra are build options appended to every spec's own (clgo check
	// --options), for clgo's devices only: the reference builds without.
	extra string
}

func newClgoTarget(d *cl.Device) (*clgoTarget, error) {
	t := &clgoTarget{dev: d}
	return t, t.reset()
}

func (t *clgoTarget) name() string { return "clgo " + t.dev.String() }

func (t *clgoTarget) reset() error {
	t.close()
	c, err := cl.CreateContext(t.dev)
	if err != nil {
		return err
	}
	q, err := c.CreateQueue(t.dev, cl.QueueProfilingEnable)
	if err != nil {
		c.Release()
		return err
	}
	t.ctx, t.q, t.progs = c, q, map[string]*cl.Program{}
	return nil
}

func (t *clgoTarget) close() {
	for _, p := range t.progs {
		p.Release()
	}
	t.progs = nil
	for _, q := range []**cl.Queue{&t.q, &t.plain} {
		if *q != nil {
			(*q).Release()
			*q = nil
		}
	}
	if t.ctx != nil {
		t.ctx.Release()
		t.ctx = nil
	}
}

// clgoRun is a kernel with its arguments set.
type clgoRun struct {
	k        *cl.Kernel
	bufs     []*cl.Buffer
	imgs     []*cl.Image
	samplers []*cl.Sampler
}

func (r *clgoRun) release() {
	for _, b := range r.bufs {
		if b != nil {
			b.Release()
		}
	}
	for _, im := range r.imgs {
		if im != nil {
			im.Release()
		}
	}
	for _, sm := range r.samplers {
		if sm != nil {
			sm.Release()
		}
	}
	if r.k != nil {
		r.k.Release()
	}
}

func (t *clgoTarget) setup(f *kfile, s *kspec.Spec, in [][]byte) (*clgoRun, error) {
	if t.ctx == nil {
		return nil, fmt.Errorf("no context (an earlier failure)")
	}
	opts := strings.TrimSpace(s.ClgoBuildOptions() + " " + t.extra)
	key := opts + "\x00" + f.src
	p := t.progs[key]
	if p == nil {
		var err error
		p, err = t.ctx.CreateProgramWithSource(f.src)
		if err != nil {
			return nil, err
		}
		if err := p.Build(opts); err != nil {
			return nil, err
		}
		t.progs[key] = p
	}
	k, err := p.CreateKernel(s.Kernel)
	if err != nil {
		return nil, err
	}
	n := len(s.Args)
	r := &clgoRun{k: k, bufs: make([]*cl.Buffer, n), imgs: make([]*cl.Image, n), samplers: make([]*cl.Sampler, n)}
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := t.ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, a.Bytes(), in[i])
			if err != nil {
				r.release()
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			r.bufs[i] = b
			err = k.SetArg(i, b)
		case kspec.ArgLocal:
			err = k.SetArg(i, cl.Local(a.Bytes()))
		case kspec.ArgScalar:
			err = k.SetArg(i, in[i])
		case kspec.ArgImage:
			var img *cl.Image
			img, err = t.newImage(a, in[i])
			if err != nil {
				r.release()
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			r.imgs[i] = img
			err = k.SetArg(i, img)
		case kspec.ArgSampler:
			var sm *cl.Sampler
			sm, err = t.ctx.CreateSampler(a.Sampler.Normalized, a.Sampler.Addressing, a.Sampler.Filter)
			if err == nil {
				r.samplers[i] = sm
				err = k.SetArg(i, sm)
			}
		}
		if err != nil {
			r.release()
			return nil, err
		}
	}
	return r, nil
}

// newImage makes the image of an image argument with its pixels: a 1D
// buffer image views a buffer made with them.
func (t *clgoTarget) newImage(a *kspec.Arg, pixels []byte) (*cl.Image, error) {
	im := a.Image
	format := cl.ImageFormat{Order: im.Order, DataType: im.DataType}
	desc := cl.ImageDesc{Type: cl.ImageType(im.MemType), Width: im.Width, Height: im.Height, Depth: im.Depth, ArraySize: im.ArraySize}
	if desc.Type == cl.MemObjectImage1DBuffer {
		b, err := t.ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, uint64(len(pixels)), pixels)
		if err != nil {
			return nil, err
		}
		defer b.Release() // the image keeps it
		desc.Buffer = b
		return t.ctx.CreateImage(cl.MemReadWrite, format, desc, nil)
	}
	return t.ctx.CreateImage(cl.MemReadWrite|cl.MemCopyHostPtr, format, desc, pixels)
}

func (t *clgoTarget) readBack(q *cl.Queue, r *clgoRun) ([][]byte, error) {
	out := make([][]byte, len(r.bufs))
	for i, im := range r.imgs {
		if im == nil {
			continue
		}
		var err error
		if out[i], err = q.ReadImageAll(context.Background(), im); err != nil {
			return nil, err
		}
	}
	for i, b := range r.bufs {
		if b == nil {
			continue
		}
		out[i] = make([]byte, b.Size())
		ev, err := q.EnqueueReadBuffer(b, 0, out[i])
		if err != nil {
			return nil, err
		}
		if err := ev.Wait(context.Background()); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (t *clgoTarget) run(f *kfile, s *kspec.Spec, in [][]byte, readBack bool) ([][]byte, uint64, error) {
	r, err := t.setup(f, s, in)
	if err != nil {
		return nil, 0, err
	}
	defer r.release()
	ev, err := t.q.EnqueueNDRangeKernel(r.k, nil, s.Global, s.Local)
	if err != nil {
		return nil, 0, err
	}
	if err := ev.Wait(context.Background()); err != nil {
		return nil, 0, err
	}
	prof, err := ev.Profile()
	if err != nil {
		return nil, 0, err
	}
	var out [][]byte
	if readBack {
		if out, err = t.readBack(t.q, r); err != nil {
			return nil, 0, err
		}
	}
	return out, prof.Duration(), nil
}

func (t *clgoTarget) launches(f *kfile, s *kspec.Spec, in [][]byte, n int) (time.Duration, [][]byte, error) {
	bg := context.Background()
	if t.plain == nil {
		q, err := t.ctx.CreateQueue(t.dev, 0)
		if err != nil {
			return 0, nil, err
		}
		t.plain = q
	}
	r, err := t.setup(f, s, in)
	if err != nil {
		return 0, nil, err
	}
	defer r.release()
	if err := t.plain.Finish(bg); err != nil {
		return 0, nil, err
	}
	start := time.Now()
	for range n {
		ev, err := t.plain.EnqueueNDRangeKernel(r.k, nil, s.Global, s.Local)
		if err != nil {
			return 0, nil, err
		}
		ev.Release() // as a C program passing no event
	}
	if err := t.plain.Finish(bg); err != nil {
		return 0, nil, err
	}
	wall := time.Since(start)
	out, err := t.readBack(t.plain, r)
	return wall, out, err
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
