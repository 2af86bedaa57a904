package cl

import (
	"context"
	"encoding/binary"
	"errors"
	"sync"
	"testing"
	"unsafe"
)

// svmDevices returns the host device and, where one exists, the first
// Vulkan device.
func svmDevices(t *testing.T) []*Device {
	t.Helper()
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	var out []*Device
	vk := false
	for _, d := range devs {
		switch d.DriverName() {
		case "host":
			out = append(out, d)
		case "vulkan":
			if !vk {
				out = append(out, d)
				vk = true
			}
		}
	}
	return out
}

const svmAddSource = `kernel void add(global int *a, int n) { a[get_global_id(0)] += n; }`

func svmKernel(t *testing.T, c *Context, src, name string) *Kernel {
	t.Helper()
	p, err := c.CreateProgramWithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Release() })
	if err := p.Build(""); err != nil {
		t.Fatalf("%v\n%s", err, p.BuildLog(c.devices[0]))
	}
	k, err := p.CreateKernel(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Release() })
	return k
}

func putInts(b []byte, vs ...int32) {
	for i, v := range vs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
	}
}

func getInt(b []byte, i int) int32 { return int32(binary.LittleEndian.Uint32(b[4*i:])) }

// TestSVMCoarseGrain: an allocation written through a map, changed by a
// kernel given a pointer into its middle, filled, copied to and from host
// memory and read back through a map, on each device.
func TestSVMCoarseGrain(t *testing.T) {
	ctx := context.Background()
	for _, d := range svmDevices(t) {
		t.Run(d.DriverName(), func(t *testing.T) {
			if d.SVMCapabilities()&SVMCoarseGrainBuffer == 0 {
				t.Fatal("no coarse-grained SVM")
			}
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
			const n = 64
			s, err := c.SVMAlloc(MemReadWrite, 4*n, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Free()
			if uintptr(s.Pointer())%128 != 0 {
				t.Fatalf("default alignment: %p", s.Pointer())
			}
			mem := s.Bytes()
			ev, err := q.EnqueueSVMMap(MapWrite, mem)
			if err != nil {
				t.Fatal(err)
			}
			if ev.CommandType() != CommandSVMMap {
				t.Errorf("map command type %#x", ev.CommandType())
			}
			if err := ev.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			for i := range n {
				putInts(mem[4*i:], int32(i))
			}
			if _, err := q.EnqueueSVMUnmap(s.Pointer()); err != nil {
				t.Fatal(err)
			}
			// A pointer to element 16 (64 bytes in: aligned for every
			// device's descriptor offsets): elements 16..47 get +100.
			k := svmKernel(t, c, svmAddSource, "add")
			if err := k.SetArgSVMPointer(0, unsafe.Pointer(&mem[64])); err != nil {
				t.Fatal(err)
			}
			if err := k.SetArg(1, int32(100)); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{32}, nil); err != nil {
				t.Fatal(err)
			}
			// Fill elements 56..63 with 7, copy elements 0..3 out to
			// host memory and host memory into 4..7, copy 16..19 to
			// 52..55 (SVM to SVM).
			if _, err := q.EnqueueSVMMemFill(mem[4*56:4*64], []byte{7, 0, 0, 0}); err != nil {
				t.Fatal(err)
			}
			out := make([]byte, 16)
			if _, err := q.EnqueueSVMMemcpy(out, mem[0:16]); err != nil {
				t.Fatal(err)
			}
			in := make([]byte, 16)
			putInts(in, -1, -2, -3, -4)
			if _, err := q.EnqueueSVMMemcpy(mem[16:32], in); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueSVMMemcpy(mem[4*52:4*56], mem[4*16:4*20]); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueSVMMigrateMem([][]byte{mem[:0]}, 0); err != nil {
				t.Fatal(err)
			}
			ev, err = q.EnqueueSVMMap(MapRead, mem)
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			want := func(i int) int32 {
				switch {
				case i >= 4 && i < 8:
					return int32(-(i - 3))
				case i >= 16 && i < 48:
					return int32(i + 100)
				case i >= 52 && i < 56:
					return int32(i - 52 + 16 + 100)
				case i >= 56:
					return 7
				}
				return int32(i)
			}
			for i := range n {
				if v := getInt(mem, i); v != want(i) {
					t.Errorf("[%d] = %d, want %d", i, v, want(i))
				}
			}
			for i := range 4 {
				if v := getInt(out, i); v != int32(i) {
					t.Errorf("copied out [%d] = %d, want %d", i, v, i)
				}
			}
			if _, err := q.EnqueueSVMUnmap(s.Pointer()); err != nil {
				t.Fatal(err)
			}
			// A buffer made of SVM memory shares it.
			b, err := c.CreateBuffer(MemUseHostPtr, 16, mem[4*60:])
			if err != nil {
				t.Fatal(err)
			}
			if !b.UsesSVMPointer() {
				t.Error("buffer of SVM memory: CL_MEM_USES_SVM_POINTER false")
			}
			got := make([]byte, 16)
			if _, err := q.EnqueueReadBuffer(b, 0, got); err != nil {
				t.Fatal(err)
			}
			if err := q.Finish(ctx); err != nil {
				t.Fatal(err)
			}
			if v := getInt(got, 3); v != 7 {
				t.Errorf("buffer of SVM memory [3] = %d, want 7", v)
			}
			b.Release()
			// EnqueueSVMFree with a callback runs it after the
			// commands before it.
			s2, err := c.SVMAlloc(0, 4096, 4096)
			if err == nil {
				t.Fatal("alignment 4096 accepted")
			}
			s2, err = c.SVMAlloc(MemReadOnly, 100, 64)
			if err != nil {
				t.Fatal(err)
			}
			called := false
			ev, err = q.EnqueueSVMFree([]*SVM{s2}, func() { called = true; s2.Free() })
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.Wait(ctx); err != nil || !called {
				t.Fatalf("EnqueueSVMFree: %v, called %v", err, called)
			}
			if _, _, ok := c.SVMAt(s2.Pointer(), 1); ok {
				t.Error("freed allocation still found")
			}
		})
	}
}

