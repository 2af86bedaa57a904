package vulkan

import (
	"errors"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/internal/config"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestOutOfBoundsReported: with the check (CLGO_VULKAN_CHECK_BOUNDS=1), a
// dispatch that stores, loads or updates atomically past the end of its
// buffer argument fails with printf.ErrOutOfBounds naming the argument;
// in-bounds dispatches succeed with the right words.
func TestOutOfBoundsReported(t *testing.T) {
	d := testDevice(t)
	if isLavapipe(d) && !d.info.Caps.ReportOutOfBounds && reportOutOfBounds(true) {
		t.Errorf("lavapipe: Caps.ReportOutOfBounds is off")
	}
	opts := compiler.DefaultOptions()
	opts.Features.ReportOutOfBounds = true
	res, err := compiler.Compile(`
kernel void store(global uint *out, uint n) { out[n] = 7; }
kernel void load(global uint *out, uint n) { out[0] = out[n] + 1; }
kernel void atom(global uint *out, uint n) { atomic_add(&out[n + get_global_id(0)], 3); }
`, opts)
	if err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, res.Module, "vulkan1.1")
	for _, c := range []struct {
		kernel string
		n      uint32
		items  uint64
		oob    bool
		word   int // a's word to check when in bounds
		want   uint32
	}{
		{"store", 15, 1, false, 15, 7},
		{"store", 16, 1, true, 0, 0},
		{"store", 1000000, 1, true, 0, 0},
		{"load", 3, 1, false, 0, 1},
		{"load", 16, 1, true, 0, 0},
		{"atom", 8, 8, false, 15, 3},
		{"atom", 9, 8, true, 0, 0},
	} {
		got, err := runLoops(t, d, res.SPIRV, c.kernel, c.n, c.items)
		var oob *printf.OutOfBoundsError
		switch {
		case c.oob && !errors.As(err, &oob):
			t.Errorf("%s(%d): event error %v, want ErrOutOfBounds", c.kernel, c.n, err)
		case c.oob && (oob.Arg != 0 || !strings.Contains(err.Error(), `kernel `+c.kernel+`, argument "out": out-of-bounds access`)):
			t.Errorf("%s(%d): %v: want it to name argument out", c.kernel, c.n, err)
		case !c.oob && err != nil:
			t.Errorf("%s(%d): %v", c.kernel, c.n, err)
		case !c.oob && got[c.word] != c.want:
			t.Errorf("%s(%d): word %d = %d, want %d", c.kernel, c.n, c.word, got[c.word], c.want)
		}
		if err != nil {
			t.Logf("%s(%d): %v", c.kernel, c.n, err)
		}
	}
}

// TestReportOutOfBoundsEnv: the check is on by default on CPU devices only;
// CLGO_VULKAN_CHECK_BOUNDS=1 or =0 sets it for every device.
func TestReportOutOfBoundsEnv(t *testing.T) {
	t.Cleanup(config.Reload) // after t.Setenv restores the environment
	for _, c := range []struct {
		env      string
		cpu, gpu bool
	}{{"", true, false}, {"1", true, true}, {"0", false, false}} {
		t.Setenv("CLGO_VULKAN_CHECK_BOUNDS", c.env)
		config.Reload() // the environment is read once; read it again
		if cpu, gpu := reportOutOfBounds(true), reportOutOfBounds(false); cpu != c.cpu || gpu != c.gpu {
			t.Errorf("CLGO_VULKAN_CHECK_BOUNDS=%q: CPU %v, GPU %v; want %v, %v", c.env, cpu, gpu, c.cpu, c.gpu)
		}
	}
}
