package jit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// neonQEMUTests are the tests of this package that run under qemu-user
// on arm64 in TestNEONUnderQEMU: ops, memory and traps, atomics (call-
// outs), barriers, yields, loops, private memory, halves; every one
// compares the NEON code with the Go executor bit for bit.
const neonQEMUTests = `^(TestOps|TestMemory|TestTraps|TestAtomics|TestBarrierPasses|TestYield|TestLoopPins|` +
	`TestPrivateInterleaved|TestPrivateQwords|TestUnreachable|TestRegionLength|TestCalloutNoCode|TestHalfToF|` +
	`TestFToHalf|TestChunkLoopAfterTrap|TestPrivateRowBounds|TestAtomicsUnaligned|TestFMinMaxNaNs|TestIndexConstBase|TestI64ToF32RoundsOnce|TestCallVectors)$`

// TestNEONUnderQEMU cross-compiles this package's tests and package
// arm64's for linux/arm64 and runs a selection of them under
// qemu-aarch64-static, so that the NEON back end is tested on every
// make test of an x86-64 machine. It skips where qemu is missing, but
// under CI=true (scripts/install-oracles.sh installs qemu-user-static).
func TestNEONUnderQEMU(t *testing.T) {
	if runtime.GOARCH == "arm64" {
		t.Skip("on arm64 the tests run natively")
	}
	qemu, err := exec.LookPath("qemu-aarch64-static")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("qemu-aarch64-static (package qemu-user-static) is needed under CI: %v", err)
		}
		t.Skip("qemu-aarch64-static not installed")
	}
	goBin := filepath.Join(runtime.GOROOT(), "bin", "go")
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	for _, pkg := range []string{".", "../arm64"} {
		bin := filepath.Join(dir, filepath.Base(pkg)+".test")
		build := exec.CommandContext(ctx, goBin, "test", "-c", "-o", bin, pkg)
		build.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go test -c %s for linux/arm64: %v\n%s", pkg, err, out)
		}
		run := exec.CommandContext(ctx, qemu, bin, "-test.short", "-test.run", neonQEMUTests, "-test.timeout", "6m")
		run.Dir = pkg
		out, err := run.CombinedOutput()
		if err != nil {
			t.Fatalf("%s under qemu: %v\n%s", pkg, err, tail(out, 4000))
		}
		t.Logf("%s under qemu: %s", pkg, tail(out, 200))
	}
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}
