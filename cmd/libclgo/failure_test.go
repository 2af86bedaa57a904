//go:build cgo

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExecutionFailureReported runs testdata/failure.c on the host device:
// a kernel that fails after its enqueue returned must be reported by its
// event, the blocking read after it, clWaitForEvents, clFinish,
// clSetEventCallback and the context's pfn_notify.
func TestExecutionFailureReported(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "failure")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/failure.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe, "0")
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("failure: %v\n%s", err, res)
	}
	t.Log(strings.TrimSpace(res))
}
