package jit

import (
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// Image ops (lanes/ir.go) have no native code yet: a program with any
// runs on the lane tier's Go executor (or, by default, the interpreter).
// This is the one place that refuses them; a call-out to Go for such ops
// would lift it.
func refuseImages(p *lanes.Program) error {
	for i, o := range p.Ops {
		switch o.Code {
		case lanes.ImageFetch, lanes.ImageSample, lanes.ImagePart, lanes.ImageTexel, lanes.ImageWrite, lanes.ImageSize:
			return fmt.Errorf("jit: op %d (%v): image ops have no native code: %w", i, o.Code, lanes.ErrUnsupported)
		}
	}
	return nil
}
