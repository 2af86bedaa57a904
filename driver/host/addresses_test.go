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
				for _, off := range []uint64{0, size / 2, size - 1} {
					if got, o := liveBuffers.find(b.DeviceAddress() + off); got != b || o != off {
						t.Errorf("address %#x+%d: found %p at %d, want %p", b.DeviceAddress(), off, got, o, b)
						return
					}
				}
				if got, _ := liveBuffers.find(b.DeviceAddress() + size); got == b {
					t.Errorf("the address past a buffer's end found it")
				}
				b.Release()
				if got, _ := liveBuffers.find(b.DeviceAddress()); got == b {
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
