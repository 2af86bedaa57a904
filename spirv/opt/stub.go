package opt

import "github.com/clgo/clgo/spirv"

func Mem2Reg(m *spirv.Module) error        { return nil }
func FoldComposites(m *spirv.Module) error { return nil }
func LocalCSE(m *spirv.Module) error       { return nil }
