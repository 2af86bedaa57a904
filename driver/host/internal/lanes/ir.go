// Package lanes is the host driver's lane tier (docs/hosttier.md): one
// kernel entry point of a Vulkan-flavoured SPIR-V module turned into a flat
// program over a chunk of lanes (Build), and a portable Go executor of that
// program (Exec). Every SSA value is scalarized into virtual registers with
// a Kind and a Shape; structured control flow is linearized under explicit
// lane masks; barriers are yield points. Package jit compiles the same
// Program to native code; the two are interchangeable.
package lanes

// This file is the contract between Build, the Go executor and package
// jit: the meaning of every op is written here, and an op's meaning does
// not change without its comment changing.

// Kind is the kind of a value: what its bits mean and how wide it is.
type Kind uint8

const (
	// I32 is a 32-bit integer (signedness is the op's). 8- and 16-bit
	// integers live in I32 values too, always kept zero-extended (Build
	// emits Zext after operations that could set the upper bits, and Sext
	// before signed operations that read them), and so do halves: their
	// binary16 bits (HalfToF, FToHalf; half.go).
	I32 Kind = iota
	// I64 is a 64-bit integer.
	I64
	// F32 is an IEEE binary32 float.
	F32
	// F64 is an IEEE binary64 float.
	F64
	// Mask is a lane mask: per lane 32 bits, all ones (true) or all zeros
	// (false). OpenCL C bool and every comparison give masks, also
	// comparisons of 64-bit operands.
	Mask
)

// Bytes is the size of one lane's value of kind k.
func (k Kind) Bytes() int {
	if k == I64 || k == F64 {
		return 8
	}
	return 4
}

func (k Kind) String() string {
	switch k {
	case I32:
		return "i32"
	case I64:
		return "i64"
	case F32:
		return "f32"
	case F64:
		return "f64"
	case Mask:
		return "mask"
	}
	return "kind?"
}

// Shape says whether a value is one for the whole chunk or one per lane.
type Shape uint8

const (
	// Uniform: one value for every lane of the chunk (a kernel argument, a
	// group id, a constant); its slot holds 8 bytes (a 32-bit kind in the
	// low 4, the upper 4 unspecified).
	Uniform Shape = iota
	// Varying: one value per lane; its slot holds Chunk values of
	// Kind.Bytes() each, lane i at Slot + i*Kind.Bytes().
	Varying
)

// Value indexes Program.Values: a virtual register.
type Value int32

// NoValue marks an unused operand or result.
const NoValue Value = -1

// ValueInfo describes a virtual register.
type ValueInfo struct {
	Kind  Kind
	Shape Shape
	// Slot is the value's byte offset in the chunk's frame. Values whose
	// live ranges do not overlap share slots; a value live across a
	// Barrier or a loop back-edge keeps its slot for all of that range.
	Slot int32
	// Const: the value is a constant (always Uniform), Bits its bits (a
	// 32-bit kind in the low 32 bits; a Mask constant is 0 or
	// 0xffffffff). The executor writes Bits into the slot when it makes
	// a chunk's frame, and no op writes the slot; constants never share
	// slots.
	Const bool
	Bits  uint64
}

// Code is an op's operation.
type Code uint16

// Op is one operation of a Program. Operands are A, B, C (NoValue where
// unused), M is the mask of the lanes an op with side effects acts for
// (NoValue elsewhere). Shapes: an op's Dst is Uniform only if every
// operand it reads is Uniform (Build guarantees it); an op with a Varying
// Dst reads Uniform operands as if every lane held their value. Ops
// without side effects compute every lane of the chunk (also inactive and
// missing lanes, whose values are garbage but never trap); only loads,
// stores, atomics and traps look at M.
type Op struct {
	Code Code
	// Kind is the kind of the operands (for conversions: of A; the
	// result's kind is Values[Dst].Kind).
	Kind    Kind
	Dst     Value
	A, B, C Value
	M       Value
	// Imm and Imm2 are the op's constants (labels, builtin dimensions,
	// region indices, access sizes, widths, strides, sub-operations), as
	// each op's comment says.
	Imm, Imm2 int64
}

