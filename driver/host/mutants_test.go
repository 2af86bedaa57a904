package host

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
	"github.com/clgo/clgo/spirv/validate"
)

// TestMutantsRunOnHost is a crash campaign for the executor: word mutants
// of the test modules (and of CLGO_HOST_MUTANT_SEEDS/*.spv) that the
// validator accepts are built and every kernel is run once on small
// buffers, each module in a child process, so that a Go crash (a panic in a
// worker goroutine, a fatal error) shows as a failed child. Mutants that
// loop until the child's 10 s limit are counted, not failed: a kernel may
// loop forever. It runs only when CLGO_HOST_MUTANTS is set to the number of
// mutants.
func TestMutantsRunOnHost(t *testing.T) {
	if path := os.Getenv("CLGO_HOST_MUTANT_CHILD"); path != "" {
		runMutant(t, path)
		return
	}
	n, _ := strconv.Atoi(os.Getenv("CLGO_HOST_MUTANTS"))
	if n == 0 {
		t.Skip("set CLGO_HOST_MUTANTS=<mutants> to run")
	}
	files := []string{"../../spirv/testdata/kernel.spv", "../../spirv/testdata/reliability/simple.spv"}
	if dir := os.Getenv("CLGO_HOST_MUTANT_SEEDS"); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.spv"))
		files = append(files, more...)
	}
	var seeds [][]uint32
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := spirv.Decode(b); err == nil {
			seeds = append(seeds, m.Words())
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	tried, accepted, crashed, looped := 0, 0, 0, 0
	for accepted < n && tried < 200*n {
		tried++
		w := spirvtest.MutateWords(rng, seeds[tried%len(seeds)])
		data := spirv.WordsToBytes(w)
		m, err := validate.Binary(data)
		if err != nil {
			continue
		}
		if _, err := spirv.ReadReflection(m); err != nil {
			continue
		}
		accepted++
		file := filepath.Join(dir, fmt.Sprintf("m%d.spv", accepted))
		os.WriteFile(file, data, 0o644)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestMutantsRunOnHost$")
		cmd.Env = append(os.Environ(), "CLGO_HOST_MUTANT_CHILD="+file)
		out, err := cmd.CombinedOutput()
		timedOut := ctx.Err() != nil
		cancel()
		switch {
		case err == nil:
		case timedOut:
			looped++
		default:
			crashed++
			keep := filepath.Join(os.TempDir(), fmt.Sprintf("clgo-host-mutant-%d.spv", accepted))
			os.WriteFile(keep, data, 0o644)
			t.Errorf("mutant %d (kept as %s): child: %v\n%s", accepted, keep, err, firstLines(out, 12))
		}
	}
	t.Logf("%d mutants tried, %d accepted by the validator and run, %d crashed, %d still running after 10 s", tried, accepted, crashed, looped)
}

// runMutant builds the module at path and runs each kernel once; errors
// are fine.
func runMutant(t *testing.T, path string) {
	code, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dev := NewDevice()
	p, err := dev.BuildProgram(code)
	if err != nil {
		return
	}
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	for _, info := range p.Kernels() {
		k, err := p.Kernel(info.Name)
		if err != nil {
			continue
		}
		args := make([]driver.Arg, len(info.Args))
		ok := true
		for i, a := range info.Args {
			switch a.Kind {
			case driver.ArgBuffer:
				b, err := dev.NewBuffer(4096)
				if err != nil {
					t.Fatal(err)
				}
				args[i] = driver.Arg{Kind: driver.ArgBuffer, Buffer: b, Size: 4096}
			case driver.ArgPOD:
				args[i] = driver.Arg{Kind: driver.ArgPOD, Bytes: make([]byte, a.Size)}
			case driver.ArgLocal:
				args[i] = driver.Arg{Kind: driver.ArgLocal, LocalSize: 16 * max(a.ElemSize, 1)}
			case driver.ArgImage:
				// Any image will do: the bound image's type decides how
				// the kernel's coordinates address it.
				img, err := dev.NewImage(driver.ImageDesc{Type: driver.Image2D, Format: driver.ImageFormat{Order: 0x10B5, DataType: 0x10DE},
					Width: 4, Height: 4, Depth: 1, ArraySize: 1})
				if err != nil {
					t.Fatal(err)
				}
				args[i] = driver.Arg{Kind: driver.ArgImage, Image: img}
			case driver.ArgSampler:
				args[i] = driver.Arg{Kind: driver.ArgSampler, Sampler: driver.Sampler{NormalizedCoords: true, Addressing: driver.AddressRepeat, Filter: driver.FilterLinear}}
			default:
				ok = false
			}
		}
		if !ok {
			continue
		}
		for _, local := range []uint64{8, 1, 64, 4} {
			nd := driver.Uniform(1, [3]uint64{}, [3]uint64{64, 1, 1}, [3]uint64{local, 1, 1})
			ev, err := q.Dispatch(context.Background(), k, args, nd, nil)
			if err == nil {
				err = ev.Wait(context.Background())
			}
			if !errors.Is(err, driver.ErrInvalidWorkGroupSize) {
				t.Logf("kernel %s, local size %d: %v", info.Name, local, err)
				break
			}
		}
	}
}

func firstLines(b []byte, n int) string {
	lines := strings.SplitN(string(b), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
