//go:build cgo

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNullBufferArgICD runs testdata/nullarg.c (the CTS's null_buffer_arg)
// on each device: a NULL cl_mem argument compares equal to NULL in the
// kernel.
func TestNullBufferArgICD(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "nullarg")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/nullarg.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, dev := range []string{"0", "1"} {
		res, err := client(t, 2*time.Minute, exe, dev)
		if strings.HasPrefix(res, "SKIP") {
			continue
		}
		if err != nil || !strings.Contains(res, "PASS") {
			t.Errorf("device %s: %v\n%s", dev, err, res)
		}
	}
}