// TestSVMFineGrainHost: on the host device a fine-grained allocation is
// the memory kernels use: host writes are seen by a kernel and its writes
// by the host, without maps.
func TestSVMFineGrainHost(t *testing.T) {
	d := svmDevices(t)[0]
	if d.SVMCapabilities()&SVMFineGrainBuffer == 0 {
		t.Fatal("host device without fine-grained SVM")
	}
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
	s, err := c.SVMAlloc(MemSVMFineGrainBuffer, 4*16, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	mem := s.Bytes()
	for i := range 16 {
		putInts(mem[4*i:], int32(i))
	}
	k := svmKernel(t, c, svmAddSource, "add")
	if err := k.SetArgSVMPointer(0, unsafe.Pointer(&mem[4])); err != nil {
		t.Fatal(err)
	}
	k.SetArg(1, int32(10))
	if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{15}, nil); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range 16 {
		want := int32(i)
		if i > 0 {
			want += 10
		}
		if v := getInt(mem, i); v != want {
			t.Errorf("[%d] = %d, want %d", i, v, want)
		}
	}
}

// TestSVMErrors: clSVMAlloc's refusals and the SVM commands' checks.
func TestSVMErrors(t *testing.T) {
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
	for _, tc := range []struct {
		flags MemFlags
		size  uint64
		align uint32
		code  ErrorCode
	}{
		{MemReadOnly | MemWriteOnly, 16, 0, ErrInvalidValue},
		{MemSVMAtomics, 16, 0, ErrInvalidValue},
		{MemUseHostPtr, 16, 0, ErrInvalidValue},
		{0, 0, 0, ErrInvalidBufferSize},
		{0, d.info.MaxAllocSize + 1, 0, ErrInvalidBufferSize},
		{0, 16, 3, ErrInvalidValue},
		{0, 16, 256, ErrInvalidValue},
	} {
		if _, err := c.SVMAlloc(tc.flags, tc.size, tc.align); !errors.Is(err, tc.code) {
			t.Errorf("SVMAlloc(%#x, %d, %d): %v, want %v", tc.flags, tc.size, tc.align, err, tc.code)
		}
	}
	s, err := c.SVMAlloc(0, 64, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	mem := s.Bytes()
	host := make([]byte, 64)
	if _, err := q.EnqueueSVMMemcpy(mem[0:32], mem[16:48]); !errors.Is(err, ErrMemCopyOverlap) {
		t.Errorf("overlapping memcpy: %v", err)
	}
	if _, err := q.EnqueueSVMMemcpy(unsafe.Slice(&mem[32], 64), host); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("memcpy past the allocation: %v", err)
	}
	if _, err := q.EnqueueSVMMemcpy(host, unsafe.Slice(&mem[32], 64)); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("memcpy from past the allocation: %v", err)
	}
	if _, err := q.EnqueueSVMMemFill(mem[2:10], []byte{1, 2, 3, 4}); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("misaligned fill: %v", err)
	}
	if _, err := q.EnqueueSVMMemFill(mem[0:8], []byte{1, 2, 3}); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("3-byte pattern: %v", err)
	}
	if _, err := q.EnqueueSVMMap(MapRead, host); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("map of host memory: %v", err)
	}
	if _, err := q.EnqueueSVMMap(MapRead, unsafe.Slice(&mem[60], 8)); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("map past the allocation: %v", err)
	}
	if _, err := q.EnqueueSVMUnmap(nil); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("unmap NULL: %v", err)
	}
	if _, err := q.EnqueueSVMMigrateMem(nil, 0); !errors.Is(err, ErrInvalidValue) {
		t.Errorf("migrate nothing: %v", err)
	}
	k := svmKernel(t, c, svmAddSource, "add")
	if err := k.SetArgSVMPointer(0, unsafe.Pointer(&host[0])); !errors.Is(err, ErrInvalidArgValue) {
		t.Errorf("kernel arg of host memory: %v", err)
	}
	if err := k.SetArgSVMPointer(1, s.Pointer()); !errors.Is(err, ErrInvalidArgValue) {
		t.Errorf("SVM pointer for an int: %v", err)
	}
	if err := k.SetArgSVMPointer(2, s.Pointer()); !errors.Is(err, ErrInvalidArgIndex) {
		t.Errorf("index 2: %v", err)
	}
}

