package host

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The host device's global memory is the machine's: it reports a size the
// machine can hold (half of the physical memory, or of the cgroup's limit
// when lower) and counts every live buffer against it, so that an
// application asking for more gets CL_MEM_OBJECT_ALLOCATION_FAILURE instead
// of the process being killed when it touches the memory.

const (
	mib = 1 << 20
	// fallbackPhysical is assumed where the physical memory cannot be read.
	fallbackPhysical = 8 << 30
	// maxBuffer is the largest buffer whatever the memory: kernel offsets
	// are 32-bit in places.
	maxBuffer = 1 << 32
)

var (
	memOnce   sync.Once
	globalMem uint64 // CL_DEVICE_GLOBAL_MEM_SIZE
	// allocated counts the bytes of the live buffers.
	allocated atomic.Uint64
)

// memSizes returns the global memory size and the largest allocation.
func memSizes() (global, maxAlloc uint64) {
	memOnce.Do(func() {
		if globalMem == 0 { // tests may set it first
			// At most four of the largest buffers (as the ICD reports
			// them, 4 GiB - 1 for 32-bit addresses), so that the largest
			// allocation stays at least a quarter of the global memory.
			globalMem = min(max(physicalMemory()/2/mib*mib, 256*mib), 4*(maxBuffer-1)/mib*mib)
		}
	})
	global = globalMem
	// The specification asks for at least max(global/4, 128 MiB).
	maxAlloc = max(min(global, maxBuffer), global/4, 128*mib)
	return global, min(maxAlloc, global)
}

// reserve counts size more bytes of buffers, or reports that they would
// exceed the global memory.
func reserve(size uint64) bool {
	global, _ := memSizes()
	for {
		cur := allocated.Load()
		if size > global || cur > global-size {
			return false
		}
		if allocated.CompareAndSwap(cur, cur+size) {
			return true
		}
	}
}

func unreserve(size uint64) { allocated.Add(-size) }

// reserveCollecting is reserve, retried after garbage collections: the Go
// API releases a buffer its program dropped without Release only from a
// cleanup that runs after a collection, which a heap of large buffers
// makes rare.
func reserveCollecting(size uint64) bool {
	for i := range 3 {
		if reserve(size) {
			return true
		}
		runtime.GC()
		time.Sleep(time.Millisecond << i) // cleanups run on their own goroutine
	}
	return reserve(size)
}

// physicalMemory is the machine's memory, or the memory limit of the
// process's cgroup when that is lower.
func physicalMemory() uint64 {
	total := meminfoTotal()
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		n, err := strconv.ParseUint(string(bytes.TrimSpace(b)), 10, 64)
		if err == nil && n > 0 && (total == 0 || n < total) {
			total = n // "max" and v1's huge "unlimited" fail or are larger
		}
	}
	if total == 0 {
		return fallbackPhysical
	}
	return total
}

// meminfoTotal reads MemTotal from /proc/meminfo (Linux), or 0.
func meminfoTotal() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
