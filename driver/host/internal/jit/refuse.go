package jit

import "github.com/clgo/clgo/driver/host/internal/lanes"

// goOnly reports whether native code has no code of its own for op o and
// always calls it out (callout.go) to the lane tier's Go executor: image
// ops (texel formats and samplers are known only at dispatch: image.go
// puts native code for the usual ones in front of their call-outs, taken
// where the group's descriptors allow), loads,
// stores and atomics through PhysicalStorageBuffer pointers (their
// buffer is found per access), and float atomics. They are marked before
// any analysis looks at the program, so none takes them for pure ops.
func goOnly(o *lanes.Op) bool {
	switch o.Code {
	case lanes.PhysLoad, lanes.PhysStore, lanes.PhysAtomic,
		lanes.ImageFetch, lanes.ImageSample, lanes.ImagePart, lanes.ImageTexel, lanes.ImageWrite, lanes.ImageSize:
		return true
	case lanes.Atomic:
		return lanes.AtomicOp(o.Imm2) >= lanes.AtomicFAdd
	}
	return false
}
