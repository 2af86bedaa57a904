package host

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestAddressSpace: buffers are found by any address inside them while
// they live, not once released, and the address space forgets buffers
// that were never released once they are collected. Writers and readers
// run at once.
func TestAddressSpace(t *testing.T) {
	dev := NewDevice()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				size := uint64(8 + 24*(i%5) + w)
				db, err := dev.NewBuffer(size)
				if err != nil {
					t.Error(err)
					return
				}
				b := db.(*buffer)
				found := func(a uint64) bool {
					m, lo := liveBuffers.find(a)
					return lo == b.DeviceAddress() && len(m) == len(b.data) && &m[0] == &b.data[0]
				}
				for _, off := range []uint64{0, size / 2, size - 1} {
					if !found(b.DeviceAddress() + off) {
						t.Errorf("address %#x+%d: buffer not found", b.DeviceAddress(), off)
						return
					}
				}
				if found(b.DeviceAddress() + size) {
					t.Errorf("the address past a buffer's end found it")
				}
				b.Release()
				if found(b.DeviceAddress()) {
					t.Errorf("a released buffer was found")
				}
			}
		}()
	}
	wg.Wait()
	count := func() int {
		if p := liveBuffers.live.Load(); p != nil {
			return len(*p)
		}
		return 0
	}
	before := count()
	for range 100 {
		dev.NewBuffer(64) // never released
	}
	if n := count(); n < before+100 {
		t.Fatalf("%d live buffers after 100 more than %d", n, before)
	}
	for i := 0; count() >= before+100; i++ {
		if i == 100 {
			t.Fatalf("%d live buffers: collected buffers stay in the address space", count())
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}
