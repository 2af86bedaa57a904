package spirv

import (
	"os"
	"strings"
	"testing"
)

// A clgo module with one reflection word changed (an argument ordinal or
// a kernel's argument count) made the runtime size a multi-gigabyte
// argument table. ReadReflection must refuse those numbers.
func TestReflectionOrdinalLimits(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"reflection_ordinal_oom.spv", "(at most 4095)"},
		{"vulkan_build_oom_977.spv", `kernel "c" has 2147483647 arguments (at most 4096)`},
	} {
		data, err := os.ReadFile("testdata/reliability/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		_, err = ReadReflection(m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ReadReflection: %v, want an error containing %q", c.file, err, c.want)
		}
	}
	data, err := os.ReadFile("testdata/reliability/simple.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ReadReflection(m); err != nil {
		t.Errorf("simple.spv: %v", err)
	}
}

func TestReflectionLimits(t *testing.T) {
	for _, c := range []struct {
		r    Reflection
		want string
	}{
		{Reflection{Kernels: []Kernel{{Name: "k", NumArgs: 1 << 30}}}, `kernel "k" has 1073741824 arguments (at most 4096)`},
		{Reflection{Kernels: []Kernel{{Name: "k", Args: []Arg{{Ordinal: 1}, {Ordinal: 1}}}}}, `two arguments have ordinal 1`},
		{Reflection{Kernels: []Kernel{{Name: "k", Args: []Arg{{Kind: ArgPOD, Offset: 0xfffffff0, Size: 0x20}}}}}, `ends at POD buffer byte 4294967312`},
		{Reflection{Kernels: []Kernel{{Name: "k", Args: []Arg{{Kind: ArgPODPushConstant, Offset: 1 << 20, Size: 4}}}}}, `ends at push constant byte 1048580`},
		{Reflection{PushConstants: []PushConstant{{Kind: PushGlobalSize, Offset: 1 << 31, Size: 12}}}, `push constant global_size ends at byte 2147483660`},
		{Reflection{PrintfBuffer: &PrintfBuffer{BufferSize: 0xffffffff}}, `printf buffer of 4294967295 bytes`},
	} {
		err := checkReflection(&c.r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("checkReflection: %v, want %q", err, c.want)
		}
	}
}
