//go:build cgo

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests build libclgo.so and run OpenCL clients on it through the ICD
// loader: clinfo, a C program, pyopencl, clpeak and ffmpeg. A missing client is a
// skip, or a failure under CI=true.

var (
	libOnce sync.Once
	libDir  string
	libErr  error
)

// library builds libclgo.so once, with an ICD vendors directory naming it.
func library(t *testing.T) string {
	t.Helper()
	libOnce.Do(func() {
		libDir, libErr = os.MkdirTemp("", "libclgo-test-")
		if libErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-buildmode=c-shared", "-o", filepath.Join(libDir, "libclgo.so"), ".").CombinedOutput()
		if err != nil {
			libErr = fmt.Errorf("go build -buildmode=c-shared: %v\n%s", err, out)
			return
		}
		vendors := filepath.Join(libDir, "vendors")
		os.Mkdir(vendors, 0o755)
		libErr = os.WriteFile(filepath.Join(vendors, "clgo.icd"), []byte(filepath.Join(libDir, "libclgo.so")+"\n"), 0o644)
	})
	if libErr != nil {
		t.Fatal(libErr)
	}
	return libDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if libDir != "" {
		os.RemoveAll(libDir)
	}
	os.Exit(code)
}

// need finds a client program.
func need(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (CI=true)", name)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// client runs a command against clgo only: ocl-icd reads OCL_ICD_VENDORS,
// the Khronos loader OCL_ICD_FILENAMES.
func client(t *testing.T, timeout time.Duration, name string, args ...string) (string, error) {
	return clientEnv(t, timeout, nil, name, args...)
}

// clientEnv is client with more environment variables (the last of a
// name wins).
func clientEnv(t *testing.T, timeout time.Duration, env []string, name string, args ...string) (string, error) {
	dir := library(t)
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(),
		"OCL_ICD_VENDORS="+filepath.Join(dir, "vendors"),
		"OCL_ICD_FILENAMES="+filepath.Join(dir, "libclgo.so"),
		"XDG_CACHE_HOME="+t.TempDir(),
		"CLGO_ICD_DEBUG=1")
	cmd.Env = append(cmd.Env, env...)
	done := make(chan struct{})
	var out []byte
	var err error
	go func() {
		out, err = cmd.CombinedOutput()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(timeout):
		cmd.Process.Kill()
		<-done
		err = fmt.Errorf("timed out after %v", timeout)
	}
	return string(out), err
}

func TestClinfo(t *testing.T) {
	clinfo := need(t, "clinfo")
	out, err := client(t, time.Minute, clinfo)
	if err != nil {
		t.Fatalf("clinfo: %v\n%s", err, out)
	}
	for _, want := range []string{"Platform Name                                   clgo",
		"Platform Version                                OpenCL 3.0 clgo",
		"Device Name                                     clgo host (pure Go)",
		"Device OpenCL C Version                         OpenCL C 1.2 clgo",
		"clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU)  Success"} {
		if !strings.Contains(out, want) {
			t.Errorf("clinfo output lacks %q", want)
		}
	}
	// clinfo prints a failed query as the error's name, or as
	// "<function:line: what : error N>"; the queries of its default
	// listing must all succeed.
	bad := regexp.MustCompile(`CL_INVALID|CL_OUT_OF|Invalid [a-z]|<[^>]*error[^>]*>|error -\d+`)
	for _, line := range strings.Split(out, "\n") {
		if bad.MatchString(line) {
			t.Errorf("clinfo: %s", strings.TrimSpace(line))
		}
	}
	if t.Failed() {
		t.Logf("clinfo output:\n%s", out)
	}
}

func TestCClient(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	exe := filepath.Join(dir, "icdtest")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/icdtest.c", "-lOpenCL", "-lpthread").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("icdtest: %v\n%s", err, res)
	}
}

