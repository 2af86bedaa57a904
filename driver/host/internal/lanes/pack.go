package lanes

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Packed work-groups. A work-group narrower than a chunk leaves the
// chunk's other lanes idle: hashcat, like many programs written for CPU
// runtimes, launches groups of one work-item, and a chunk of 8 lanes
// then does an eighth of its work. A kernel that shares nothing within
// its work-group (no barrier, no Workgroup memory, no sub-group
// operation or built-in) cannot tell whether its groups run one at a time
// or side by side, so BuildPacked makes a program that runs pack
// consecutive groups of one row (x) as one run of pack*Lx lanes: lane j
// is local id j%Lx of group first+j/Lx. Only the built-ins that name the
// group change: LocalInvocationId.x and LocalInvocationIndex are j%Lx,
// WorkgroupId.x is the run's WorkgroupId.x (its first group) plus j/Lx,
// WorkgroupSize.x is Lx. GlobalInvocationId is the run's, which the
// driver makes the groups' by its shift (Group.Shift): the run's base
// group.x*(pack*Lx) + shift must be first*Lx + the dispatch's shift.

// Groups of one work-item (Lx 1, hashcat's) share nothing with anyone
// whatever they use: a barrier has no one to wait for, and Workgroup
// memory is the lane's own, so it becomes a Private region (a variable
// per lane, zeroed at the group's start as Workgroup memory is). Only
// atomics on it are refused (the executors take atomics on shared
// memory only).

// ErrGroupWide is wrapped by BuildPacked's error for a kernel that uses
// what its work-group shares, and so cannot be packed.
var ErrGroupWide = errors.New("the kernel shares state within its work-group")

// BuildPacked is Build for pack work-groups of width Lx (the spec's
// work-group size, which must be one row: [Lx, 1, 1]) to a run; the
// Program's Local is [pack*Lx, 1, 1] and its Pack is pack.
func BuildPacked(x *spirv.Index, entry string, spec map[uint32]uint64, chunk, pack int) (*Program, error) {
	if pack < 2 {
		return nil, fmt.Errorf("lanes: BuildPacked of %d work-groups", pack)
	}
	return buildProgram(x, entry, spec, chunk, false, pack)
}

// groupWide is the error for instruction name, which shares state within
// a work-group, in a packed program.
func groupWide(name string) error {
	return fmt.Errorf("%s: %w", name, ErrGroupWide)
}

// packLocal makes Local the run's size in a packed program.
func (b *builder) packLocal() error {
	if b.pack <= 1 {
		return nil
	}
	l := b.p.Local
	if l[1] != 1 || l[2] != 1 {
		return fmt.Errorf("work-groups of %v packed: only groups of one row are", l)
	}
	if l[0]*b.pack > 1<<16 {
		return fmt.Errorf("%d work-groups of %v packed: too many lanes", b.pack, l)
	}
	b.p.Local[0] *= b.pack
	b.p.Pack = b.pack
	return nil
}

// packedSingles reports whether the program packs groups of one lane.
func (b *builder) packedSingles() bool {
	return b.pack > 1 && b.p.Local[0] == b.pack
}

// checkPacked refuses a packed program with Workgroup memory (the other
// group-wide state is refused where it is compiled).
func (b *builder) checkPacked() error {
	if b.pack <= 1 {
		return nil
	}
	for _, rg := range b.p.Regions {
		if rg.Kind == RegionWorkgroup {
			return fmt.Errorf("lanes: kernel %s: Workgroup memory %s: %w", b.p.Entry, rg.Name, ErrGroupWide)
		}
	}
	return nil
}

// packedBuiltin is component x of built-in bi in a packed program, where
// it is not the run's own (ok false: it is).
func (b *builder) packedBuiltin(bi spirv.BuiltIn) (v Value, ok bool) {
	lx := uint64(b.p.Local[0] / b.pack)
	lane := func() Value { // j: the run's local id x
		v := b.newValue(I32, Varying)
		b.emit(Op{Code: LocalID, Kind: I32, Dst: v, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: 0})
		return v
	}
	switch bi {
	case spirv.BuiltInLocalInvocationId, spirv.BuiltInLocalInvocationIndex:
		if lx == 1 {
			return b.konst(I32, 0), true
		}
		return b.op(UMod, I32, I32, lane(), b.konst(I32, lx)), true
	case spirv.BuiltInWorkgroupId:
		g := b.newValue(I32, Uniform)
		b.emit(Op{Code: GroupID, Kind: I32, Dst: g, A: NoValue, B: NoValue, C: NoValue, M: NoValue, Imm: 0})
		j := lane()
		if lx > 1 {
			j = b.op(UDiv, I32, I32, j, b.konst(I32, lx))
		}
		return b.op(Add, I32, I32, g, j), true
	case spirv.BuiltInWorkgroupSize:
		return b.konst(I32, lx), true
	}
	return NoValue, false
}
