//go:build cgo

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cTest compiles testdata/<name>.c and runs it on each device index; a
// device that does not exist ("no device N") is skipped.
func cTest(t *testing.T, name string, devices ...string) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), name)
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/"+name+".c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, d := range devices {
		t.Run("device"+d, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, d)
			if strings.HasPrefix(res, "no device") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("%s: %v\n%s", name, err, res)
			}
		})
	}
}

// TestSVM runs testdata/svm.c on the host device and the first Vulkan
// device: coarse-grained SVM round trips through maps, kernels, fills and
// copies, buffers of SVM memory, clEnqueueSVMFree's callback, and
// fine-grained buffers where the device has them (the host device).
func TestSVM(t *testing.T) { cTest(t, "svm", "0", "1") }
