package spirv

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// walkIDs is Visit by the grammar walk alone: the id operand indices and
// whether the walk found an error.
func walkIDs(x *IDOperands, in *Instruction) ([]int, bool) {
	var is []int
	err := walkOperands(in, math.MaxUint32, x.mi, func(o operand) {
		if o.kind.IsID() {
			for i := 0; i < o.n; i++ {
				is = append(is, o.start+i)
			}
		}
	})
	return is, err == nil
}

// TestIDLayoutMatchesWalk checks Visit's fixed layouts against the walk
// on random operand words for every opcode and GLSL.std.450 instruction:
// where a layout takes an instruction, the walk finds no error and the
// same id operands; where the walk errs, so does Visit.
func TestIDLayoutMatchesWalk(t *testing.T) {
	m := &Module{}
	glsl := &Instruction{Op: OpExtInstImport, Result: 1, Operands: LiteralString("GLSL.std.450")}
	m.ExtInstImports = []*Instruction{glsl}
	x := NewIDOperands(m)
	r := rand.New(rand.NewSource(1))
	word := func() uint32 {
		switch r.Intn(8) {
		case 0:
			return 0
		case 1:
			return math.MaxUint32
		case 2:
			return uint32(r.Intn(4)) // small: masks with few bits, 0
		}
		return uint32(2 + r.Intn(100))
	}
	check := func(in *Instruction) {
		want, ok := walkIDs(x, in)
		var got []int
		err := x.Visit(in, func(i int) { got = append(got, i) })
		if (err == nil) != ok {
			t.Fatalf("%v %v: Visit error %v, walk ok %v", in.Op, in.Operands, err, ok)
		}
		if ok && !slices.Equal(got, want) {
			t.Fatalf("%v %v: Visit ids %v, walk %v", in.Op, in.Operands, got, want)
		}
	}
	taken := 0
	for i := range opTable {
		op := opTable[i].Op
		for n := 0; n < 9; n++ {
			for k := 0; k < 20; k++ {
				in := &Instruction{Op: op, Operands: make([]uint32, n)}
				for j := range in.Operands {
					in.Operands[j] = word()
				}
				if op == OpExtInst && n >= 2 {
					in.Operands[0] = 1
					in.Operands[1] = uint32(r.Intn(len(extInstsGLSLstd450.get()) + 2))
				}
				if l, start := x.layoutFor(in); l != nil && l.fits(in.Operands[start:]) {
					taken++
				}
				check(in)
			}
		}
	}
	if taken == 0 {
		t.Fatal("no instruction took a fixed layout")
	}
}

// TestIDLayoutModules checks Visit against the walk on every instruction
// of the test modules.
func TestIDLayoutModules(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.spv")
	if len(files) == 0 {
		t.Skip("no test modules")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(data)
		if err != nil {
			continue // some are broken on purpose
		}
		x := NewIDOperands(m)
		m.Walk(func(in *Instruction) {
			want, ok := walkIDs(x, in)
			var got []int
			err := x.Visit(in, func(i int) { got = append(got, i) })
			if (err == nil) != ok || ok && !slices.Equal(got, want) {
				t.Errorf("%s: %v: Visit %v %v, walk %v %v", f, in, got, err, want, ok)
			}
		})
	}
}
