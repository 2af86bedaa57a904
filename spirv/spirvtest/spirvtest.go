// Package spirvtest helps tests of other packages check SPIR-V with the
// spirv-tools oracles. Under CI=true a missing tool fails the test;
// elsewhere the test is skipped.
package spirvtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// DefaultTargetEnv is the environment clgo's modules are written for.
const DefaultTargetEnv = "vulkan1.1"

// Tool returns the path of a spirv-tools command (spirv-val, spirv-dis,
// spirv-as, ...), failing the test under CI=true when it is missing and
// skipping it otherwise.
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required under CI=true: %v", name, err)
		}
		t.Skipf("%s is not installed", name)
	}
	return p
}

// Validate runs spirv-val --target-env targetEnv (DefaultTargetEnv when
// empty) on words and fails the test with the validator's message, and the
// disassembly, when the module is invalid.
func Validate(t testing.TB, words []uint32, targetEnv string) {
	t.Helper()
	if err := Check(t, words, targetEnv); err != nil {
		t.Fatal(err)
	}
}

// ValidateModule is Validate for a module.
func ValidateModule(t testing.TB, m *spirv.Module, targetEnv string) {
	t.Helper()
	Validate(t, m.Words(), targetEnv)
}

type invalidError struct{ msg string }

func (e *invalidError) Error() string { return e.msg }

// Check is Validate that returns the failure instead of failing the test
// (for tests that expect invalid modules). It still skips or fails when
// spirv-val is missing.
func Check(t testing.TB, words []uint32, targetEnv string) error {
	t.Helper()
	val := Tool(t, "spirv-val")
	if targetEnv == "" {
		targetEnv = DefaultTargetEnv
	}
	file := filepath.Join(t.TempDir(), "module.spv")
	if err := os.WriteFile(file, spirv.WordsToBytes(words), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(val, "--target-env", targetEnv, file).CombinedOutput()
	if err == nil {
		return nil
	}
	var sb strings.Builder
	sb.WriteString("spirv-val --target-env " + targetEnv + ": " + err.Error() + "\n" + string(out))
	if m, derr := spirv.DecodeWords(words); derr == nil {
		sb.WriteString("\nmodule:\n" + spirv.Disassemble(m, spirv.DisOptions{NoHeader: true}))
	} else {
		sb.WriteString("\n(not decodable: " + derr.Error() + ")")
	}
	return &invalidError{sb.String()}
}
