//go:build cgo

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSubGroupInfo: a C client asks clGetKernelSubGroupInfo and
// CL_DEVICE_MAX_NUM_SUB_GROUPS on every device and compares the answers
// for a local size of 70 with what the kernel itself sees
// (get_max_sub_group_size, get_num_sub_groups); devices without
// sub-groups must answer CL_INVALID_OPERATION and 0; cl_khr_subgroups is
// listed exactly where CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS is
// true, and clGetKernelSubGroupInfoKHR answers CL_INVALID_OPERATION
// elsewhere.
func TestSubGroupInfo(t *testing.T) {
	gcc := need(t, "gcc")
	exe := filepath.Join(t.TempDir(), "subgroupinfo")
	out, err := exec.Command(gcc, "-Wall", "-o", exe, "testdata/subgroupinfo.c", "-lOpenCL").CombinedOutput()
	if err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	res, err := client(t, time.Minute, exe)
	if err != nil || !strings.Contains(res, "PASS") {
		t.Fatalf("subgroupinfo: %v\n%s", err, res)
	}
	t.Logf("%s", res)
}
