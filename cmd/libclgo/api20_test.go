//go:build cgo

package main

import (
	"os"
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

// TestILProgram compiles testdata/il.cl with `clgo compile` and runs
// testdata/il.c on it on the host device and the first Vulkan device:
// clCreateProgramWithIL, CL_PROGRAM_IL, the IL version queries,
// specialization constants, OpenCL-flavoured SPIR-V refused,
// clCloneKernel, and the timers against profiling timestamps.
func TestILProgram(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	spv := filepath.Join(dir, "il.spv")
	if out, err := exec.Command("go", "run", "../clgo", "compile", "testdata/il.cl", "-o", spv).CombinedOutput(); err != nil {
		t.Fatalf("clgo compile: %v\n%s", err, out)
	}
	exe := filepath.Join(dir, "il")
	if out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/il.c", "-lOpenCL").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, d := range []string{"0", "1"} {
		t.Run("device"+d, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, spv, d)
			if strings.HasPrefix(res, "no device") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("il: %v\n%s", err, res)
			}
		})
	}
}

// TestILKernelProgram runs testdata/ilkernel.c on the host device and the
// first Vulkan device with the OpenCL-flavoured modules of cl/testdata/il:
// clCreateProgramWithIL, CL_PROGRAM_IL, builds through the translator,
// kernel names, specialization constants, clCompileProgram and
// clLinkProgram of an exporting and an importing module.
func TestILKernelProgram(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "ilkernel")
	if out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/ilkernel.c", "-lOpenCL").CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, d := range []string{"0", "1"} {
		t.Run("device"+d, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, "../../cl/testdata/il", d)
			if strings.HasPrefix(res, "no device") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("ilkernel: %v\n%s", err, res)
			}
		})
	}
}

// TestNoPipesNoDeviceEnqueue runs testdata/nofeatures.c: pipes and device
// queues answered as an OpenCL 3.0 device without them.
func TestNoPipesNoDeviceEnqueue(t *testing.T) { cTest(t, "nofeatures", "0", "1") }

// TestPyOpenCLSVM runs testdata/pyopencl_svm.py on the host device and
// the first Vulkan device: pyopencl's SVM wrappers (svm_empty, map_rw,
// an SVM kernel argument, enqueue_copy) on clgo's SVM.
func TestPyOpenCLSVM(t *testing.T) {
	python := "/usr/bin/python3" // Debian's python3-pyopencl is for the system Python
	if _, err := exec.LookPath(python); err != nil {
		python = need(t, "python3")
	}
	if out, err := exec.Command(python, "-c", "import pyopencl, numpy").CombinedOutput(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pyopencl is not installed (CI=true): %s", out)
		}
		t.Skipf("pyopencl is not installed: %s", out)
	}
	for _, d := range []string{"0", "1"} {
		t.Run("device"+d, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, python, "testdata/pyopencl_svm.py", d)
			if strings.HasPrefix(res, "no device") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("pyopencl_svm.py: %v\n%s", err, res)
			}
		})
	}
}