// TestSVMUnalignedPointer: an SVM pointer at every byte of an allocation
// reaches a kernel as a char * there, on every device (a Vulkan device,
// which binds buffers at aligned offsets only, gets the range through a
// scratch buffer, and the kernel's writes are copied back).
func TestSVMUnalignedPointer(t *testing.T) {
	ctx := context.Background()
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
			s, err := c.SVMAlloc(0, 64, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Free()
			mem := s.Bytes()
			k := svmKernel(t, c, `kernel void inc(global uchar *p, global uchar *q) { p[0] += 1; p[1] += q[0]; }`, "inc")
			other, _ := c.SVMAlloc(0, 4, 0)
			defer other.Free()
			if _, err := q.EnqueueSVMMemFill(other.Bytes(), []byte{10, 0, 0, 0}); err != nil {
				t.Fatal(err)
			}
			for off := range 63 {
				if err := k.SetArgSVMPointer(0, unsafe.Pointer(&mem[off])); err != nil {
					t.Fatal(err)
				}
				k.SetArgSVMPointer(1, other.Pointer())
				if _, err := q.EnqueueTask(k); err != nil {
					t.Fatalf("offset %d: %v", off, err)
				}
			}
			if _, err := q.EnqueueSVMMap(MapRead, mem); err != nil {
				t.Fatal(err)
			}
			if err := q.Finish(ctx); err != nil {
				t.Fatal(err)
			}
			// Byte i got +1 from launch i and +10 from launch i-1.
			for i := range 64 {
				want := 0
				if i < 63 {
					want++
				}
				if i > 0 {
					want += 10
				}
				if int(mem[i]) != want {
					t.Errorf("[%d] = %d, want %d", i, mem[i], want)
				}
			}
		})
	}
}

// TestSVMFreeCallbackEnqueues: EnqueueSVMFree returns before the commands
// before it are done, its callback runs after them and before the
// commands after it, and may itself enqueue on the queue.
func TestSVMFreeCallbackEnqueues(t *testing.T) {
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
	s, err := c.SVMAlloc(0, 16, 0)
	if err != nil {
		t.Fatal(err)
	}
	gate, _ := c.CreateUserEvent()
	m, err := q.EnqueueMarkerWithWaitList(gate)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var before ExecStatus = -100 // the marker's status when the callback ran
	var inner *Event
	ev, err := q.EnqueueSVMFree([]*SVM{s}, func() {
		mu.Lock()
		before = m.Status()
		mu.Unlock()
		s.Free()
		inner, _ = q.EnqueueMarkerWithWaitList()
	})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := q.EnqueueMarkerWithWaitList()
	if st := ev.Status(); st == Complete {
		t.Fatal("EnqueueSVMFree completed before the gate opened")
	}
	gate.SetStatus(Complete)
	if err := after.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(context.Background()); err != nil {
		t.Fatal(err)
	}
	if inner == nil || ev.Status() != Complete {
		t.Fatalf("callback's enqueue %v, free status %v", inner, ev.Status())
	}
	mu.Lock()
	defer mu.Unlock()
	if before != Complete {
		t.Errorf("the callback ran with the command before it %v", before)
	}
}
