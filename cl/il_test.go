package cl

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/spirv"
)

// specModule compiles a kernel that stores 12345 for dev and turns that
// constant into a specialization constant with SpecId 100: the OpConstant
// becomes an OpSpecConstant, decorated.
func specModule(t *testing.T, c *Context, dev *Device) []byte {
	t.Helper()
	p, err := c.CreateProgramWithSource(`kernel void k(global int *a) { a[get_global_id(0)] = 12345; }`)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build("", dev); err != nil {
		t.Fatal(err)
	}
	w := spirvWords(p.Binary(dev))
	found, decorate := -1, -1
	eachInstruction(w, func(at int, ins []uint32) {
		switch spirv.Op(ins[0] & 0xffff) {
		case spirv.OpConstant:
			if len(ins) == 4 && ins[3] == 12345 {
				found = at
			}
		case spirv.OpDecorate:
			if decorate < 0 {
				decorate = at
			}
		}
	})
	if found < 0 || decorate < 0 {
		t.Fatal("no OpConstant 12345 or no OpDecorate in the compiled module")
	}
	id := w[found+2]
	w[found] = w[found]&^0xffff | uint32(spirv.OpSpecConstant)
	w = slices.Insert(w, decorate, 4<<16|uint32(spirv.OpDecorate), id, uint32(spirv.DecorationSpecId), 100)
	return wordsBytes(w)
}

func wordsBytes(w []uint32) []byte {
	out := make([]byte, 0, 4*len(w))
	for _, x := range w {
		out = binary.LittleEndian.AppendUint32(out, x)
	}
	return out
}

// runStore runs kernel k of p (k(global int *a)) over 4 work-items and
// returns a[0].
func runStore(t *testing.T, c *Context, q *Queue, p *Program) int32 {
	t.Helper()
	k, err := p.CreateKernel("k")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	b, err := c.CreateBuffer(MemReadWrite, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	if err := k.SetArg(0, b); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{4}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 16)
	if _, err := q.EnqueueReadBuffer(b, 0, out); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	return getInt(out, 0)
}

// TestILSpecConstants: a Vulkan-flavoured module with a specialization
// constant builds with its default, then with the value set by
// SetSpecializationConstant, on each device; the module is CL_PROGRAM_IL.
func TestILSpecConstants(t *testing.T) {
	for _, d := range svmDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			code := specModule(t, c, d)
			p, err := c.CreateProgramWithIL(code)
			if err != nil {
				t.Fatal(err)
			}
			defer p.Release()
			if !slices.Equal(p.IL(), code) {
				t.Error("IL() is not the module given")
			}
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			if v := runStore(t, c, q, p); v != 12345 {
				t.Errorf("default: %d, want 12345", v)
			}
			if err := p.SetSpecializationConstant(100, binary.LittleEndian.AppendUint32(nil, uint32(0xfffffd09))); err != nil { // -759
				t.Fatal(err)
			}
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			if v := runStore(t, c, q, p); v != -759 {
				t.Errorf("specialized: %d, want -759", v)
			}
			if !slices.Equal(p.IL(), code) {
				t.Error("IL() changed by specialization")
			}
			for _, tc := range []struct {
				id    uint32
				value []byte
				code  ErrorCode
			}{
				{100, []byte{1, 2}, ErrInvalidValue},
				{100, nil, ErrInvalidValue},
				{101, []byte{1, 2, 3, 4}, ErrInvalidSpecId},
				{0, []byte{1, 0, 0, 0}, ErrInvalidSpecId}, // the work-group size's
			} {
				if err := p.SetSpecializationConstant(tc.id, tc.value); !errors.Is(err, tc.code) {
					t.Errorf("SetSpecializationConstant(%d, %v): %v, want %v", tc.id, tc.value, err, tc.code)
				}
			}
			src, _ := c.CreateProgramWithSource("kernel void k(global int *a) {}")
			if err := src.SetSpecializationConstant(100, []byte{1, 0, 0, 0}); !errors.Is(err, ErrInvalidProgram) {
				t.Errorf("on a source program: %v", err)
			}
			if src.IL() != nil {
				t.Error("a source program has IL")
			}
		})
	}
}

