package host

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestTierSurvey tallies, over the OpenCL C files (*.cl) and SPIR-V
// modules (*.spv) under the directories of TIER_SURVEY_DIRS (a list with
// the OS's separator), which entry points build as lane programs and
// compile to native code, why the others do not, and which builds are
// slow: a map of what the native tier still lacks on real code. Skipped
// without the variable:
//
//	TIER_SURVEY_DIRS=$PWD/testdata/kernels go test ./driver/host -run TestTierSurvey -v
func TestTierSurvey(t *testing.T) {
	dirs := os.Getenv("TIER_SURVEY_DIRS")
	if dirs == "" {
		t.Skip("TIER_SURVEY_DIRS is not set")
	}
	reasons := map[string]int{}
	example := map[string]string{}
	var total, built, native int
	digits := regexp.MustCompile(`%?[0-9]+`)
	for _, dir := range filepath.SplitList(dirs) {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".cl") && !strings.HasSuffix(path, ".spv") {
				return nil
			}
			code, err := os.ReadFile(path)
			if err != nil {
				return nil
			}
			if strings.HasSuffix(path, ".cl") {
				res, err := compiler.Compile(string(code), compiler.DefaultOptions())
				if err != nil {
					return nil
				}
				code = res.SPIRV
			}
			m, err := Decode(code)
			if err != nil {
				return nil
			}
			for _, entry := range m.EntryPoints() {
				total++
				start := time.Now()
				why := surveyEntry(m, entry)
				if el := time.Since(start); el > 2*time.Second {
					t.Logf("slow: %v %s %s", el.Round(time.Millisecond), path, entry)
				}
				switch {
				case why == "":
					built++
					native++
				case strings.HasPrefix(why, "jit"):
					built++
				}
				if why != "" {
					key := digits.ReplaceAllString(why, "N")
					reasons[key]++
					example[key] = path + ": " + entry
				}
			}
			return nil
		})
	}
	t.Logf("%d entry points: %d lane programs, %d native", total, built, native)
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return reasons[b] - reasons[a] })
	for _, k := range keys {
		t.Logf("%5d %s (%s)", reasons[k], k, example[k])
	}
}

// surveyEntry builds entry's lane program and native code as the default
// tier does, and returns why either failed ("" if neither did).
func surveyEntry(m *Module, entry string) (why string) {
	defer func() {
		if r := recover(); r != nil {
			why = fmt.Sprint("panic: ", r)
		}
	}()
	p, err := lanes.Build(m.x, entry, map[uint32]uint64{0: nativeChunk, 1: 1, 2: 1}, nativeChunk)
	if err != nil {
		return "lanes: " + err.Error()
	}
	if nativeCompile == nil {
		return "jit: no native tier on this platform"
	}
	if _, err := nativeCompile(p); err != nil {
		return "jit: " + err.Error()
	}
	return ""
}
