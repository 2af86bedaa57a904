package vulkan

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// targ is a test argument: a buffer with initial bytes, a POD value or a
// __local size.
type targ struct {
	buf   []byte
	pod   []byte
	local uint64
}

// run runs kernel name of spv on dev over nd and returns the final bytes of
// every buffer argument.
func run(t testing.TB, dev driver.Device, spv []byte, name string, args []targ, nds ...driver.NDRange) [][]byte {
	t.Helper()
	p, err := dev.BuildProgram(spv)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	k, err := p.Kernel(name)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	q, err := dev.NewQueue(driver.QueueOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	dargs := make([]driver.Arg, len(args))
	var bufs []driver.Buffer
	for i, a := range args {
		switch {
		case a.buf != nil:
			b, err := dev.NewBuffer(uint64(len(a.buf)))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			if _, err := q.WriteBuffer(b, 0, a.buf, nil); err != nil {
				t.Fatal(err)
			}
			bufs = append(bufs, b)
			dargs[i] = driver.Arg{Kind: driver.ArgBuffer, Buffer: b, Size: uint64(len(a.buf))}
		case a.local != 0:
			dargs[i] = driver.Arg{Kind: driver.ArgLocal, LocalSize: a.local}
		default:
			dargs[i] = driver.Arg{Kind: driver.ArgPOD, Bytes: a.pod}
		}
	}
	for _, nd := range nds {
		if _, err := q.Dispatch(t.Context(), k, dargs, nd, nil); err != nil {
			t.Fatal(err)
		}
	}
	var out [][]byte
	for _, b := range bufs {
		got := make([]byte, b.Size())
		if _, err := q.ReadBuffer(b, 0, got, nil); err != nil {
			t.Fatal(err)
		}
		out = append(out, got)
	}
	if err := q.Finish(t.Context()); err != nil {
		t.Fatal(err)
	}
	return out
}

func compile(t testing.TB, src string) []byte {
	t.Helper()
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return res.SPIRV
}

func compileFile(t testing.TB, path string) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		src, err = os.ReadFile(filepath.Join("/work/shared/kernels", filepath.Base(path)))
	}
	if err != nil {
		t.Skip(err)
	}
	return compile(t, string(src))
}

func randomFloats(n int, seed int64) []byte {
	r := rand.New(rand.NewSource(seed))
	b := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(r.Float32()))
	}
	return b
}

func f32(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }

// sameAsHost runs the kernel on both drivers and compares every buffer.
func sameAsHost(t *testing.T, spv []byte, name string, args []targ, nds ...driver.NDRange) [][]byte {
	t.Helper()
	vk := run(t, testDevice(t), spv, name, args, nds...)
	ref := run(t, host.NewDevice(), spv, name, args, nds...)
	for i := range ref {
		if !bytes.Equal(vk[i], ref[i]) {
			for j := range ref[i] {
				if vk[i][j] != ref[i][j] {
					t.Fatalf("buffer %d differs from the host driver's at byte %d: %d, host %d", i, j, vk[i][j], ref[i][j])
				}
			}
		}
	}
	return vk
}

const kernels = "../../../shared/kernels/"

func TestTriad(t *testing.T) {
	spv := compileFile(t, kernels+"triad.cl")
	const n = 1 << 16
	out := sameAsHost(t, spv, "triad", []targ{{buf: randomFloats(n, 1)}, {buf: randomFloats(n, 2)}, {buf: make([]byte, 4*n)}, {pod: f32(3)}},
		driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{256, 1, 1}))
	a, b := randomFloats(n, 1), randomFloats(n, 2)
	for i := 0; i < n; i += 997 {
		x := math.Float32frombits(binary.LittleEndian.Uint32(a[4*i:]))
		y := math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		got := math.Float32frombits(binary.LittleEndian.Uint32(out[2][4*i:]))
		if got != x+3*y {
			t.Fatalf("c[%d] = %v, want %v", i, got, x+3*y)
		}
	}
}

