package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// reflected compiles testdata/name with glslang and adds a clspv-style
// kernel interface, so that it loads as a driver program.
func reflected(t *testing.T, name string, r *spirv.Reflection) []byte {
	t.Helper()
	return withReflection(t, glslSPIRV(t, name), r)
}

// reduceCode is testdata/reduce.comp with its kernel interface: a
// work-group's sum of in into partial, through the __local scratch.
func reduceCode(t *testing.T) []byte {
	return reflected(t, "reduce.comp", &spirv.Reflection{
		WorkgroupSizeSpecIDs: &[3]uint32{0, 100, 101},
		Kernels: []spirv.Kernel{{Name: "main", Args: []spirv.Arg{
			{Name: "in", Ordinal: 0, Kind: spirv.ArgBuffer, Binding: 0},
			{Name: "partial", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1},
			{Name: "scratch", Ordinal: 2, Kind: spirv.ArgLocal, SpecID: 1, ElemSize: 4},
		}}}})
}

func triadProgram(t *testing.T) driver.Program {
	code := reflected(t, "triad.comp", &spirv.Reflection{Kernels: []spirv.Kernel{{
		Name: "main",
		Args: []spirv.Arg{
			{Name: "a", Ordinal: 0, Kind: spirv.ArgBuffer, Binding: 0},
			{Name: "b", Ordinal: 1, Kind: spirv.ArgBuffer, Binding: 1},
			{Name: "c", Ordinal: 2, Kind: spirv.ArgBuffer, Binding: 2},
			{Name: "s", Ordinal: 3, Kind: spirv.ArgPODPushConstant, Offset: 0, Size: 4},
			{Name: "n", Ordinal: 4, Kind: spirv.ArgPODPushConstant, Offset: 4, Size: 4},
		},
	}}})
	p, err := NewDevice().BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDriverInfo(t *testing.T) {
	d := driver.Lookup("host")
	if d == nil {
		t.Fatal("host driver not registered")
	}
	devs, err := d.Devices()
	if err != nil || len(devs) != 1 {
		t.Fatal(devs, err)
	}
	info := devs[0].Info()
	if info.Type != driver.TypeCPU || info.ComputeUnits == 0 || info.MaxWorkGroupSize == 0 {
		t.Fatalf("bad info %+v", info)
	}
}

func TestDriverTriad(t *testing.T) {
	dev := NewDevice()
	p := triadProgram(t)
	if ks := p.Kernels(); len(ks) != 1 || len(ks[0].Args) != 5 || ks[0].Args[3].Kind != driver.ArgPOD {
		t.Fatalf("kernels %+v", ks)
	}
	k, err := p.Kernel("main")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Kernel("nope"); !errors.Is(err, driver.ErrInvalidKernelName) {
		t.Fatalf("got %v", err)
	}
	q, err := dev.NewQueue(driver.QueueOptions{Profiling: true})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	const n = 4096
	a, _ := dev.NewBuffer(4 * n)
	b, _ := dev.NewBuffer(4 * n)
	c, _ := dev.NewBuffer(4 * n)
	av, bv := make([]float32, n), make([]float32, n)
	for i := range av {
		av[i], bv[i] = float32(i), float32(n-i)
	}
	e1, _ := q.WriteBuffer(a, 0, f32s(av), nil)
	e2, _ := q.WriteBuffer(b, 0, f32s(bv), nil)
	args := []driver.Arg{
		{Kind: driver.ArgBuffer, Buffer: a, Size: 4 * n},
		{Kind: driver.ArgBuffer, Buffer: b, Size: 4 * n},
		{Kind: driver.ArgBuffer, Buffer: c, Size: 4 * n},
		{Kind: driver.ArgPOD, Bytes: f32s([]float32{2})},
		{Kind: driver.ArgPOD, Bytes: u32s([]uint32{n})},
	}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{64, 1, 1})
	ev, err := q.Dispatch(context.Background(), k, args, nd, []driver.Event{e1, e2})
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 4*n)
	rd, _ := q.ReadBuffer(c, 0, out, []driver.Event{ev})
	if err := rd.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if got, want := getF32(out, i), av[i]+2*bv[i]; got != want {
			t.Fatalf("c[%d] = %v, want %v", i, got, want)
		}
	}
	if _, ok := ev.Profile(); !ok {
		t.Error("no profile")
	}
	// Out of bounds: c is one element short of what n says.
	args[2].Size = 4 * (n - 1)
	ev, _ = q.Dispatch(context.Background(), k, args, nd, nil)
	err = ev.Wait(context.Background())
	var ke *driver.KernelError
	if !errors.As(err, &ke) || !errors.Is(err, driver.ErrOutOfBounds) || ke.Arg != 2 || ke.Name != "c" {
		t.Fatalf("got %v", err)
	}
	if err := q.Finish(context.Background()); !errors.Is(err, driver.ErrOutOfBounds) {
		t.Fatalf("Finish: %v", err)
	}
}

func TestDriverLocalArgAndCancel(t *testing.T) {
	dev := NewDevice()
	code := reduceCode(t)
	p, err := dev.BuildProgram(code)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := p.Kernel("main")
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	const local, groups = 128, 8
	in, _ := dev.NewBuffer(4 * local * groups)
	out, _ := dev.NewBuffer(4 * groups)
	vals := make([]uint32, local*groups)
	for i := range vals {
		vals[i] = uint32(i)
	}
	q.WriteBuffer(in, 0, u32s(vals), nil)
	args := []driver.Arg{
		{Kind: driver.ArgBuffer, Buffer: in, Size: 4 * local * groups},
		{Kind: driver.ArgBuffer, Buffer: out, Size: 4 * groups},
		{Kind: driver.ArgLocal, LocalSize: 4 * local},
	}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{local * groups, 1, 1}, [3]uint64{local, 1, 1})
	q.Dispatch(context.Background(), k, args, nd, nil)
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	res := out.(driver.HostMapper).HostBytes()
	for g := range groups {
		var want uint32
		for _, v := range vals[g*local : (g+1)*local] {
			want += v
		}
		if got := getU32(res, g); got != want {
			t.Fatalf("partial[%d] = %d, want %d", g, got, want)
		}
	}

	// Cancellation through the dispatch's context.
	spin := reflected(t, "spin.comp", &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "main", Args: []spirv.Arg{
		{Name: "flag", Ordinal: 0, Kind: spirv.ArgBuffer, Binding: 0}}}}})
	sp, err := dev.BuildProgram(spin)
	if err != nil {
		t.Fatal(err)
	}
	sk, _ := sp.Kernel("main")
	flag, _ := dev.NewBuffer(8)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	ev, err := q.Dispatch(ctx, sk, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: flag, Size: 8}},
		driver.Uniform(1, [3]uint64{}, [3]uint64{8, 1, 1}, [3]uint64{8, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); !errors.Is(err, driver.ErrCanceled) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
}
