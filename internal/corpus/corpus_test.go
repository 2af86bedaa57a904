package corpus

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/internal/kspec"
	"github.com/clgo/clgo/spirv/spirvtest"
)

var update = flag.Bool("update", false, "rewrite the .expected files of testdata/diagnostics from clgo's output")

// extraOptions are build options added to every corpus kernel's own for
// clgo (not the reference): $CLGO_CORPUS_OPTIONS, so that the corpora run
// in another compiler mode, as in
//
//	CLGO_CORPUS_OPTIONS=-arch=spir64 go test ./internal/corpus -run 'TestExecute/pointer/'
func extraOptions() string { return strings.TrimSpace(os.Getenv("CLGO_CORPUS_OPTIONS")) }

// compileFile compiles a corpus kernel with its spec's options for env.
func compileFile(path string, env compiler.TargetEnv) (*compiler.Result, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	spec, err := kspec.Parse(path, string(src))
	if err != nil {
		return nil, fmt.Errorf("run spec: %v", err)
	}
	optStr := strings.TrimSpace(spec.ClgoBuildOptions() + " " + extraOptions())
	opts, err := compiler.ParseOptions(optStr)
	if err != nil {
		return nil, fmt.Errorf("options %q: %v", optStr, err)
	}
	opts.TargetEnv = env
	name := filepath.Base(path)
	res, err := compiler.CompileFile(name, string(src), opts)
	if err != nil {
		return nil, fmt.Errorf("compile:\n%s", res.Diagnostics.Render(func(string) (string, bool) { return string(src), true }))
	}
	if res.Reflection != nil {
		found := false
		for _, k := range res.Reflection.Kernels {
			found = found || k.Name == spec.Kernel
		}
		if !found {
			return nil, fmt.Errorf("no kernel %q in the reflection", spec.Kernel)
		}
	}
	return res, nil
}

// compileAndValidate compiles path for Vulkan 1.1 and Vulkan 1.3 and
// validates each module with spirv-val for its environment.
func compileAndValidate(t *testing.T, path string) error {
	for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
		res, err := compileFile(path, env)
		if err != nil {
			return err
		}
		if err := spirvtest.Check(t, res.Module.Words(), string(env)); err != nil {
			return err
		}
	}
	return nil
}

// checkCorpus runs compileAndValidate on every file, in parallel subtests.
func checkCorpus(t *testing.T, root string, files []string) {
	known := knownFailures(t)
	strict := os.Getenv("CLGO_CORPUS_STRICT") != ""
	for _, path := range files {
		t.Run(Name(root, path), func(t *testing.T) {
			t.Parallel()
			err := compileAndValidate(t, path)
			if err == nil {
				return
			}
			if reason, ok := known[path]; ok && !strict {
				t.Skipf("known failure (%s): %v", reason, err)
			}
			t.Fatal(err)
		})
	}
}

// TestKernels compiles and validates every kernel of testdata/kernels.
func TestKernels(t *testing.T) {
	files, err := Kernels()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 250 {
		t.Errorf("only %d kernels in the corpus", len(files))
	}
	checkCorpus(t, filepath.Join(TestdataDir(), "kernels"), files)
}

// TestSharedKernels compiles and validates ../shared/kernels.
func TestSharedKernels(t *testing.T) {
	files, err := Files(SharedKernelsDir())
	if err != nil || len(files) == 0 {
		t.Skipf("no shared kernels at %s", SharedKernelsDir())
	}
	checkCorpus(t, SharedKernelsDir(), files)
}

