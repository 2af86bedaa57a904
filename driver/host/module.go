package host

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// inst is the executor's flat view of one instruction of a module decoded by
// the spirv package: ids as plain words, and the word offset of the
// instruction in the binary for error messages.
type inst struct {
	op   spirv.Op
	typ  uint32
	id   uint32
	args []uint32
	pos  int
}

// Module is a SPIR-V module decoded and indexed by package spirv.
type Module struct {
	sm      *spirv.Module
	x       *spirv.Index
	insts   []inst // in binary order
	extSets map[uint32]string
	off     optSet // optimizations Prepare leaves out (opt.go)
}

// Decode decodes a SPIR-V binary module given as bytes.
func Decode(b []byte) (*Module, error) {
	sm, err := spirv.Decode(b)
	if err != nil {
		return nil, err
	}
	return newModule(sm), nil
}

func newModule(sm *spirv.Module) *Module {
	m := &Module{sm: sm, x: spirv.NewIndex(sm), extSets: map[uint32]string{}, off: envOpts}
	pos := 5 // the header's words
	sm.Walk(func(in *spirv.Instruction) {
		m.insts = append(m.insts, inst{op: in.Op, typ: uint32(in.ResultType), id: uint32(in.Result), args: in.Operands, pos: pos})
		pos += in.WordCount()
	})
	for _, in := range sm.ExtInstImports {
		m.extSets[uint32(in.Result)], _, _ = spirv.DecodeString(in.Operands)
	}
	return m
}

// EntryPoints returns the names of the module's GLCompute entry points.
func (m *Module) EntryPoints() []string {
	var names []string
	for _, e := range m.x.EntryPoints() {
		if e.Model == spirv.ExecutionModelGLCompute {
			names = append(names, e.Name)
		}
	}
	return names
}

func (m *Module) name(id uint32) string { return m.x.Name(spirv.ID(id)) }

func (m *Module) deco(id uint32, d spirv.Decoration) ([]uint32, bool) {
	return m.x.Decoration(spirv.ID(id), d)
}

func (m *Module) memberDeco(id, member uint32, d spirv.Decoration) ([]uint32, bool) {
	return m.x.MemberDecoration(spirv.ID(id), member, d)
}

// spelling names an opcode for messages.
func spelling(op spirv.Op) string { return op.String() }

// glslName names a GLSL.std.450 instruction for messages.
func glslName(num uint32) string {
	if s := spirv.GLSLstd450(num).String(); s != "" {
		return s
	}
	return fmt.Sprint(num)
}
