//go:build unix

package host

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/config"
)

// TestBuildTimes measures what preparing big kernels for the native tier
// costs: for every entry point of the SPIR-V modules BUILD_TIMES_SPV
// names (a list with the OS's separator), the process CPU time of
// lanes.Build and of the native compile, Build's rounds, its bytes
// allocated and, with BUILD_TIMES_PEAK=1, the peak heap seen while it
// ran (sampled every millisecond; the sampling costs CPU time). It prints one line an entry point and the slowest 15
// again as a table. With BUILD_TIMES_HASH=1 it prints a digest of each
// lane program (ops, values and slots, regions) and of its native code
// (written through CLGO_JIT_DUMP to a scratch directory), so that a
// change to the builder can be checked to change no output. Skipped
// without the variable:
//
//	BUILD_TIMES_SPV=/tmp/realcode/out/06f602492a/a.spv go test ./driver/host -run TestBuildTimes -v
func TestBuildTimes(t *testing.T) {
	files := os.Getenv("BUILD_TIMES_SPV")
	if files == "" {
		t.Skip("BUILD_TIMES_SPV is not set")
	}
	hash := os.Getenv("BUILD_TIMES_HASH") == "1"
	peak := os.Getenv("BUILD_TIMES_PEAK") == "1"
	only := regexp.MustCompile(os.Getenv("BUILD_TIMES_ENTRY"))
	type row struct {
		name               string
		ops, rounds        int
		build, compile     time.Duration
		alloc, peak        uint64
		progHash, codeHash string
		err                string
	}
	var rows []row
	for _, path := range filepath.SplitList(files) {
		code, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(code)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		dir := filepath.Base(filepath.Dir(path))
		for _, entry := range m.EntryPoints() {
			if !only.MatchString(entry) {
				continue
			}
			r := row{name: dir + " " + entry}
			var dump string
			if hash {
				dump = t.TempDir()
				t.Setenv(config.JITDump, dump)
				config.Reload()
			}
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			stop := func() uint64 { return 0 }
			if peak {
				stop = heapPeak()
			}
			t0 := processCPU()
			p, err := lanes.Build(m.x, entry, map[uint32]uint64{0: nativeChunk, 1: 1, 2: 1}, nativeChunk)
			r.build = processCPU() - t0
			r.peak = max(stop(), before.HeapAlloc) - before.HeapAlloc
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			r.alloc = after.TotalAlloc - before.TotalAlloc
			if err != nil {
				r.err = err.Error()
			} else {
				r.ops, r.rounds = len(p.Ops), p.Rounds
				if hash {
					r.progHash = progDigest(p)
				}
				if nativeCompile != nil {
					t0 = processCPU()
					_, err := nativeCompile(p)
					r.compile = processCPU() - t0
					if err != nil {
						r.err = err.Error()
					}
				}
				if hash {
					r.codeHash = dumpDigest(t, dump)
				}
			}
			t.Logf("BUILD %-40s ops %8d rounds %2d build %7.0f ms compile %6.0f ms alloc %6d MB peak %5d MB %s %s %s",
				r.name, r.ops, r.rounds, ms(r.build), ms(r.compile), r.alloc>>20, r.peak>>20, r.progHash, r.codeHash, r.err)
			rows = append(rows, r)
		}
	}
	if hash {
		t.Setenv(config.JITDump, "")
		config.Reload()
	}
	slices.SortFunc(rows, func(a, b row) int { return int((b.build + b.compile) - (a.build + a.compile)) })
	t.Logf("| entry point | ops | rounds | Build ms | Compile ms | alloc MB | peak MB |")
	for _, r := range rows[:min(15, len(rows))] {
		t.Logf("| %s | %d | %d | %.0f | %.0f | %d | %d |", r.name, r.ops, r.rounds, ms(r.build), ms(r.compile), r.alloc>>20, r.peak>>20)
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }

// processCPU is the user and system CPU time of the process (collections
// on other threads count: they are part of a build's cost).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heapPeak samples the live heap every millisecond until stop, which
// returns the largest HeapAlloc seen (runtime/metrics would be cheaper,
// but ReadMemStats's short stop is fine for a measurement).
func heapPeak() func() uint64 {
	var peak atomic.Uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-finished
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return max(peak.Load(), ms.HeapAlloc)
	}
}

// progDigest is a digest of what a lane program says: its ops, values
// (with their slots), regions and sizes.
func progDigest(p *lanes.Program) string {
	h := sha256.New()
	fmt.Fprintf(h, "%v %v %v %v %v %v\n", p.Chunk, p.Local, p.Labels, p.Barriers, p.FrameSize, len(p.Ops))
	for _, o := range p.Ops {
		fmt.Fprintf(h, "%v\n", o)
	}
	for _, v := range p.Values {
		fmt.Fprintf(h, "%v\n", v)
	}
	fmt.Fprintf(h, "%v\n", p.Regions)
	return fmt.Sprintf("prog:%x", h.Sum(nil)[:8])
}

// dumpDigest is a digest of the native code bytes jit wrote under dir.
func dumpDigest(t *testing.T, dir string) string {
	names, _ := filepath.Glob(filepath.Join(dir, "*.bin"))
	if len(names) == 0 {
		return "code:none"
	}
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		h.Write(b)
	}
	return fmt.Sprintf("code:%x", h.Sum(nil)[:8])
}
