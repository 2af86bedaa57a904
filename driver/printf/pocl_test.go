package printf_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/cl"
	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/internal/refcl"
)

// The kernels of testdata/kernels print through printf; clgo's output on
// every clgo device (host and Vulkan) must equal PoCL's: exactly for one
// work-item, as sorted lines for many (the order between work-items is
// unspecified). PoCL writes to the process's stdout, so it runs in a child
// process (this test binary, see TestMain) whose stdout the test reads.

const childEnv = "CLGO_PRINTF_POCL_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		if err := runPoCL(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// kernelSpec is a kernel file's first line: "// global N [local M] [sorted]".
type kernelSpec struct {
	name          string
	src           string
	global, local uint64
	sorted        bool
}

func readKernel(path string) (kernelSpec, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return kernelSpec{}, err
	}
	k := kernelSpec{name: strings.TrimSuffix(filepath.Base(path), ".cl"), src: string(src)}
	first, _, _ := strings.Cut(k.src, "\n")
	f := strings.Fields(strings.TrimPrefix(first, "//"))
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "global", "local":
			if i+1 >= len(f) {
				return k, fmt.Errorf("%s: %q without a size", path, f[i])
			}
			n, err := strconv.ParseUint(f[i+1], 10, 64)
			if err != nil {
				return k, fmt.Errorf("%s: %v", path, err)
			}
			if f[i] == "global" {
				k.global = n
			} else {
				k.local = n
			}
			i++
		case "sorted":
			k.sorted = true
		}
	}
	if k.global == 0 {
		return k, fmt.Errorf("%s: no global size on the first line", path)
	}
	return k, nil
}

// runPoCL runs the kernel of path on PoCL (in the child process).
func runPoCL(path string) error {
	k, err := readKernel(path)
	if err != nil {
		return err
	}
	devs, err := refcl.AllDevices()
	if err != nil {
		return err
	}
	var dev *refcl.Device
	for _, d := range devs {
		if strings.Contains(strings.ToLower(d.Platform.Name), "portable") || strings.Contains(strings.ToLower(d.Vendor), "pocl") {
			dev = d
		}
	}
	if dev == nil {
		return fmt.Errorf("no PoCL device")
	}
	c, err := refcl.NewContext(dev)
	if err != nil {
		return err
	}
	p, err := c.Build(k.src, "")
	if err != nil {
		return err
	}
	kern, err := p.Kernel(k.name)
	if err != nil {
		return err
	}
	buf, err := c.NewBuffer(4 * max(k.global, 16))
	if err != nil {
		return err
	}
	if err := kern.SetBuffer(0, buf); err != nil {
		return err
	}
	var local []uint64
	if k.local != 0 {
		local = []uint64{k.local}
	}
	if _, err := c.Run(kern, []uint64{k.global}, local); err != nil {
		return err
	}
	return c.Finish()
}

// poclOutput runs the kernel on PoCL in a child process and returns what
// it printed.
func poclOutput(t *testing.T, path string) string {
	t.Helper()
	if err := refcl.Load(); err != nil {
		t.Skipf("no reference OpenCL: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if strings.Contains(stderr.String(), "no PoCL device") {
			t.Skip("no PoCL device")
		}
		t.Fatalf("PoCL: %v\n%s", err, stderr.String())
	}
	return string(out)
}

// unset fills the kernels' int buffer: printf's results replace it.
const unset = -7

// devices returns clgo's devices: the host device and any Vulkan ones.
func devices(t *testing.T) []*cl.Device {
	t.Helper()
	ps, err := cl.Platforms()
	if err != nil {
		t.Fatal(err)
	}
	devs, err := ps[0].Devices(cl.DeviceTypeAll)
	if err != nil {
		t.Fatal(err)
	}
	return devs
}

// clgoOutput runs the kernel on dev and returns its printf output and
// the kernel's return values.
func clgoOutput(t *testing.T, dev *cl.Device, k kernelSpec) (string, []int32) {
	t.Helper()
	ctx := context.Background()
	c, err := cl.CreateContext(dev)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(dev, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(k.src)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Build(""); err != nil {
		t.Fatal(err)
	}
	kern, err := p.CreateKernel(k.name)
	if err != nil {
		t.Fatal(err)
	}
	init := make([]int32, max(k.global, 16))
	for i := range init {
		init[i] = unset
	}
	b, err := cl.CreateBufferFrom(c, 0, init)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := kern.SetArgs(b); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	old := printf.SetOutput(&out)
	defer printf.SetOutput(old)
	var local []uint64
	if k.local != 0 {
		local = []uint64{k.local}
	}
	ev, err := q.EnqueueNDRangeKernel(kern, nil, []uint64{k.global}, local)
	if err != nil {
		t.Fatal(err)
	}
	err = q.Finish(ctx)
	if err == nil {
		err = ev.Wait(ctx)
	}
	if err != nil {
		t.Fatal(err)
	}
	ret, err := cl.ReadAll[int32](ctx, q, b)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), ret
}

func TestPoCL(t *testing.T) {
	files, err := filepath.Glob("testdata/kernels/*.cl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no kernels: %v", err)
	}
	for _, path := range files {
		k, err := readKernel(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(k.name, func(t *testing.T) {
			want := poclOutput(t, path)
			if k.sorted {
				want = sortLines(want)
			}
			for _, dev := range devices(t) {
				got, ret := clgoOutput(t, dev, k)
				for i, r := range ret {
					if r != 0 && r != unset {
						t.Errorf("%s: printf returned %d (ret[%d])", dev.Name(), r, i)
					}
				}
				if k.sorted {
					got = sortLines(got)
				}
				if got != want {
					t.Errorf("clgo on %s and PoCL differ:\n%s", dev.Name(), diffLines(got, want))
				}
			}
		})
	}
}

func sortLines(s string) string {
	lines := strings.SplitAfter(s, "\n")
	slices.Sort(lines)
	return strings.Join(lines, "")
}

// diffLines lists the lines that differ.
func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var sb strings.Builder
	for i := 0; i < max(len(g), len(w)); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			fmt.Fprintf(&sb, "line %d:\n clgo: %q\n pocl: %q\n", i+1, a, b)
		}
	}
	return sb.String()
}