// TestLinkAgainstReference runs testdata/linktest.c (separate
// compilation: units with their own structs and statics, a library saved
// as a binary) against clgo and against the system's OpenCL (PoCL), and
// compares what they print.
func TestLinkAgainstReference(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "linktest")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/linktest.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	got, err := client(t, time.Minute, exe)
	if err != nil {
		t.Fatalf("linktest on clgo: %v\n%s", err, got)
	}
	if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil {
		t.Skipf("no reference OpenCL: %v", err)
	}
	ref := exec.Command(exe)
	ref.Env = append(os.Environ(), "OCL_ICD_VENDORS=/etc/OpenCL/vendors", "XDG_CACHE_HOME="+t.TempDir())
	want, err := ref.CombinedOutput()
	if err != nil {
		t.Skipf("linktest on the reference OpenCL: %v\n%s", err, want)
	}
	if got != string(want) {
		t.Errorf("clgo printed\n%s\nthe reference\n%s", got, want)
	}
}

func TestPyOpenCL(t *testing.T) {
	python := "/usr/bin/python3" // Debian's python3-pyopencl is for the system Python
	if _, err := os.Stat(python); err != nil {
		python = need(t, "python3")
	}
	if out, err := exec.Command(python, "-c", "import pyopencl, numpy").CombinedOutput(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pyopencl is not installed (CI=true): %s", out)
		}
		t.Skipf("pyopencl is not installed: %s", out)
	}
	out, err := client(t, time.Minute, python, "testdata/pyopencl_check.py")
	if err != nil || !strings.Contains(out, "PASS") {
		t.Fatalf("pyopencl: %v\n%s", err, out)
	}
	t.Log(strings.TrimSpace(out))
}

// clpeak measures peak rates with long kernels; on the pure-Go host device
// only its kernel-latency test fits a test run on a busy 2-core machine
// (its transfer test moves gigabytes). CLGO_CLPEAK="--transfer-bandwidth"
// or "--all-tests" runs more.
func TestClpeak(t *testing.T) {
	clpeak := need(t, "clpeak")
	args := strings.Fields(os.Getenv("CLGO_CLPEAK"))
	if len(args) == 0 {
		args = []string{"--kernel-latency"}
	}
	if testing.Short() {
		t.Skip("clpeak in -short mode")
	}
	out, err := client(t, 5*time.Minute, clpeak, append([]string{"-p", "0", "-d", "0"}, args...)...)
	if err != nil {
		t.Fatalf("clpeak %v: %v\n%s", args, err, out)
	}
	if !strings.Contains(out, "clgo host") || strings.Contains(out, "error") {
		t.Fatalf("clpeak %v:\n%s", args, out)
	}
	t.Logf("clpeak %v:\n%s", args, out)
}

// TestHostile runs testdata/hostile.c on each device (0 the host, 1
// lavapipe): sizes, offsets and pitches no memory has, NDRanges past the
// device's size_t (32 or 64 bits, CL_DEVICE_ADDRESS_BITS), handles used
// after their release through the loader, and
// conformance details of options, argument information and queries (issue
// 14). Each must give its error code with the process alive. The random
// runs make 20000 calls with sizes, offsets, pitches and handles drawn from
// values that break arithmetic.
func TestHostile(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "hostile")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/hostile.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, run := range [][]string{{"0"}, {"1"}, {"0", "random", "20000"}, {"1", "random", "20000"}} {
		dev := run[0]
		t.Run(strings.Join(append([]string{"device"}, run...), "_"), func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, run...)
			if strings.HasPrefix(res, "SKIP") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("hostile %s: %v\n%s", dev, err, res)
			}
			t.Log(strings.Join(strings.SplitN(res, "\n", 3)[:2], "; "))
		})
	}
}