// The op codes. "w" is the width of Kind in bits; integer arithmetic is
// modulo 2^w; "signed" reads the bits as two's complement. Floats follow
// IEEE 754 with round to nearest even, NaNs propagate, denormals are kept;
// "in float64" means the operands are widened to float64, the operation
// computed by Go's math package on float64 and the result rounded once to
// Kind (for F64 it is the Go function itself). The Go executor and native
// code compute exactly these, so that results agree bit for bit.
const (
	Nop Code = iota

	// ---- control flow ----

	// Label: Imm is a label number in [0, Program.Labels). No effect.
	Label
	// Jump to label Imm.
	Jump
	// JumpIfNone: if no lane of mask A is set (Uniform A: if A is zero),
	// jump to label Imm. Lanes outside the chunk (the last chunk's
	// missing lanes) are zero in every mask Build uses here.
	JumpIfNone
	// JumpIfAny: if some lane of mask A is set, jump to label Imm.
	JumpIfAny
	// Barrier (OpControlBarrier, any scope): the chunk's run ends here;
	// the executor runs the group's other chunks to this barrier, then
	// resumes this chunk at the next op with its frame as it was. Imm is
	// the barrier's resume number in [0, Program.Barriers).
	Barrier
	// Exit: the chunk has finished the kernel.
	Exit
	// Unreachable: if some lane of M is set, the program traps with
	// TrapUnreachable (OpUnreachable reached, or OpKill: a lane that
	// runs it fails the dispatch).
	Unreachable

	// ---- moves ----

	// Copy: Dst = A (any kind; a Uniform A into a Varying Dst broadcasts).
	Copy
	// Select: Dst = A ? B : C per lane, A a mask, B and C of Kind.
	Select

	// ---- builtins (results I32) ----

	// LocalID: the lane's LocalInvocationId component Imm (0..2). Varying.
	LocalID
	// LocalIndex: the lane's LocalInvocationIndex (linear local id). Varying.
	LocalIndex
	// GroupID: WorkgroupId component Imm of the group. Uniform.
	GroupID
	// GlobalID: GlobalInvocationId component Imm: GroupID*WorkgroupSize
	// + GlobalShift + LocalID, in 32 bits (Group.Shift: the dispatch's
	// GlobalShift). Varying.
	GlobalID
	// NumGroups: NumWorkgroups component Imm (Group.NumGroups). Uniform.
	NumGroups
	// WorkgroupSize: the group's size in dimension Imm (Program.Local). Uniform.
	WorkgroupSize

	// ---- integer arithmetic (Kind I32 or I64; Dst of Kind) ----

	Add // A + B
	Sub // A - B
	Mul // A * B (low w bits)
	// UMulHi: the high w bits of the unsigned 2w-bit product A*B.
	UMulHi
	// SMulHi: the high w bits of the signed 2w-bit product A*B.
	SMulHi
	// UDiv: A / B unsigned; B == 0 gives 0.
	UDiv
	// SDiv: A / B signed, truncated; B == 0 gives 0, B == -1 gives -A
	// (so MinInt / -1 = MinInt).
	SDiv
	// UMod: A % B unsigned; B == 0 gives 0.
	UMod
	// SRem: A % B signed, the sign of A; B == 0 or B == -1 give 0.
	SRem
	// SMod: SRem, then if the result is not zero and its sign differs
	// from B's, plus B (the sign of B).
	SMod
	And // A & B
	Or  // A | B
	Xor // A ^ B
	Not // ^A
	Neg // -A
	// Shl: A << B, B read unsigned as w bits: counts >= w give 0.
	Shl
	// ShrU: A >> B logical; counts >= w give 0.
	ShrU
	// ShrS: A >> B arithmetic (signed A); counts >= w give all sign bits.
	ShrS
	UMin // min(A, B) unsigned
	UMax // max(A, B) unsigned
	SMin // min(A, B) signed
	SMax // max(A, B) signed
	// SAbs: |A| signed (MinInt stays MinInt).
	SAbs
	// BitCount: the number of set bits of A.
	BitCount
	// BitReverse: A with its w bits in reverse order.
	BitReverse
	// FindILsb: the index of A's lowest set bit, or all ones (-1) if A is 0.
	FindILsb
	// FindUMsb: the index of A's highest set bit, or -1 if A is 0.
	FindUMsb
	// Zext: A with the bits above Imm (8, 16 or 32) cleared.
	Zext
	// Sext: the low Imm (8, 16 or 32) bits of A sign-extended to w bits.
	Sext

	// ---- integer comparisons (Kind I32 or I64; Dst a Mask) ----

	Eq  // A == B
	Ne  // A != B
	ULt // A < B unsigned
	ULe // A <= B unsigned
	SLt // A < B signed
	SLe // A <= B signed

	// ---- masks (Kind Mask) ----

	MaskAnd    // A & B
	MaskOr     // A | B
	MaskAndNot // A & ^B
	MaskNot    // ^A
	MaskXor    // A ^ B (LogicalNotEqual)

	// ---- float arithmetic (Kind F32 or F64; Dst of Kind) ----

	FAdd // A + B
	FSub // A - B
	FMul // A * B
	FDiv // A / B
	FNeg // -A (flips the sign bit, also of NaN)
	// FMin: fmath.Min: A if B is NaN, B if A is NaN, else the lesser, -0 < +0.
	FMin
	// FMax: fmath.Max: A if B is NaN, B if A is NaN, else the greater, +0 > -0.
	FMax
	// Fma: A*B+C rounded once (F32: computed as float64 A*B exactly, plus
	// C rounded to float64, rounded to float32, as fmath.FMA).
	Fma
	FAbs  // |A| (clears the sign bit)
	Sqrt  // sqrt(A), in float64
	Floor // floor(A)
	Ceil  // ceil(A)
	Trunc // trunc(A)
	// RoundEven: A rounded to the nearest integer, ties to even.
	RoundEven
	// Math: GLSL.std.450 instruction number Imm on A (B, C for the
	// two- and three-operand ones), in float64 as mathOps'
	// table says (Sin, Cos, Exp, Log, Pow, Atan2, FMix, Step, Fract,
	// FSign, Round, InverseSqrt, ...). The native tier may refuse it.
	Math

	// ---- float comparisons and tests (Kind F32 or F64; Dst a Mask) ----

	FOrdEq    // A == B (false if either is NaN)
	FOrdNe    // A < B || A > B
	FOrdLt    // A < B
	FOrdLe    // A <= B
	FUnordEq  // !(A < B || A > B)
	FUnordNe  // A != B (true if either is NaN)
	FUnordLt  // !(A >= B)
	FUnordLe  // !(A > B)
	IsNan     // A != A
	IsInf     // |A| == Inf
	SignBit   // the sign bit of A
	IsOrdered // A == A && B == B

	// ---- conversions (Kind: A's kind; Dst's kind in Values) ----

	// SToF: signed integer A (I32 or I64) to the float Dst, rounded once
	// (Go's float32(int64) or float64(int64)).
	SToF
	// UToF: unsigned integer A to the float Dst, rounded once (Go's
	// float32(uint64) or float64(uint64)).
	UToF
	// FToS: float A to a signed integer of Imm bits (8, 16, 32, 64)
	// truncated toward zero, saturating (NaN gives 0), the result
	// zero-extended from Imm bits into Dst (I32 or I64).
	FToS
	// FToU: float A to an unsigned integer of Imm bits, truncated,
	// saturating (NaN and negatives give 0), into Dst (I32 or I64).
	FToU
	// FConvert: float A to the other float width, rounded.
	FConvert
	// ZextTo64: I32 A zero-extended to I64.
	ZextTo64
	// SextTo64: I32 A sign-extended to I64.
	SextTo64
	// Trunc64: the low 32 bits of I64 A, as I32.
	Trunc64
	// Hi32: the high 32 bits of 64-bit A (I64 or F64), as I32.
	Hi32
	// Pack64: Dst (I64 or F64) = A | B<<32, A and B I32.
	Pack64
	// Bitcast: Dst has A's bits, read as Dst's kind (same width; a Mask
	// Dst or A is read as I32).
	Bitcast

	// ---- memory ----
	//
	// Offsets are I32 byte offsets read unsigned; 0xffffffff is the
	// poison offset Index gives for addresses outside [0, 2^32-1], and no
	// access at it is in bounds. Every access checks, for each lane of M
	// (Uniform offsets: once, if some lane of M is set), that offset +
	// size <= the length of region Imm (for Private: of one lane's
	// area), else the program traps with TrapAccess naming the lane,
	// region, offset and size. Memory is little-endian; accesses need
	// not be aligned.

	// Index: Dst = A + B*Imm exactly (A an offset, B an index of Kind I32
	// or I64 read signed, Imm a stride >= 0); the poison offset if A is
	// poison or the result is outside [0, 2^32-2].
	Index
	// Load: Dst (of Kind) = the Imm2 bytes (1, 2, 4, 8) at offset A of
	// region Imm; 1 and 2 bytes are zero-extended into I32. A Mask Dst
	// loads 4 bytes. Lanes outside M keep no defined value. Uniform A
	// with a Uniform Dst: one load, done if some lane of M is set. A load
	// from RegionPrivate has a Varying Dst (each lane reads its own
	// memory), also where A is Uniform.
	Load
	// Store: the Imm2 low bytes of B (of Kind) to offset A of region Imm,
	// for each lane of M, in lane order.
	Store
	// Atomic: sub-operation Imm2 (an AtomicOp) on the w-bit word at
	// offset A of region Imm, with B (and C, the comparator of
	// AtomicCmpXchg), for each lane of M in lane order; Dst is the old
	// value. Buffers and Workgroup memory are shared with other
	// goroutines: the executor uses atomic instructions there.
	Atomic

	// ---- added after the first version ----

	// LiveLanes: Dst (Mask, Varying) has the lanes of the chunk that are
	// in the work-group set (the last chunk's missing lanes clear).
	LiveLanes
	// FRem: A - B*trunc(A/B) with the sign of A, in float64 (Go's
	// math.Mod), rounded to Kind.
	FRem
	// FMod: FRem, then if the result is not zero and its sign differs
	// from B's, plus B (in float64), rounded to Kind.
	FMod
	// RegionLength: Dst (I32, Uniform) = the length in bytes of region
	// Imm as bound to the group (at most 0xffffffff): OpArrayLength.
	RegionLength
	// PhysLoad: Dst (of Kind, Varying) = the Imm2 bytes (1, 2, 4, 8) at
	// the physical address A (I64: a PhysicalStorageBuffer pointer's
	// value), for each lane of M; 1 and 2 bytes are zero-extended. The
	// bytes must lie in one live buffer (Group.Phys finds it), else the
	// program traps with TrapPhysical naming the lane, address and size.
	// Native code has none of the Phys ops (package jit refuses them).
	PhysLoad
	// PhysStore: the Imm2 low bytes of B (of Kind) to the physical
	// address A, for each lane of M in lane order.
	PhysStore
	// PhysAtomic: Atomic's sub-operation Imm2 on the w-bit word at the
	// physical address A, with B and C, for each lane of M in lane order;
	// Dst is the old value. Imm is the SPIR-V opcode (for messages).
	PhysAtomic

	// ---- images (image.go; package texel computes every texel) ----
	//
	// An image or sampler value is a Uniform I32 constant, the index of
	// its RegionImage or RegionSampler region, and the ops name those
	// regions in Imm (the image) and Imm2 (the sampler). Coordinates are
	// A, B, C (NoValue: 0), 32-bit: spatial ones, then an array's layer.
	// A texel is four 32-bit components; the op that fetches or samples
	// one leaves it, per lane, in the runner's texel register, which the
	// ImagePart ops right after it read, and the ImageTexel ops right
	// before an ImageWrite fill (Build emits each group of them as one
	// run, and nothing moves an op into it). An image op that finds no
	// image (sampler) bound to its region while some lane of M is set
	// traps with TrapUnbound; lanes outside M compute nothing (their
	// results are garbage).

	// ImageFetch (OpImageFetch, OpImageRead): for each lane of M, the
	// texel of image Imm at the integer coordinates A, B, C (read
	// signed), zeros out of range (texel.Image.Fetch). Dst (Varying) =
	// its component 0.
	ImageFetch
	// ImageSample (OpImageSampleExplicitLod, Lod 0): for each lane of M,
	// image Imm sampled with sampler Imm2 at the coordinates A, B, C (F32
	// bits; texel.Image.Sample). Dst (Varying) = component 0.
	ImageSample
	// ImagePart: Dst (Varying) = component Imm (1 to 3) of the texel
	// register for the lanes of M; A is the Dst of the ImageFetch or
	// ImageSample that filled it (read for order only).
	ImagePart
	// ImageTexel: component Imm (0 to 3) of the texel register = A, in
	// every lane.
	ImageTexel
	// ImageWrite (OpImageWrite): for each lane of M, in lane order, the
	// texel register converted to image Imm's format at the integer
	// coordinates A, B, C, dropped out of range (texel.Image.Write).
	ImageWrite
	// ImageSize (OpImageQuerySize(Lod)): Dst (Uniform, I32 or I64) = the
	// size of image Imm in dimension Imm2 (0 to 2: width, then height or
	// layers, then depth or layers; texel.Image.Ext).
	ImageSize
	// ---- 16-bit floats (half.go) ----
	//
	// A half lives in an I32 value as its IEEE binary16 bits, zero-extended
	// (as a 16-bit integer does): loads, stores, moves, selects and
	// bitcasts keep its bits exactly, NaN payloads included. Build computes
	// on halves through these two ops: operands widened to F32, the op on
	// F32 (or F64), the result rounded back to half (half.go).

	// HalfToF: Dst (F32) = half A (I32) widened, exactly, but for a
	// signaling NaN, which comes out quiet with its payload (x86's
	// float32 to float64 round trip).
	HalfToF
	// FToHalf: Dst (I32) = float A (Kind F32 or F64) rounded to a half,
	// to nearest even, once; out of range gives an infinity; a NaN gives
	// the quiet NaN 0x7e00 with A's sign.
	FToHalf

	// ---- sub-groups (subgroup.go; docs/hosttier.md, "Sub-groups") ----
	//
	// A sub-group is SubgroupSize lanes of consecutive linear local ids
	// (the last one of a work-group holds what is left). A chunk of SubgroupSize lanes or more
	// holds whole sub-groups; a smaller one (native code's 8) holds part
	// of one, and then the chunks of a sub-group meet at SubgroupSync ops.

	// SubgroupSync (chunks smaller than a sub-group only): the chunk's run
	// ends here as at a Barrier (Imm: its resume number, shared with the
	// Barriers', in [0, Program.Barriers)), and the runner resumes it when
	// no chunk of its sub-group can still reach this op in the same round
	// (ScheduleSubgroups): those that stopped here meet, the runner
	// computes the Subgroup ops right after it over their lanes (the
	// chunks resume past them), and the others take no part. Build puts
	// one before every run of Subgroup ops, for every sub-group barrier
	// and before the back edges of the loops that hold either, so that
	// the chunks of a sub-group go round such loops together.
	SubgroupSync
	// Subgroup: the OpGroupNonUniform* instruction Imm (a spirv.Op) of
	// Subgroup scope on operand A (one component, of Kind; B: the lane id
	// of a broadcast or shuffle), computed for each sub-group over its
	// lanes active in M (subgroupeval.go); Dst (Varying) is written for those lanes, the others'
	// are garbage. Imm2 holds the group operation (bits 0-7), the cluster
	// size of a ClusteredReduce (bits 8-15) and the width of an integer
	// operand in bits (16-23: 8, 16, 32, 64). Ballot gives word 0 of the
	// ballot (an I32; the other words are zero: sub-groups are 32 lanes).
	Subgroup

	numCodes
)