// TestDiagnostics compiles every wrong program and compares its
// diagnostics with its .expected file, line for line.
func TestDiagnostics(t *testing.T) {
	files, err := Diagnostics()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 80 {
		t.Errorf("only %d wrong programs in the corpus", len(files))
	}
	root := filepath.Join(TestdataDir(), "diagnostics")
	known := readKnown(filepath.Join(root, "known_failures.txt"), root)
	strict := os.Getenv("CLGO_CORPUS_STRICT") != ""
	for _, path := range files {
		t.Run(Name(root, path), func(t *testing.T) {
			t.Parallel()
			reason, isKnown := known[path]
			isKnown = isKnown && !strict
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			opts, err := compiler.ParseOptions(Options(string(src)))
			if err != nil {
				t.Fatalf("options: %v", err)
			}
			name := filepath.Base(path)
			opts.FS = compiler.MapFS{} // #include finds nothing but what a test names
			res, cerr := compiler.CompileFile(name, string(src), opts)
			got := Format(name, res.Diagnostics)
			if *update && !isKnown {
				if err := WriteExpectations(path, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := Expectations(path)
			if err != nil {
				t.Fatalf("expectations: %v", err)
			}
			wantErr := false
			for _, w := range want {
				wantErr = wantErr || strings.Contains(w, "error: ")
			}
			same := strings.Join(got, "\n") == strings.Join(want, "\n") && wantErr == (cerr != nil)
			switch {
			case same && isKnown:
				t.Errorf("passes now: remove it from testdata/diagnostics/known_failures.txt (%s)", reason)
			case !same && isKnown:
				t.Skipf("known failure (%s)", reason)
			case !same:
				t.Errorf("diagnostics differ (compile error: %v)\n--- got:\n%s\n--- want:\n%s", cerr != nil, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// knownFailures reads testdata/kernels/known_failures.txt: "PATH # reason"
// lines naming kernels (relative to testdata/kernels) that clgo gets wrong
// today. A listed kernel that passes fails TestExecute, so the list only
// shrinks; CLGO_CORPUS_STRICT=1 ignores it.
//
// known_differences.txt, read with it, lists kernels on which the
// reference (PoCL) departs from the OpenCL specification and clgo follows
// it; they are skipped and must keep failing in the same way.
func knownFailures(t testing.TB) map[string]string {
	dir := filepath.Join(TestdataDir(), "kernels")
	m := readKnown(filepath.Join(dir, "known_failures.txt"), dir)
	for p, r := range readKnown(filepath.Join(dir, "known_differences.txt"), dir) {
		m[p] = "the reference departs from the spec: " + r
	}
	return m
}

// readKnown reads a known-failures list: "PATH # reason" lines, PATH
// relative to dir; blank lines and lines starting with # are skipped.
func readKnown(file, dir string) map[string]string {
	m := map[string]string{}
	b, err := os.ReadFile(file)
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, reason, _ := strings.Cut(line, "#")
		m[filepath.Join(dir, strings.TrimSpace(p))] = strings.TrimSpace(reason)
	}
	return m
}

// TestExecute runs every kernel on the host driver and on the reference
// OpenCL (PoCL) and compares every buffer (clgo check --device host).
func TestExecute(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	executeCorpus(t, "host", "host", knownFailures(t))
}

// TestExecuteVulkan runs every kernel on the Vulkan driver and on the
// reference OpenCL (clgo check --device vulkan). It needs a Vulkan device
// (lavapipe under CI=true, where a missing one fails). Kernels fail as on
// the host driver (known_failures.txt), and on lavapipe also as listed in
// known_failures_lavapipe.txt: Mesa's bugs and precision, not clgo's.
func TestExecuteVulkan(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	name := vulkanDevice(t)
	known := knownFailures(t)
	if strings.Contains(name, "llvmpipe") {
		root := filepath.Join(TestdataDir(), "kernels")
		for p, r := range readKnown(filepath.Join(root, "known_failures_lavapipe.txt"), root) {
			known[p] = "lavapipe: " + r
		}
	}
	executeCorpus(t, "vulkan", name, known)
}

// executeCorpus checks the kernel corpus on a clgo device (named name in
// messages) against the reference, one subtest per folder, each running
// clgo check on its own files, so that -run 'TestExecute/pointer' checks
// only testdata/kernels/pointer.
func executeCorpus(t *testing.T, device, name string, known map[string]string) {
	files, err := Kernels()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(TestdataDir(), "kernels")
	var folders []string
	byFolder := map[string][]string{}
	for _, path := range files {
		dir, _, _ := strings.Cut(Name(root, path), "/")
		if byFolder[dir] == nil {
			folders = append(folders, dir)
		}
		byFolder[dir] = append(byFolder[dir], path)
	}
	strict := os.Getenv("CLGO_CORPUS_STRICT") != ""
	for _, dir := range folders {
		t.Run(dir, func(t *testing.T) {
			files := byFolder[dir]
			results := Check(t, device, files)
			for _, path := range files {
				t.Run(strings.TrimPrefix(Name(root, path), dir+"/"), func(t *testing.T) {
					r, ok := results[path]
					reason, isKnown := known[path]
					switch {
					case !ok:
						t.Fatalf("no result from clgo check")
					case r.OK && isKnown && !strict:
						t.Errorf("passes on %s now: remove it from the known failures (%s)", name, reason)
					case !r.OK && isKnown && !strict:
						t.Skipf("known failure (%s):\n%s", reason, r.Report)
					case !r.OK:
						t.Errorf("clgo on %s and the reference differ:\n%s", name, r.Report)
					}
				})
			}
		})
	}
}

// vulkanDevice returns the name of the Vulkan device clgo sees, skipping
// the test when there is none (failing under CI=true, where lavapipe is
// installed).
func vulkanDevice(t *testing.T) string {
	if os.Getenv("VK_ICD_FILENAMES") == "" && os.Getenv("VK_DRIVER_FILES") == "" && os.Getenv("CI") == "true" {
		if _, err := os.Stat(lavapipeICD); err == nil {
			os.Setenv("VK_ICD_FILENAMES", lavapipeICD) // inherited by clgo check
		}
	}
	out, _ := exec.Command(clgoBinary(t), "info").Output()
	for _, line := range strings.Split(string(out), "\n") {
		if _, dev, ok := strings.Cut(line, "[vulkan]: "); ok {
			return dev
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no Vulkan device under CI=true (clgo info):\n%s", out)
	}
	t.Skip("no Vulkan device")
	return ""
}

const lavapipeICD = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"

// CheckResult is the outcome of one file of `clgo check`.
type CheckResult struct {
	OK     bool
	Report string // the command's lines about the file
}

var (
	clgoOnce sync.Once
	clgoBin  string
	clgoErr  error
)

// clgoBinary builds cmd/clgo once per test process.
func clgoBinary(t testing.TB) string {
	clgoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "clgo-corpus")
		if err != nil {
			clgoErr = err
			return
		}
		bin := filepath.Join(dir, "clgo")
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/clgo")
		cmd.Dir = ModuleRoot()
		if out, err := cmd.CombinedOutput(); err != nil {
			clgoErr = &buildError{string(out)}
			return
		}
		clgoBin = bin
	})
	if clgoErr != nil {
		t.Fatalf("building cmd/clgo: %v", clgoErr)
	}
	return clgoBin
}

type buildError struct{ out string }

func (e *buildError) Error() string { return e.out }

// Check runs `clgo check --device DEVICE FILES...` and returns each file's
// outcome. Without a reference OpenCL it skips the test (fails under
// CI=true).
func Check(t testing.TB, device string, files []string) map[string]CheckResult {
	t.Helper()
	bin := clgoBinary(t)
	args := append([]string{"check", "--device", device, "--options=" + extraOptions()}, files...)
	cmd := exec.Command(bin, args...)
	cmd.Dir = ModuleRoot()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, _ := cmd.Output()
	if strings.Contains(stderr.String(), "reference OpenCL") {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no reference OpenCL under CI=true: %s", stderr.String())
		}
		t.Skipf("no reference OpenCL: %s", strings.TrimSpace(stderr.String()))
	}
	return parseCheck(string(out), files)
}

// parseCheck splits clgo check's output by file. A file's section starts
// with "PATH: ..." or "FAIL PATH: ..." and runs to the next one; it
// failed when any of its lines says FAIL.
func parseCheck(out string, files []string) map[string]CheckResult {
	isFile := map[string]bool{}
	for _, f := range files {
		isFile[f] = true
	}
	res := map[string]CheckResult{}
	var cur string
	var lines []string
	flush := func() {
		if cur == "" {
			return
		}
		text := strings.Join(lines, "\n")
		ok := !strings.Contains(text, "FAIL")
		res[cur] = CheckResult{OK: ok, Report: text}
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		head := strings.TrimPrefix(line, "FAIL ")
		if i := strings.Index(head, ": "); i > 0 && isFile[head[:i]] && !strings.HasPrefix(line, " ") {
			flush()
			cur, lines = head[:i], nil
		}
		if cur != "" && !strings.HasPrefix(line, "FAIL: ") && !strings.HasPrefix(line, "ok: ") {
			lines = append(lines, line)
		}
	}
	flush()
	return res
}

// BenchmarkCompileSharedKernels times compiler.Compile on each shared
// kernel (one sub-benchmark per file).
func BenchmarkCompileSharedKernels(b *testing.B) {
	files, err := Files(SharedKernelsDir())
	if err != nil || len(files) == 0 {
		b.Skipf("no shared kernels at %s", SharedKernelsDir())
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		spec, err := kspec.Parse(path, string(src))
		if err != nil {
			b.Fatal(err)
		}
		opts, err := compiler.ParseOptions(spec.Options)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(Name(SharedKernelsDir(), path), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := compiler.Compile(string(src), opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
