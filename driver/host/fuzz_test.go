package host

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clgo/clgo/spirv"
)

// fuzzSeeds are the modules the fuzz targets mutate: a small clgo module,
// a clspv-style kernel, glslang compute shaders and the issue 14
// reproducers.
func fuzzSeeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob("../../spirv/testdata/reliability/*.spv")
	more, _ := filepath.Glob("../../spirv/testdata/glslang/*.spv")
	files = append(append(files, more...), "../../spirv/testdata/kernel.spv")
	var out [][]byte
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// buildAndPrepare builds code on the host driver and prepares every kernel
// of a module it accepts: errors are fine; a panic or an internal error (a
// panic Prepare recovered) is a bug.
func buildAndPrepare(t *testing.T, code []byte) {
	dp, err := (&Device{}).BuildProgram(code)
	if err != nil {
		return
	}
	p := dp.(*program)
	names := p.m.EntryPoints()
	for _, k := range p.Kernels() {
		names = append(names, k.Name)
	}
	for _, name := range names {
		if _, err := dp.Kernel(name); err != nil {
			continue
		}
		if _, err := p.m.Prepare(name, nil); err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("kernel %s: %v", name, err)
		}
	}
}

// FuzzBuildProgram: random bytes, seeded with the modules above.
func FuzzBuildProgram(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(buildAndPrepare)
}

// FuzzBuildProgramEdits mutates a seed module word by word, so that most
// mutants still decode and reach the validator's and the executor's later
// stages: each 5 bytes of edits pick a word and change it (its low or high
// half set, one bit flipped, or the whole word set to a small value).
func FuzzBuildProgramEdits(f *testing.F) {
	seeds := fuzzSeeds(f)
	for i := range seeds {
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), []byte{3, 0, 0xff, 0xff, 1})
		f.Add(uint8(i), []byte{40, 0, 7, 0, 3, 41, 0, 2, 0, 0})
	}
	f.Fuzz(func(t *testing.T, seed uint8, edits []byte) {
		m, err := spirv.Decode(seeds[int(seed)%len(seeds)])
		if err != nil {
			return // a reproducer that does not decode
		}
		words := m.Words()
		for ; len(edits) >= 5; edits = edits[5:] {
			at := 1 + int(binary.LittleEndian.Uint16(edits))%(len(words)-1)
			v := uint32(binary.LittleEndian.Uint16(edits[2:]))
			switch edits[4] % 4 {
			case 0:
				words[at] = words[at]&0xffff0000 | v
			case 1:
				words[at] = words[at]&0xffff | v<<16
			case 2:
				words[at] ^= 1 << (v % 32)
			case 3:
				words[at] = v % 64
			}
		}
		buildAndPrepare(t, spirv.WordsToBytes(words))
	})
}