// AtomicOp is the sub-operation of an Atomic op (Op.Imm2).
type AtomicOp int64

const (
	AtomicLoad    AtomicOp = iota // old (B unused)
	AtomicStore                   // new = B; Dst unused
	AtomicXchg                    // new = B
	AtomicCmpXchg                 // new = B if old == C
	AtomicAdd                     // new = old + B
	AtomicSub                     // new = old - B
	AtomicAnd                     // new = old & B
	AtomicOr                      // new = old | B
	AtomicXor                     // new = old ^ B
	AtomicUMin                    // new = min(old, B) unsigned
	AtomicUMax                    // new = max(old, B) unsigned
	AtomicSMin                    // new = min(old, B) signed
	AtomicSMax                    // new = max(old, B) signed
	AtomicInc                     // new = old + 1 (B unused)
	AtomicDec                     // new = old - 1 (B unused)
	// The float sub-operations work on the bits of a float of the word's
	// width, in float64 rounded once to it (floatatomic.go).
	AtomicFAdd // new = old + B
	AtomicFMin // new = fmath.Min(old, B)
	AtomicFMax // new = fmath.Max(old, B)
)

// RegionKind says what memory a region is.
type RegionKind uint8

const (
	// RegionBuffer: a StorageBuffer or Uniform variable at (Set, Binding);
	// Group.Memory[i] is the bound bytes (nil: unbound, every access traps).
	RegionBuffer RegionKind = iota
	// RegionPush: the push constants; Group.Memory[i] holds them.
	RegionPush
	// RegionWorkgroup: the group's Workgroup memory, Size bytes, Init its
	// initial bytes if any (else zero); one region per work-group.
	RegionWorkgroup
	// RegionPrivate: Private and Function variables, Size bytes per lane;
	// each lane addresses its own Size bytes from offset 0 (the executor
	// keeps them in the chunk's frame). Initialized from Init per lane at
	// the start of the group (zero where Init is nil).
	RegionPrivate
	// RegionImage: an image variable at (Set, Binding); Group.Images[i]
	// is the bound image (nil: unbound). It holds no bytes the memory
	// ops address.
	RegionImage
	// RegionSampler: a sampler variable (a sampler_t argument or a
	// literal sampler) at (Set, Binding); Group.Samplers[i] is the bound
	// sampler (nil: unbound).
	RegionSampler
)

