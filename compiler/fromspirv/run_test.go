package fromspirv_test

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/internal/kspec"
)

// tool returns the path of a command the tests need. Under CI=true a
// missing tool fails the test; elsewhere it skips.
func tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required under CI: %v", name, err)
		}
		t.Skipf("%s not installed", name)
	}
	return p
}

// assemble runs spirv-as on an assembly file and returns its words.
func assemble(t testing.TB, file string) []uint32 {
	t.Helper()
	as := tool(t, "spirv-as")
	out := filepath.Join(t.TempDir(), "out.spv")
	if msg, err := exec.Command(as, "--target-env", "spv1.4", "--preserve-numeric-ids", "-o", out, file).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as %s: %v\n%s", file, err, msg)
	}
	return readWords(t, out)
}

// readWords reads a little-endian SPIR-V binary.
func readWords(t testing.TB, file string) []uint32 {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return words
}

var (
	hostOnce sync.Once
	hostDev  *cl.Device
	hostCtx  *cl.Context
	hostQ    *cl.Queue
	hostErr  error
)

// host returns a context and queue on clgo's host device.
func host(t testing.TB) (*cl.Context, *cl.Queue, *cl.Device) {
	t.Helper()
	hostOnce.Do(func() {
		devs, err := cl.Devices()
		if err != nil {
			hostErr = err
			return
		}
		for _, d := range devs {
			if d.DriverName() == "host" {
				hostDev = d
			}
		}
		if hostDev == nil {
			hostErr = os.ErrNotExist
			return
		}
		if hostCtx, hostErr = cl.CreateContext(hostDev); hostErr != nil {
			return
		}
		hostQ, hostErr = hostCtx.CreateQueue(hostDev, 0)
	})
	if hostErr != nil {
		t.Fatalf("host device: %v", hostErr)
	}
	return hostCtx, hostQ, hostDev
}

// runSpec builds src with options on the host device, runs the kernel
// that spec describes and returns every buffer argument's bytes after the
// run (nil for other arguments).
func runSpec(t testing.TB, src, options string, spec *kspec.Spec) [][]byte {
	t.Helper()
	return runUnits(t, []string{src}, options, spec)
}

// runUnits is runSpec for a program of several units (separately
// compiled and linked, as clLinkProgram links them).
func runUnits(t testing.TB, units []string, options string, spec *kspec.Spec) [][]byte {
	t.Helper()
	ctx, q, _ := host(t)
	src := strings.Join(units, "\n/* next unit */\n")
	var p *cl.Program
	var err error
	if len(units) == 1 {
		p, err = ctx.CreateProgramWithSource(units[0])
	} else {
		p, err = ctx.CreateProgramWithUnits(units)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build(options); err != nil {
		t.Fatalf("build: %v\n%s", err, numbered(src))
	}
	k, err := p.CreateKernel(spec.Kernel)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	bufs := make([]*cl.Buffer, len(spec.Args))
	imgs := make([]*cl.Image, len(spec.Args))
	defer func() {
		for _, b := range bufs {
			if b != nil {
				b.Release()
			}
		}
		for _, im := range imgs {
			if im != nil {
				im.Release()
			}
		}
	}()
	for i := range spec.Args {
		a := &spec.Args[i]
		switch a.Kind {
		case kspec.ArgBuffer:
			b, err := ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, a.Bytes(), spec.Data(i))
			if err != nil {
				t.Fatal(err)
			}
			bufs[i] = b
			err = k.SetArg(i, b)
			if err != nil {
				t.Fatal(err)
			}
		case kspec.ArgLocal:
			if err := k.SetArg(i, cl.Local(a.Bytes())); err != nil {
				t.Fatal(err)
			}
		case kspec.ArgScalar:
			if err := k.SetArg(i, spec.Data(i)); err != nil {
				t.Fatal(err)
			}
		case kspec.ArgImage:
			im := a.Image
			format := cl.ImageFormat{Order: im.Order, DataType: im.DataType}
			desc := cl.ImageDesc{Type: cl.ImageType(im.MemType), Width: im.Width, Height: im.Height, Depth: im.Depth, ArraySize: im.ArraySize}
			pixels := spec.Data(i)
			if desc.Type == cl.MemObjectImage1DBuffer {
				b, err := ctx.CreateBuffer(cl.MemReadWrite|cl.MemCopyHostPtr, uint64(len(pixels)), pixels)
				if err != nil {
					t.Fatal(err)
				}
				defer b.Release()
				desc.Buffer = b
				pixels = nil
			}
			flags := cl.MemReadWrite
			if pixels != nil {
				flags |= cl.MemCopyHostPtr
			}
			img, err := ctx.CreateImage(flags, format, desc, pixels)
			if err != nil {
				t.Fatal(err)
			}
			imgs[i] = img
			if err := k.SetArg(i, img); err != nil {
				t.Fatal(err)
			}
		case kspec.ArgSampler:
			sm, err := ctx.CreateSampler(a.Sampler.Normalized, a.Sampler.Addressing, a.Sampler.Filter)
			if err != nil {
				t.Fatal(err)
			}
			defer sm.Release()
			if err := k.SetArg(i, sm); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("argument %d: kind %d not supported here", i, a.Kind)
		}
	}
	ev, err := q.EnqueueNDRangeKernel(k, nil, spec.Global, spec.Local)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatalf("run: %v", err)
	}
	out := make([][]byte, len(spec.Args))
	for i, im := range imgs {
		if im == nil {
			continue
		}
		if out[i], err = q.ReadImageAll(context.Background(), im); err != nil {
			t.Fatal(err)
		}
	}
	for i, b := range bufs {
		if b == nil {
			continue
		}
		out[i] = make([]byte, spec.Args[i].Bytes())
		ev, err := q.EnqueueReadBuffer(b, 0, out[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := ev.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// numbered prefixes each line of src with its number, for failures.
func numbered(src string) string {
	lines := strings.Split(src, "\n")
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(strings.TrimSpace(strings.Repeat(" ", 4)+itoa(i+1)) + ": " + l + "\n")
	}
	return b.String()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// translate translates words, failing the test on an error.
func translate(t testing.TB, words []uint32, opts fromspirv.Options) *fromspirv.Result {
	t.Helper()
	res, err := fromspirv.Translate(words, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
