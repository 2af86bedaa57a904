package compiler

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
)

// optimize runs the shared optimizer over the lowered module where the
// options ask for it, so that every driver gets SSA values instead of
// Function variables. A failure is a bug in the passes, reported as an
// internal error rather than handing on a half-rewritten module.
func (o Options) optimize(m *spirv.Module) error {
	if !o.Optimize || o.OptDisable {
		return nil
	}
	if err := opt.Run(m); err != nil {
		return fmt.Errorf("internal error: %v", err)
	}
	return nil
}
