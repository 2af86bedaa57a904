package vulkan

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
	"github.com/clgo/clgo/spirv/validate"
)

// TestMutantsOnDevice is a crash campaign: word mutants of the test
// modules that clgo's validator accepts are built on the Vulkan device and
// their pipelines created, each in a child process, so that a crash of the
// device's compiler shows as a failed child instead of killing the test.
// It runs only when CLGO_VK_MUTANTS is set to the number of mutants;
// CLGO_VK_MUTANT_SEEDS names a directory of more seed modules.
func TestMutantsOnDevice(t *testing.T) {
	if path := os.Getenv("CLGO_VK_MUTANT_CHILD"); path != "" {
		mutantChild(t, path)
		return
	}
	n, _ := strconv.Atoi(os.Getenv("CLGO_VK_MUTANTS"))
	if n == 0 {
		t.Skip("set CLGO_VK_MUTANTS=<mutants> to run")
	}
	testDevice(t)
	files, _ := filepath.Glob("../../spirv/testdata/glslang/reduce*.spv")
	files = append(files, "../../spirv/testdata/kernel.spv", "../../spirv/testdata/reliability/simple.spv")
	if dir := os.Getenv("CLGO_VK_MUTANT_SEEDS"); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.spv")) // e.g. clgo compile output
		files = append(files, more...)
	}
	var seeds [][]uint32
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := spirv.Decode(b); err == nil {
			seeds = append(seeds, m.Words())
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	tried, accepted, failed := 0, 0, 0
	for accepted < n && tried < 200*n {
		tried++
		w := spirvtest.MutateWords(rng, seeds[tried%len(seeds)])
		data := spirv.WordsToBytes(w)
		m, err := validate.Binary(data)
		if err != nil {
			continue
		}
		if _, err := spirv.ReadReflection(m); err != nil {
			continue
		}
		accepted++
		file := filepath.Join(dir, fmt.Sprintf("m%d.spv", accepted))
		os.WriteFile(file, data, 0o644)
		cmd := exec.Command(os.Args[0], "-test.run=^TestMutantsOnDevice$")
		cmd.Env = append(os.Environ(), "CLGO_VK_MUTANT_CHILD="+file, "CLGO_NO_PIPELINE_CACHE=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			failed++
			keep := filepath.Join(os.TempDir(), fmt.Sprintf("clgo-vk-mutant-%d.spv", accepted))
			os.WriteFile(keep, data, 0o644)
			t.Errorf("mutant %d (kept as %s): child: %v\n%s", accepted, keep, err, lastLines(out, 8))
		}
	}
	t.Logf("%d mutants tried, %d accepted by the validator and built on the device, %d crashed", tried, accepted, failed)
}

// mutantChild builds the module at path and creates every kernel's
// pipeline; errors are fine, only a crash fails.
func mutantChild(t *testing.T, path string) {
	d := testDevice(t)
	code, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dp, err := d.BuildProgram(code)
	if err != nil {
		return
	}
	p := dp.(*program)
	var names []string
	for _, k := range p.refl.Kernels {
		names = append(names, k.Name)
	}
	for _, ep := range p.index.EntryPoints() {
		names = append(names, ep.Name)
	}
	for _, name := range names {
		dk, err := dp.Kernel(name)
		if err != nil {
			continue
		}
		k := dk.(*kernel)
		var key [4]byte
		binary.LittleEndian.PutUint32(key[:], 1)
		k.pipeline(nil, key[:], k.p.module)
	}
}

func lastLines(b []byte, n int) string {
	lines := 0
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			lines++
			if lines > n {
				return string(b[i+1:])
			}
		}
	}
	return string(b)
}
