package host_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/internal/refcl"
)

// The shared kernels run through the compiler and the host driver at the
// sizes their specs give, compared with PoCL and timed beside it.

// sharedDir holds the shared kernels: $CLGO_SHARED_KERNELS, or the
// project's shared folder beside the repository.
func sharedDir() string {
	if d := os.Getenv("CLGO_SHARED_KERNELS"); d != "" {
		return d
	}
	return "../../../shared/kernels"
}

var sharedKernels = []string{"triad", "reduce_sum", "sgemm_tiled", "mandelbrot", "nbody", "transpose",
	"stencil2d", "histogram", "black_scholes", "scan_local", "vector_mix", "bitonic"}

// hostRun is a compiled kernel file bound to host buffers, ready to dispatch.
type hostRun struct {
	spec *kspec.Spec
	q    driver.Queue
	k    driver.Kernel
	args []driver.Arg
	bufs []driver.Buffer
	imgs []driver.Image // image arguments (tierimage_test.go)
	nd   driver.NDRange
}

func loadSpec(t testing.TB, path string) (*kspec.Spec, string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skip(err)
	}
	s, err := kspec.Parse(path, string(b))
	if err != nil {
		t.Fatal(err)
	}
	return s, string(b)
}

func newHostRun(t testing.TB, s *kspec.Spec, src string) *hostRun {
	t.Helper()
	r, err := hostRunOf(s, src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.q.Release)
	return r
}

// hostRunOf compiles s's kernel and binds its arguments; the caller
// releases r.q.
func hostRunOf(s *kspec.Spec, src string) (*hostRun, error) {
	opts, err := compiler.ParseOptions(s.ClgoBuildOptions())
	if err != nil {
		return nil, err
	}
	res, err := compiler.CompileFile(s.File, src, opts)
	if err != nil {
		return nil, fmt.Errorf("compile: %v", err)
	}
	dev := host.NewDevice()
	p, err := dev.BuildProgram(res.SPIRV)
	if err != nil {
		return nil, err
	}
	k, err := p.Kernel(s.Kernel)
	if err != nil {
		return nil, err
	}
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		return nil, err
	}
	r := &hostRun{spec: s, q: q, k: k, args: make([]driver.Arg, len(s.Args)), bufs: make([]driver.Buffer, len(s.Args)),
		imgs: make([]driver.Image, len(s.Args))}
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := dev.NewBuffer(a.Bytes())
			if err != nil {
				q.Release()
				return nil, err
			}
			copy(b.(interface{ HostBytes() []byte }).HostBytes(), s.Data(i))
			r.bufs[i] = b
			r.args[i] = driver.Arg{Kind: driver.ArgBuffer, Buffer: b}
		case kspec.ArgLocal:
			r.args[i] = driver.Arg{Kind: driver.ArgLocal, LocalSize: a.Bytes()}
		case kspec.ArgScalar:
			r.args[i] = driver.Arg{Kind: driver.ArgPOD, Bytes: s.Data(i)}
		case kspec.ArgImage, kspec.ArgSampler:
			if err := r.bindImageArg(dev, i); err != nil { // tierimage_test.go
				q.Release()
				return nil, err
			}
		}
	}
	var global, local [3]uint64
	for d := range 3 {
		global[d], local[d] = 1, 1
		if d < len(s.Global) {
			global[d] = s.Global[d]
		}
		if d < len(s.Local) {
			local[d] = s.Local[d]
		} else if d == 0 && len(s.Local) == 0 {
			local[0] = 64
			for global[0]%local[0] != 0 {
				local[0] /= 2
			}
		}
	}
	r.nd = driver.Uniform(len(s.Global), [3]uint64{}, global, local)
	return r, nil
}

func (r *hostRun) run(t testing.TB) {
	if err := r.dispatch(); err != nil {
		t.Fatal(err)
	}
}

func (r *hostRun) dispatch() error {
	ev, err := r.q.Dispatch(context.Background(), r.k, r.args, r.nd, nil)
	if err != nil {
		return err
	}
	return ev.Wait(context.Background())
}

// refContext is a context on the first reference OpenCL device (PoCL
// here); the test is skipped where there is none.
func refContext(t testing.TB) *refcl.Context {
	t.Helper()
	devs, err := refcl.AllDevices()
	if err != nil || len(devs) == 0 {
		t.Skipf("no reference OpenCL: %v", err)
	}
	ctx, err := refcl.NewContext(devs[0])
	if err != nil {
		t.Skip(err)
	}
	return ctx
}

// reference runs the spec on the first reference OpenCL device; it returns
// the buffers after the run and the kernel's time in ns.
func reference(t testing.TB, s *kspec.Spec, src string) ([][]byte, uint64) {
	t.Helper()
	ctx := refContext(t)
	defer ctx.Release()
	p, err := ctx.Build(src, s.Options)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel(s.Kernel)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	bufs := make([]*refcl.Buffer, len(s.Args))
	for i := range s.Args {
		a := &s.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := ctx.NewBuffer(a.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			bufs[i] = b
			if err := b.Write(0, s.Data(i)); err != nil {
				t.Fatal(err)
			}
			err = k.SetBuffer(i, b)
		case kspec.ArgLocal:
			err = k.SetLocal(i, a.Bytes())
		case kspec.ArgScalar:
			err = k.SetBytes(i, s.Data(i))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	best := ^uint64(0)
	out := make([][]byte, len(s.Args))
	for range 3 {
		for i, b := range bufs {
			if b != nil {
				if err := b.Write(0, s.Data(i)); err != nil {
					t.Fatal(err)
				}
			}
		}
		tm, err := ctx.Run(k, s.Global, s.Local)
		if err != nil {
			t.Fatal(err)
		}
		best = min(best, tm.Kernel())
	}
	for i, b := range bufs {
		if b != nil {
			out[i] = make([]byte, b.Size)
			if err := b.Read(0, out[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out, best
}

// TestSharedKernels runs every shared kernel on the host driver and
// compares its buffers with PoCL's.
func TestSharedKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, name := range sharedKernels {
		t.Run(name, func(t *testing.T) {
			s, src := loadSpec(t, filepath.Join(sharedDir(), name+".cl"))
			want, _ := reference(t, s, src)
			r := newHostRun(t, s, src)
			r.run(t)
			for i, b := range r.bufs {
				if b == nil {
					continue
				}
				got := b.(interface{ HostBytes() []byte }).HostBytes()
				if res := s.Compare(i, want[i], got); !res.OK {
					t.Errorf("argument %d: %s", i, res)
				}
			}
		})
	}
}

// BenchmarkShared times the shared kernels on the host driver, reporting CPU
// time per work-item; BenchmarkPoCL times the same on the reference.
func BenchmarkShared(b *testing.B) {
	for _, name := range sharedKernels {
		b.Run(name, func(b *testing.B) { benchTier(b, filepath.Join(sharedDir(), name+".cl"), "") })
	}
}

func BenchmarkPoCL(b *testing.B) {
	for _, name := range sharedKernels {
		b.Run(name, func(b *testing.B) { benchPoCL(b, filepath.Join(sharedDir(), name+".cl"), "ns/item") })
	}
}
