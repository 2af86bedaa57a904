package cl

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

func readReliability(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("../spirv/testdata/reliability/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The issue 14 reproducers: modules that crashed lavapipe (an id bound
// raised), made the runtime allocate gigabytes (reflection numbers), or
// were accepted though not SPIR-V (junk8) are refused when the program is
// created, before any device sees them.
func TestInvalidModulesRefused(t *testing.T) {
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	c, err := CreateContext(devs...)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	for _, tc := range []struct{ file, want string }{
		{"bound_ffffffff.spv", "header word 3: id bound 4294967295 is above the limit of 4194303"},
		{"bound_10000000.spv", "header word 3: id bound 268435456 is above the limit of 4194303"},
		{"junk8.spv", "header word 0: 8 bytes is too short for a header"},
		{"reflection_ordinal_oom.spv", `kernel "a" argument "s": ordinal 1747206099 (at most 4095)`},
		{"vulkan_build_oom_977.spv", `kernel "c" has 2147483647 arguments (at most 4096)`},
	} {
		code := readReliability(t, tc.file)
		_, err := c.CreateProgramWithBinary(code)
		if !errors.Is(err, ErrInvalidBinary) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: CreateProgramWithBinary: %v\nwant CL_INVALID_BINARY and %q", tc.file, err, tc.want)
		}
		_, err = c.CreateProgramWithIL(code)
		if !errors.Is(err, ErrInvalidValue) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: CreateProgramWithIL: %v\nwant CL_INVALID_VALUE and %q", tc.file, err, tc.want)
		}
	}
}

// A valid module with a large but legal id bound (spirv-val accepts up to
// 4,194,303) runs right on every device: the Vulkan driver hands the
// device the module with its tightest bound.
func TestLargeBoundRuns(t *testing.T) {
	m, err := spirv.Decode(readReliability(t, "simple.spv"))
	if err != nil {
		t.Fatal(err)
	}
	m.Bound = 4_000_000
	code := m.Encode()
	devs, err := Devices()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, d := range devs {
		t.Run(d.DriverName(), func(t *testing.T) {
			c, err := CreateContext(d)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Release()
			q, err := c.CreateQueue(d, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer q.Release()
			p, err := c.CreateProgramWithBinary(code)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			k, err := p.CreateKernel("k")
			if err != nil {
				t.Fatal(err)
			}
			b, err := CreateBufferFrom(c, 0, make([]int32, 8))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Release()
			if err := k.SetArgs(b); err != nil {
				t.Fatal(err)
			}
			if _, err := q.EnqueueNDRangeKernel(k, nil, []uint64{8}, nil); err != nil {
				t.Fatal(err)
			}
			out, err := ReadAll[int32](ctx, q, b)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range out {
				if v != 1 {
					t.Fatalf("a[%d] = %d, want 1", i, v)
				}
			}
		})
	}
}
