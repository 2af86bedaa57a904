package host

import (
	"github.com/clgo/clgo/spirv"
)

// Module is a SPIR-V module decoded and indexed by package spirv.
type Module struct {
	sm *spirv.Module
	x  *spirv.Index
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
	return &Module{sm: sm, x: spirv.NewIndex(sm)}
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

// spelling names an opcode for messages.
func spelling(op spirv.Op) string { return op.String() }