// Region is a memory the program accesses.
type Region struct {
	Kind         RegionKind
	Set, Binding int // RegionBuffer
	Size         int // RegionWorkgroup, RegionPrivate (per lane)
	Init         []byte
	// Zero: a RegionPrivate region set to zeros per lane at the start of
	// the group (a variable too large to scalarize whose first access is
	// a store of OpConstantNull, zero.go); Init is then nil.
	Zero bool
	Name string // for errors: the variable's name, if any
	// Builtin: a RegionPrivate region holding a built-in input that is
	// indexed by a variable (builtinmem.go); the driver reports its
	// out-of-bounds accesses at the access chain.
	Builtin bool
	// ArgInvSize, where > 0, is a promise about a RegionBuffer: every
	// dispatch binds it to at least ArgInvSize bytes that the driver
	// filled before the dispatch, that nothing writes during it and that
	// no other region's memory overlaps (OpenCL's POD-argument buffer,
	// which the driver makes for each launch). A load from it at a
	// constant offset below ArgInvSize is then the same for every lane,
	// chunk and group of the dispatch and cannot trap, as a push
	// constant's. Build leaves it 0; the host driver sets it from the
	// kernel's reflection and checks the promise at each dispatch.
	ArgInvSize int
}

// Program is one entry point over one chunk of lanes.
type Program struct {
	Entry string
	// Chunk is the number of lanes a chunk runs (C in docs/hosttier.md).
	Chunk int
	// Local is the work-group size the program was specialized for; in
	// a program of packed work-groups (Pack > 1, pack.go), the size of
	// the run of Pack groups it runs as one: Local[0] is Pack times the
	// groups' own width.
	Local [3]int
	// Pack is the work-groups, consecutive in x, that the program runs as
	// one (BuildPacked); 0 or 1: one.
	Pack int
	Ops  []Op
	// Values are the virtual registers; Ops refer to them by index.
	Values []ValueInfo
	// Labels is the number of labels; Barriers the number of Barrier ops.
	Labels, Barriers int
	// Regions are the memories, Region i addressed as Op.Imm == i.
	Regions []Region
	// FrameSize is the bytes of a chunk's frame (values' slots).
	FrameSize int
	// Rounds is how many times Build built the program (a round whose
	// uniform assumptions fail is built again); a measure of build cost.
	Rounds int
}

// TrapCode says why a program stopped before Exit.
type TrapCode uint8

const (
	TrapNone TrapCode = iota
	// TrapAccess: an access out of its region's bounds.
	TrapAccess
	// TrapUnreachable: a lane ran an Unreachable op.
	TrapUnreachable
	// TrapCancelled: Group.Cancel was set when a loop went round again
	// (a runner checks it at backward jumps, so that a kernel that never
	// ends can be stopped); the group's memory is as the run left it.
	TrapCancelled
	// TrapUnbound: an image op found no image or sampler bound to its
	// region (Trap.Region).
	TrapUnbound
	// TrapPhysical: a Phys op's bytes are not all in one live buffer
	// (Trap.Addr and Size say which).
	TrapPhysical
)

// Trap describes a trap: the op (index in Program.Ops), the local linear
// id of the lane, and for TrapAccess the region, offset and size.
type Trap struct {
	Code   TrapCode
	Op     int
	Lane   int
	Region int
	Offset uint32
	Size   int
	// Addr is the physical address of a TrapPhysical.
	Addr uint64
}
