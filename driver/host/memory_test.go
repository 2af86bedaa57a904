package host_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
)

// A kernel over a buffer of B bytes runs in B plus a small fixed overhead
// per core. The run happens in a child process (this test binary, asked by
// an environment variable) so that its peak RSS (VmHWM) is its own.

const bigBytes = 1 << 30

// overhead allows the Go runtime, the compiler and the test binary, plus
// the per-worker state of each core.
func overhead() uint64 { return 96<<20 + uint64(runtime.GOMAXPROCS(0))*(8<<20) }

func TestBigBufferRSS(t *testing.T) {
	if os.Getenv("CLGO_BIG_CHILD") == "1" {
		bigChild(t)
		return
	}
	if testing.Short() {
		t.Skip("short")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestBigBufferRSS$", "-test.v")
	cmd.Env = append(os.Environ(), "CLGO_BIG_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var hwm uint64
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "VmHWM-bytes" {
			hwm, _ = strconv.ParseUint(f[1], 10, 64)
		}
	}
	if hwm == 0 {
		t.Fatalf("child reported no VmHWM:\n%s", out)
	}
	limit := bigBytes + overhead()
	t.Logf("peak RSS %d MiB for a %d MiB buffer (limit %d MiB)", hwm>>20, bigBytes>>20, limit>>20)
	if hwm > limit {
		t.Fatalf("peak RSS %d MiB exceeds %d MiB", hwm>>20, limit>>20)
	}
}

// bigChild fills a 1 GiB buffer with a kernel, checks samples of it, and
// prints its VmHWM.
func bigChild(t *testing.T) {
	const src = `kernel void fill(global uint *out, uint k) {
  size_t i = get_global_id(0);
  out[i] = (uint)i * k + 1u;
}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	dev := host.NewDevice()
	p, err := dev.BuildProgram(res.SPIRV)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("fill")
	if err != nil {
		t.Fatal(err)
	}
	q, _ := dev.NewQueue(driver.QueueOptions{})
	defer q.Release()
	buf, err := dev.NewBuffer(bigBytes)
	if err != nil {
		t.Fatal(err)
	}
	n := uint64(bigBytes / 4)
	args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, 3)}}
	ev, err := q.Dispatch(context.Background(), k, args, driver.Uniform(1, [3]uint64{}, [3]uint64{n, 1, 1}, [3]uint64{256, 1, 1}), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	data := buf.(interface{ HostBytes() []byte }).HostBytes()
	for _, i := range []uint64{0, 1, n / 2, n - 1} {
		if got, want := binary.LittleEndian.Uint32(data[4*i:]), uint32(i)*3+1; got != want {
			t.Fatalf("out[%d] = %d, want %d", i, got, want)
		}
	}
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			fmt.Printf("VmHWM-bytes %d\n", kb<<10)
		}
	}
}
