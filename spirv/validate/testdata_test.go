package validate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// The spirv package's test modules: clspv-style kernels and glslang
// compute shaders are valid; the disassembler's modules of every operand
// kind and of names are not (spirv-val rejects them too).
func TestTestdataModules(t *testing.T) {
	valid, _ := filepath.Glob("../testdata/glslang/*.spv")
	valid = append(valid, "../testdata/kernel.spv", "../testdata/reliability/simple.spv")
	for _, f := range valid {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Binary(b); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	for _, c := range []struct{ file, want string }{
		{"builtins.spv", "capability Geometry is not supported"},
		{"kernel_types.spv", "capability Kernel is not supported"},
		{"names.spv", "entry point %1 has no work-group size"},
		{"ops.spv", "instruction 78 (word 336, OpImageRead): operand 'Image': %55 is not defined before its use"},
	} {
		b, err := os.ReadFile("../testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Binary(b); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.file, err, c.want)
		}
	}
}

// The reproducers of issue 14: a valid module whose id bound alone was
// raised (lavapipe crashed on it), 8 bytes that start like SPIR-V, and an
// Fma of mixed operand types (lavapipe crashed compiling it).
func TestReproducers(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"bound_ffffffff.spv", "invalid SPIR-V: header word 3: id bound 4294967295 is above the limit of 4194303"},
		{"bound_10000000.spv", "invalid SPIR-V: header word 3: id bound 268435456 is above the limit of 4194303"},
		{"junk8.spv", "invalid SPIR-V: header word 0: 8 bytes is too short for a header"},
		// Found by the lavapipe crash campaign (driver/vulkan TestMutantsOnDevice).
		{"glsl_fma_operand.spv", "invalid SPIR-V: instruction 64 (word 279, OpExtInst): GLSL.std.450 Fma: operand 1 (%39) has type %24, not the result type %20"},
	} {
		b, err := os.ReadFile("../testdata/reliability/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Binary(b)
		var ve *Error
		if !errors.As(err, &ve) || err.Error() != c.want {
			t.Errorf("%s: %v\nwant %s", c.file, err, c.want)
		}
	}
}

// Structural errors the decoder finds come back as *Error with the
// instruction's index and word offset.
func TestDecodeErrorsLocated(t *testing.T) {
	b, err := os.ReadFile("../testdata/reliability/simple.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	w := m.Words()
	// Instruction 0 is the first OpCapability at word 5: give it a word
	// count past the end.
	w[5] = 0xffff<<16 | w[5]&0xffff
	_, err = Binary(spirv.WordsToBytes(w))
	want := "invalid SPIR-V: instruction 0 (word 5, OpCapability): word count 65535 runs past the end"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("%v\nwant %s...", err, want)
	}
}

// TightBound gives the smallest valid bound.
func TestTightBound(t *testing.T) {
	b, err := os.ReadFile("../testdata/reliability/bound_10000000.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := spirv.Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	m.Bound = TightBound(m)
	if _, err := Binary(m.Encode()); err != nil {
		t.Fatalf("bound %d: %v", m.Bound, err)
	}
	if m.Bound > 100 {
		t.Fatalf("bound %d", m.Bound)
	}
}
