//go:build !clgo_compile_only

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gemvTied takes its row length n from an argument equal to the global
// size, so clgo bench's scaling grows n with the rows while the matrix
// grows with the rows only: scaled once, rows read past the matrix.
const gemvTied = `kernel void gemv(const int m, const int n, global const float *a, global const float *x, global float *y) {
  int row = get_global_id(0);
  if (row >= m) return;
  float acc = 0.0f;
  for (int j = 0; j < n; j++) acc += a[row * n + j] * x[j];
  y[row] = acc;
}
//! kernel gemv
//! global 512
//! arg int 512
//! arg int 512
//! arg buffer<float> 262144 random
//! arg buffer<float> 512 random
//! arg buffer<float> 512 out
//! tolerance 1e-4
`

// captureMain runs Main with standard output captured.
func captureMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	stdout := os.Stdout
	r, w, _ := os.Pipe()
	os.Stdout = w
	var errb bytes.Buffer
	rc := Main(args, &errb, &errb)
	w.Close()
	os.Stdout = stdout
	out, _ := io.ReadAll(r)
	return rc, string(out), errb.String()
}

// TestBenchGuardStopsScaling: clgo bench grows gemvTied only as far as the
// host device, which checks every access, runs it in bounds, and runs
// PoCL (which does not check; out of bounds it crashed this process) only
// at those sizes.
func TestBenchGuardStopsScaling(t *testing.T) {
	needOpenCL(t)
	path := filepath.Join(t.TempDir(), "gemv.cl")
	if err := os.WriteFile(path, []byte(gemvTied), 0o644); err != nil {
		t.Fatal(err)
	}
	rc, out, errs := captureMain(t, "bench", "--device", "host", "--runs", "1", "--min", "1s", path)
	if rc != 0 || strings.Contains(out, "error") || !strings.Contains(out, " 512 ") {
		t.Fatalf("rc %d:\n%s\n%s", rc, out, errs)
	}
}

// TestCheckGuardOutOfBounds: a spec whose buffer is too small for its
// kernel fails clgo check with the host device's message, and the
// reference is not run.
func TestCheckGuardOutOfBounds(t *testing.T) {
	needOpenCL(t)
	src := strings.Replace(gemvTied, "//! arg buffer<float> 262144 random", "//! arg buffer<float> 1024 random", 1)
	path := filepath.Join(t.TempDir(), "gemv.cl")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rc, out, errs := captureMain(t, "check", path)
	if rc != 1 || !strings.Contains(out, "FAIL "+path+": not run on ") ||
		!strings.Contains(out, "accesses memory out of bounds") || !strings.Contains(out, "argument 2 (a)") {
		t.Fatalf("rc %d:\n%s\n%s", rc, out, errs)
	}
}
