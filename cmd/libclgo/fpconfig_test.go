//go:build cgo

package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/cl"
)

// TestFPConfig: a C client reads CL_DEVICE_SINGLE_FP_CONFIG and
// CL_DEVICE_DOUBLE_FP_CONFIG of every device; they must be the cl
// package's (CL_FP_DENORM only where the device keeps subnormals), and
// the host driver's must claim subnormals for both.
func TestFPConfig(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "fpconfig")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/fpconfig.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("fpconfig: %v\n%s", err, res)
	}
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range devs {
		want = append(want, fmt.Sprintf("%s|%x|%x", d.Name(), uint64(d.SingleFPConfig()), uint64(d.DoubleFPConfig())))
		if d.DriverName() == "host" && (d.SingleFPConfig()&cl.FPDenorm == 0 || d.DoubleFPConfig()&cl.FPDenorm == 0) {
			t.Errorf("%s: single %#x, double %#x: no CL_FP_DENORM", d.Name(), d.SingleFPConfig(), d.DoubleFPConfig())
		}
	}
	got := strings.Fields(strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(res), "PASS"), " ", "_"))
	for i := range want {
		want[i] = strings.ReplaceAll(want[i], " ", "_")
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the ICD reports\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
