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

// TestImagesC runs testdata/images.c (image and sampler entry points,
// round trips with pitches, error codes) on the device of
// driver/drivertest that a library built with -tags clgo_fakeimages adds
// (device 1: host, fake, vulkan), and on the shipped library's host and
// Vulkan devices, which skip while their drivers have no image support.
func TestImagesC(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "images")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/images.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	fake := t.TempDir()
	out, err = exec.Command("go", "build", "-tags", "clgo_fakeimages", "-buildmode=c-shared", "-o", filepath.Join(fake, "libclgo.so"), ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -tags clgo_fakeimages: %v\n%s", err, out)
	}
	vendors := filepath.Join(fake, "vendors")
	os.Mkdir(vendors, 0o755)
	if err := os.WriteFile(filepath.Join(vendors, "clgo.icd"), []byte(filepath.Join(fake, "libclgo.so")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("fake", func(t *testing.T) {
		cmd := exec.Command(exe, "1")
		cmd.Env = append(os.Environ(), "OCL_ICD_VENDORS="+vendors, "OCL_ICD_FILENAMES="+filepath.Join(fake, "libclgo.so"),
			"XDG_CACHE_HOME="+t.TempDir())
		res, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(res), "PASS") || !strings.Contains(string(res), "fake images") {
			t.Fatalf("images on the fake device: %v\n%s", err, res)
		}
	})
	t.Run("pyopencl", func(t *testing.T) {
		python := "/usr/bin/python3" // Debian's python3-pyopencl is for the system Python
		if out, err := exec.Command(python, "-c", "import pyopencl, numpy").CombinedOutput(); err != nil {
			t.Skipf("pyopencl is not installed: %s", out)
		}
		cmd := exec.Command(python, "testdata/pyopencl_images.py")
		cmd.Env = append(os.Environ(), "OCL_ICD_VENDORS="+vendors, "OCL_ICD_FILENAMES="+filepath.Join(fake, "libclgo.so"),
			"XDG_CACHE_HOME="+t.TempDir())
		res, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(res), "PASS") {
			t.Fatalf("pyopencl on the fake device: %v\n%s", err, res)
		}
	})
	for _, dev := range []string{"0", "1"} {
		t.Run("device_"+dev, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, dev)
			if strings.HasPrefix(res, "SKIP") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("images %s: %v\n%s", dev, err, res)
			}
		})
	}
}
