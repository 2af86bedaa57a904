package host

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/clgo/clgo/driver"
)

// The driver validates what it is given even when no runtime did (issue
// 14's reproducers: a raised id bound, 8 bytes of junk, reflection numbers
// that sized gigabyte allocations).
func TestBuildProgramRefusesInvalid(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"bound_ffffffff.spv", "host: invalid SPIR-V: header word 3: id bound 4294967295 is above the limit of 4194303"},
		{"bound_10000000.spv", "host: invalid SPIR-V: header word 3: id bound 268435456 is above the limit of 4194303"},
		{"junk8.spv", "host: invalid SPIR-V: header word 0: 8 bytes is too short for a header"},
		{"reflection_ordinal_oom.spv", `host: spirv: reflection: kernel "a" argument "s": ordinal 1747206099 (at most 4095)`},
		{"vulkan_build_oom_977.spv", `host: spirv: reflection: kernel "c" has 2147483647 arguments (at most 4096)`},
	} {
		code, err := os.ReadFile("../../spirv/testdata/reliability/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = (&Device{}).BuildProgram(code)
		if !errors.Is(err, driver.ErrInvalidBinary) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant ErrInvalidBinary and %q", tc.file, err, tc.want)
		}
	}
}