func TestReduceSum(t *testing.T) {
	spv := compileFile(t, kernels+"reduce_sum.cl")
	const n, wg = 1 << 16, 256
	in := make([]byte, 4*n)
	r := rand.New(rand.NewSource(3))
	for i := range n {
		binary.LittleEndian.PutUint32(in[4*i:], uint32(r.Intn(1000)))
	}
	for _, local := range []uint64{64, 256} {
		out := sameAsHost(t, spv, "reduce_sum", []targ{{buf: in}, {buf: make([]byte, 4*n/wg*4)}, {local: 4 * local}},
			driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{local, 1, 1}))
		var sum, want uint64
		for g := range n / int(local) {
			sum += uint64(binary.LittleEndian.Uint32(out[1][4*g:]))
		}
		for i := range n {
			want += uint64(binary.LittleEndian.Uint32(in[4*i:]))
		}
		if sum != want {
			t.Fatalf("local %d: sum %d, want %d", local, sum, want)
		}
	}
}

const idsSrc = `
kernel void ids(global uint *gid, global uint *grp, global uint *sizes, uint n) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t i = y * get_global_size(0) + x;
  if (i < n) {
    gid[i] = get_global_id(0) * 1000 + get_global_id(1);
    grp[i] = get_group_id(0) * 1000 + get_group_id(1);
    sizes[i] = get_local_size(0) * 100 + get_num_groups(0);
  }
}
`

// The work-item functions over global offsets, non-uniform regions and
// NDRanges larger than the device's group count limits.
func TestWorkItemFunctions(t *testing.T) {
	spv := compile(t, idsSrc)
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	three := func(n int) []targ {
		return []targ{{buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {pod: u32(uint32(n))}}
	}
	t.Run("offset", func(t *testing.T) {
		out := sameAsHost(t, spv, "ids", three(64*8), driver.Uniform(2, [3]uint64{5, 7, 0}, [3]uint64{64, 8, 1}, [3]uint64{16, 2, 1}))
		if got := binary.LittleEndian.Uint32(out[0][4*(64+3):]); got != (5+3)*1000+7+1 {
			t.Errorf("get_global_id of item (3, 1) with offset (5, 7) = %d, want %d", got, (5+3)*1000+7+1)
		}
	})
	t.Run("non-uniform", func(t *testing.T) {
		// 100 = 3 groups of 32 + one of 4: two regions.
		g, el := [3]uint64{100, 1, 1}, [3]uint64{32, 1, 1}
		r1 := driver.NDRange{Dims: 1, Global: g, EnqueuedLocal: el, Local: el, Region: [3]uint64{96, 1, 1}}
		r2 := driver.NDRange{Dims: 1, Global: g, EnqueuedLocal: el, Local: [3]uint64{4, 1, 1}, RegionOffset: [3]uint64{96, 0, 0}, Region: [3]uint64{4, 1, 1}}
		sameAsHost(t, spv, "ids", three(100), r1, r2)
	})
	t.Run("split", func(t *testing.T) {
		lim := testDevice(t).phys.props.limits.maxComputeWorkGroupCount[0]
		if lim > 1<<20 {
			t.Skipf("group count limit %d: no split needed", lim)
		}
		n := int(lim) + 1000
		out := sameAsHost(t, spv, "ids", three(n), driver.Uniform(1, [3]uint64{}, [3]uint64{uint64(n), 1, 1}, [3]uint64{1, 1, 1}))
		for _, i := range []int{0, int(lim) - 1, int(lim), n - 1} {
			if got := binary.LittleEndian.Uint32(out[0][4*i:]); got != uint32(i*1000) {
				t.Fatalf("gid[%d] = %d", i, got)
			}
			if got := binary.LittleEndian.Uint32(out[1][4*i:]); got != uint32(i*1000) {
				t.Fatalf("group[%d] = %d", i, got)
			}
		}
	})
}
