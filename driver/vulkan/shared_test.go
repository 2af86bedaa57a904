package vulkan

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/kspec"
)

// Every kernel of the shared corpus, run as its spec says on this driver
// and on the host driver, compared within the spec's tolerance.
func TestSharedKernels(t *testing.T) {
	dev := testDevice(t)
	dir := kernels
	if _, err := os.Stat(dir); err != nil {
		dir = "/work/shared/kernels/"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.cl"))
	if len(files) == 0 {
		t.Skip("no shared kernels")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			spec, err := kspec.Parse(f, string(src))
			if err != nil {
				t.Skip(err)
			}
			if testing.Short() && spec.GlobalCount() > 1<<18 {
				t.Skip("large NDRange in -short mode")
			}
			opts, err := compiler.ParseOptions(spec.ClgoBuildOptions())
			if err != nil {
				t.Fatal(err)
			}
			res, err := compiler.Compile(string(src), opts)
			if err != nil {
				t.Skipf("compile: %v", err)
			}
			var args []targ
			for i, a := range spec.Args {
				switch a.Kind {
				case kspec.ArgBuffer:
					args = append(args, targ{buf: spec.Data(i)})
				case kspec.ArgLocal:
					args = append(args, targ{local: a.Bytes()})
				default:
					args = append(args, targ{pod: spec.Data(i)})
				}
			}
			var g, l [3]uint64
			for i := range 3 {
				g[i], l[i] = 1, 1
				if i < len(spec.Global) {
					g[i] = spec.Global[i]
					l[i] = min(g[i], 64)
					if i < len(spec.Local) {
						l[i] = spec.Local[i]
					}
				}
			}
			nd := driver.Uniform(len(spec.Global), [3]uint64{}, g, l)
			got := run(t, dev, res.SPIRV, spec.Kernel, args, nd)
			want := run(t, host.NewDevice(), res.SPIRV, spec.Kernel, args, nd)
			bi := 0
			for i, a := range spec.Args {
				if a.Kind != kspec.ArgBuffer {
					continue
				}
				if r := spec.Compare(i, want[bi], got[bi]); !r.OK {
					t.Errorf("%v", r)
				}
				bi++
			}
		})
	}
}
