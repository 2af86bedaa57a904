package lanes

import (
	"sync/atomic"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
)

// Group is one work-group to run: its ids and the memories of the
// program's regions. driver/host fills it from its Dispatch.
type Group struct {
	// ID is the group's WorkgroupId.
	ID [3]uint32
	// NumGroups is NumWorkgroups; Shift is added to GlobalInvocationId
	// (the dispatch's GlobalShift: non-uniform NDRanges).
	NumGroups, Shift [3]uint32
	// Memory holds, per region of the program, the bytes of a
	// RegionBuffer or RegionPush region; entries of RegionWorkgroup and
	// RegionPrivate regions are ignored (the runner keeps its own).
	Memory [][]byte
	// Images and Samplers hold, per region of the program, the image
	// bound to a RegionImage region and the sampler bound to a
	// RegionSampler one (nil or short: unbound).
	Images   []*texel.Image
	Samplers []*driver.Sampler
	// Cancel, where not nil, stops the group when set: the Go executor
	// returns TrapCancelled at the next backward jump, native code at its
	// next yield (a budget of backward jumps, package jit's yield.go).
	Cancel *atomic.Bool
	// Phys, where not nil, finds the live buffer holding a physical
	// address: its bytes and its address (nil if none). The Phys ops
	// trap without it.
	Phys func(addr uint64) (mem []byte, lo uint64)
}

// Runner runs work-groups of one Program: the Go executor (Exec) or
// native code (package jit). A Runner is used by one goroutine at a time;
// each worker makes its own.
type Runner interface {
	// RunGroup runs every chunk of the group, barriers respected, and
	// returns nil or the first trap.
	RunGroup(g *Group) *Trap
}