// TestStagedMaps runs testdata/mapstage.c on each device: maps of
// CL_MEM_ALLOC_HOST_PTR and plain buffers, reading, writing and
// invalidating, through the device's staging memory on the Vulkan device
// (driver.HostStager).
func TestStagedMaps(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "mapstage")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/mapstage.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, dev := range []string{"0", "1"} {
		t.Run("device_"+dev, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, dev)
			if strings.HasPrefix(res, "SKIP") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("mapstage %s: %v\n%s", dev, err, res)
			}
		})
	}
}

// TestExtensionLists runs testdata/extcache.c: the extension lists the
// ICD keeps per device stay as they were after the platform's list, which
// is computed from them, is asked for.
func TestExtensionLists(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "extcache")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/extcache.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("extcache: %v\n%s", err, res)
	}
}

// TestDeviceInfoAnswers runs testdata/infocache.c: every device
// parameter, asked of each device three times, answers the same bytes
// (the ICD keeps them once given), each device its own, and a caller's
// copy is its own.
func TestDeviceInfoAnswers(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "infocache")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/infocache.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("infocache: %v\n%s", err, res)
	}
}

// TestPipelineCacheSavedAtExit: a program that makes a Vulkan pipeline
// and exits at once (exitrelease.c on the Vulkan device) leaves the
// pipeline cache saved. The save is due 500 ms after the pipeline;
// libc's exit() comes first, and the ICD's atexit handler
// (atexit.go, driver/vulkan's Quiesce) saves it then, before the
// driver's destructors run. Without it the timer fired during exit
// into a torn-down driver (SIGSEGV after the CTS's tests on NVIDIA) or
// never.
func TestPipelineCacheSavedAtExit(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "exitrelease")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/exitrelease.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	cache := t.TempDir()
	res, err := clientEnv(t, 2*time.Minute, []string{"XDG_CACHE_HOME=" + cache}, exe, "1")
	if strings.HasPrefix(res, "SKIP") {
		t.Skip(strings.TrimSpace(res))
	}
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("exitrelease 1: %v\n%s", err, res)
	}
	saved, _ := filepath.Glob(filepath.Join(cache, "clgo", "vk-*.bin"))
	if len(saved) == 0 {
		t.Fatalf("no pipeline cache under %s after exit\n%s", cache, res)
	}
}

// TestReleaseAtExit runs testdata/exitrelease.c on each device: objects
// released from an exit handler after main returned (a library's static
// destructor, as CLBlast's program cache) release without error and the
// process exits normally (handles.go's finish leaves them alone then).
func TestReleaseAtExit(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "exitrelease")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/exitrelease.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for _, dev := range []string{"0", "1"} {
		t.Run("device_"+dev, func(t *testing.T) {
			res, err := client(t, 2*time.Minute, exe, dev)
			if strings.HasPrefix(res, "SKIP") {
				t.Skip(strings.TrimSpace(res))
			}
			if err != nil || !strings.Contains(res, "PASS") {
				t.Fatalf("exitrelease %s: %v\n%s", dev, err, res)
			}
		})
	}
}

// TestMultiDevice runs testdata/multidevice.c: one context of the host
// device and a Vulkan device, buffers and sub-buffers used from both
// queues (migrated on demand), and a program from the binaries of a
// program built for both.
func TestMultiDevice(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "multidevice")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/multidevice.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, 2*time.Minute, exe)
	if strings.HasPrefix(res, "SKIP") {
		t.Skip(strings.TrimSpace(res))
	}
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("multidevice: %v\n%s", err, res)
	}
}

// TestExtensionMacros runs testdata/extmacros.c: through the ICD, every
// device's OpenCL C extension and feature macros agree with
// CL_DEVICE_EXTENSIONS and CL_DEVICE_OPENCL_C_FEATURES.
func TestExtensionMacros(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "extmacros")
	out, err := exec.Command(gcc, "-Wall", "-Wno-deprecated-declarations", "-o", exe, "testdata/extmacros.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, 2*time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("extmacros: %v\n%s", err, res)
	}
	t.Log(res)
}