// TestILFlavour: a module with the Kernel capability but Vulkan's
// addressing (not OpenCL-flavoured SPIR-V), a Vulkan-flavoured module of
// SPIR-V 1.6 and one of 1.7 are refused with ErrInvalidValue and a message that says what is accepted.
func TestILFlavour(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	w := spirvWords(specModule(t, c, d))
	kernel := slices.Clone(w)
	eachInstruction(kernel, func(at int, ins []uint32) {
		if spirv.Op(ins[0]&0xffff) == spirv.OpCapability && ins[1] == uint32(spirv.CapabilityShader) {
			kernel[at+1] = uint32(spirv.CapabilityKernel)
		}
	})
	v16, v17 := slices.Clone(w), slices.Clone(w)
	v16[1], v17[1] = 1<<16|6<<8, 1<<16|7<<8
	for name, code := range map[string][]byte{"Kernel capability": wordsBytes(kernel), "SPIR-V 1.6": wordsBytes(v16), "SPIR-V 1.7": wordsBytes(v17)} {
		_, err := c.CreateProgramWithIL(code)
		if !errors.Is(err, ErrInvalidValue) || !strings.Contains(err.Error(), "clgo takes SPIR-V, either Vulkan-flavoured 1.0 to 1.5") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestCloneKernel: a clone keeps the arguments set before it was made and
// then changes independently of the original.
func TestCloneKernel(t *testing.T) {
	d := svmDevices(t)[0]
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	k := svmKernel(t, c, svmAddSource, "add")
	a, _ := CreateBufferFrom(c, 0, []int32{1, 2, 3, 4})
	b, _ := CreateBufferFrom(c, 0, []int32{10, 20, 30, 40})
	defer a.Release()
	defer b.Release()
	k.SetArgs(a, int32(5))
	k.SetExecInfoSVMPointers(nil)
	k2, err := k.Clone()
	if err != nil {
		t.Fatal(err)
	}
	defer k2.Release()
	k.SetArgs(b, int32(100))
	for _, kk := range []*Kernel{k2, k} {
		if _, err := q.EnqueueNDRangeKernel(kk, nil, []uint64{4}, nil); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]byte, 16)
	q.EnqueueReadBuffer(a, 0, got)
	got2 := make([]byte, 16)
	q.EnqueueReadBuffer(b, 0, got2)
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if v := getInt(got, i); v != int32(i+1+5) {
			t.Errorf("clone: a[%d] = %d, want %d", i, v, i+6)
		}
		if v := getInt(got2, i); v != int32(10*(i+1)+100) {
			t.Errorf("original: b[%d] = %d, want %d", i, v, 10*(i+1)+100)
		}
	}
	if err := k.SetExecInfoFineGrainSystem(true); !errors.Is(err, ErrInvalidOperation) {
		t.Errorf("fine-grained system SVM: %v", err)
	}
}

// TestTimers: the device and host timers agree with each other and with a
// command's profiling timestamps, on each device.
func TestTimers(t *testing.T) {
	for _, d := range svmDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, QueueProfilingEnable)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			dev0, host0, err := d.DeviceAndHostTimer()
			if err != nil || dev0 == 0 || host0 == 0 {
				t.Fatalf("DeviceAndHostTimer: %d %d %v", dev0, host0, err)
			}
			k := svmKernel(t, c, svmAddSource, "add")
			b, _ := CreateBufferFrom(c, 0, make([]int32, 64))
			defer b.Release()
			k.SetArgs(b, int32(1))
			ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{64}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
			dev1, _, _ := d.DeviceAndHostTimer()
			host1, _ := d.HostTimer()
			p, err := ev.Profile()
			if err != nil {
				t.Fatal(err)
			}
			if !(dev0 <= p.Start && p.Start <= p.End && p.End <= dev1 && dev1 <= host1) {
				t.Errorf("timer %d, kernel [%d, %d], timer %d, host %d: not in order", dev0, p.Start, p.End, dev1, host1)
			}
			// A command held back by a user event is queued when it is
			// enqueued, not when the driver gets it (test_profiling's
			// profiling_timebase).
			ue, _ := c.CreateUserEvent()
			dev2, _, _ := d.DeviceAndHostTimer()
			ev, err = q.EnqueueNDRangeKernel(k, nil, []uint64{64}, nil, ue)
			if err != nil {
				t.Fatal(err)
			}
			dev3, _, _ := d.DeviceAndHostTimer()
			time.Sleep(5 * time.Millisecond)
			ue.SetStatus(Complete)
			if err := ev.Wait(context.Background()); err != nil {
				t.Fatal(err)
			}
			dev4, _, _ := d.DeviceAndHostTimer()
			if p, err = ev.Profile(); err != nil {
				t.Fatal(err)
			}
			if !(dev2 <= p.Queued && p.Queued <= dev3 && dev3 < p.Submit && p.Submit <= p.Start && p.Start <= p.End && p.End <= dev4) {
				t.Errorf("timer %d, queued %d, timer %d, submit %d, kernel [%d, %d], timer %d: not in order", dev2, p.Queued, dev3, p.Submit, p.Start, p.End, dev4)
			}
		})
	}
}
