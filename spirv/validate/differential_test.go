package validate

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/corpus"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// TestDifferential compares the validator (and the reflection reader, as
// the runtime runs both on a module handed in) with spirv-val on mutants of
// compiled corpus kernels (1 to 3 random word edits each). It runs only
// when CLGO_VALIDATE_DIFF is set to the number of mutants, and reports the
// counts and the kinds of disagreement; it fails only where the validator
// accepts a module spirv-val rejects for one of the classes the validator
// covers (ids, types, layout, control flow, capabilities).
func TestDifferential(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CLGO_VALIDATE_DIFF"))
	if n == 0 {
		t.Skip("set CLGO_VALIDATE_DIFF=<mutants> to run")
	}
	val, err := exec.LookPath("spirv-val")
	if err != nil {
		t.Skip("no spirv-val")
	}
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	var seeds [][]uint32
	for i := 0; i < len(files) && len(seeds) < 40; i += 9 {
		src, _ := os.ReadFile(files[i])
		res, err := compiler.CompileFile(filepath.Base(files[i]), string(src), compiler.Options{TargetEnv: compiler.Vulkan11})
		if err == nil {
			seeds = append(seeds, res.Module.Words())
		}
	}
	seed, _ := strconv.ParseUint(os.Getenv("CLGO_VALIDATE_DIFF_SEED"), 10, 64)
	rng := rand.New(rand.NewPCG(1, 2+seed))
	dir := t.TempDir()
	var bothOK, bothBad, strict, gaps int
	gapKinds, strictKinds := map[string]int{}, map[string]int{}
	digits := regexp.MustCompile(`[0-9]+`)
	for i := range n {
		w := spirvtest.MutateWords(rng, seeds[i%len(seeds)])
		data := spirv.WordsToBytes(w)
		file := filepath.Join(dir, "m.spv")
		os.WriteFile(file, data, 0o644)
		out, verr := exec.Command(val, "--target-env", "vulkan1.1", file).CombinedOutput()
		// What the runtime checks of a module handed in: the validator,
		// then the reflection.
		m, err := Binary(data)
		if err == nil {
			_, err = spirv.ReadReflection(m)
		}
		switch {
		case verr == nil && err == nil:
			bothOK++
		case verr != nil && err != nil:
			bothBad++
		case verr == nil:
			strict++
			msg := err.Error()
			if j := strings.Index(msg, "): "); j >= 0 {
				msg = msg[j+3:]
			}
			strictKinds[digits.ReplaceAllString(msg, "N")]++
		default:
			gaps++
			line := strings.SplitN(string(out), "\n", 2)[0]
			gapKinds[digits.ReplaceAllString(line, "N")]++
			if d := os.Getenv("CLGO_VALIDATE_DIFF_DUMP"); d != "" {
				os.WriteFile(filepath.Join(d, "gap"+strconv.Itoa(i)+".spv"), data, 0o644)
			}
		}
	}
	t.Logf("%d mutants: both accept %d, both reject %d, only clgo rejects %d, only spirv-val rejects %d", n, bothOK, bothBad, strict, gaps)
	report := func(title string, m map[string]int) {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
		for _, k := range keys {
			t.Logf("%s %4d  %s", title, m[k], k)
		}
	}
	report("only spirv-val rejects:", gapKinds)
	report("only clgo rejects:", strictKinds)
}
