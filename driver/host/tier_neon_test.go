package host_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/internal/corpus"
)

// TestNEONSurvey generates the arm64 back end's A64 code for every
// corpus, shared and crypto kernel, on any host, and reports the share
// of ops with NEON code (the rest are call-outs) and the call-outs by op.
// With llvm-mc it disassembles every kernel's code: a word that is no
// A64 instruction fails the test.
func TestNEONSurvey(t *testing.T) {
	files, err := corpus.Kernels()
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, tierKernelFiles()...)
	if testing.Short() && len(files) > 60 {
		files = files[:60]
	}
	mc, _ := exec.LookPath("llvm-mc")
	if mc == "" && os.Getenv("CI") == "true" {
		t.Fatal("llvm-mc (package llvm) is needed under CI")
	}
	var total, calls, kernels, refused, allNative int
	byOp := map[string]int{}
	for _, path := range files {
		if _, err := os.Stat(path); err != nil {
			continue // the shared kernels live beside the main checkout
		}
		s, src := loadSpec(t, path)
		opts, err := compiler.ParseOptions(s.ClgoBuildOptions())
		if err != nil {
			continue
		}
		res, err := compiler.CompileFile(s.File, src, opts)
		if err != nil {
			continue
		}
		spec := map[uint32]uint64{0: 1, 1: 1, 2: 1}
		for i, n := range s.Local {
			spec[uint32(i)] = n
		}
		ops, cs, code, err := host.NEONSurvey(res.SPIRV, s.Kernel, spec)
		if err != nil {
			refused++
			t.Logf("%s: %v", filepath.Base(path), err)
			continue
		}
		kernels++
		n := 0
		for i, o := range ops {
			if o.Code == lanes.Nop || o.Code == lanes.Label {
				continue
			}
			total++
			if cs[i] {
				calls++
				n++
				name := fmt.Sprintf("%v.%v", o.Code, o.Kind)
				if o.Code == lanes.Math {
					name = fmt.Sprintf("Math#%d.%v", o.Imm, o.Kind)
				}
				byOp[name]++
			}
		}
		if n == 0 {
			allNative++
		}
		if mc != "" {
			disasmCheck(t, mc, filepath.Base(path), code)
		}
	}
	t.Logf("NEON: %d kernels (%d without call-outs), %d refused; %d ops, %d call-outs (%.1f%% native)",
		kernels, allNative, refused, total, calls, 100*float64(total-calls)/float64(max(total, 1)))
	type kv struct {
		k string
		n int
	}
	var list []kv
	for k, n := range byOp {
		list = append(list, kv{k, n})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].n > list[j].n || list[i].n == list[j].n && list[i].k < list[j].k })
	for _, e := range list {
		t.Logf("call-out %-24s %d", e.k, e.n)
	}
	if kernels == 0 {
		t.Fatal("no kernel generated NEON code")
	}
}

// disasmCheck disassembles A64 code with llvm-mc and fails on words it
// does not decode.
func disasmCheck(t *testing.T, mc, name string, code []byte) {
	t.Helper()
	var in strings.Builder
	for _, b := range code {
		fmt.Fprintf(&in, "0x%02x ", b)
	}
	cmd := exec.Command(mc, "--disassemble", "-triple=aarch64", "-mattr=+neon")
	cmd.Stdin = strings.NewReader(in.String())
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Errorf("%s: llvm-mc: %v\n%s", name, err, stderr.String())
		return
	}
	if strings.Contains(stderr.String(), "invalid instruction encoding") {
		t.Errorf("%s: A64 code with invalid words:\n%s", name, firstLines(stderr.String(), 10))
	}
	if got := strings.Count(out.String(), "\n\t"); got != len(code)/4 {
		t.Errorf("%s: llvm-mc decoded %d instructions of %d", name, got, len(code)/4)
	}
}

func firstLines(s string, n int) string {
	l := strings.SplitN(s, "\n", n+1)
	return strings.Join(l[:min(n, len(l))], "\n")
}
