package spirv

import (
	"encoding/binary"
	"fmt"
	"math"
)

// MagicNumber is the first word of every SPIR-V module.
const MagicNumber = 0x07230203

// Version is a SPIR-V version as the header's second word spells it:
// 0x00MMmm00.
type Version uint32

// Versions of SPIR-V. Vulkan 1.1 consumes up to 1.3, Vulkan 1.2 up to 1.5.
const (
	Version10 Version = 0x00010000
	Version11 Version = 0x00010100
	Version12 Version = 0x00010200
	Version13 Version = 0x00010300
	Version14 Version = 0x00010400
	Version15 Version = 0x00010500
	Version16 Version = 0x00010600
)

// MakeVersion returns the version major.minor.
func MakeVersion(major, minor int) Version { return Version(uint32(major)<<16 | uint32(minor)<<8) }

// Major returns the major version number.
func (v Version) Major() int { return int(v>>16) & 0xff }

// Minor returns the minor version number.
func (v Version) Minor() int { return int(v>>8) & 0xff }

func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major(), v.Minor()) }

// GeneratorClgo is clgo's generator word: the high 16 bits are the tool id,
// the low 16 bits the tool's version. clgo has no registered tool id, so it
// uses 0 as the specification asks of unregistered tools (spirv-dis prints
// "Khronos; 1").
const GeneratorClgo = 0x00000001

// Instruction is one SPIR-V instruction. ResultType and Result are zero when
// the opcode has none; Operands holds every word after them, as encoded.
type Instruction struct {
	Op         Op
	ResultType ID
	Result     ID
	Operands   []uint32
}

// WordCount returns the instruction's size in words, opcode word included.
func (in *Instruction) WordCount() int {
	n := 1 + len(in.Operands)
	if in.ResultType != 0 {
		n++
	}
	if in.Result != 0 {
		n++
	}
	return n
}

// Block is a basic block: its label and its instructions, the terminator last.
type Block struct {
	Label ID
	Insts []*Instruction
}

// Terminated reports whether the block ends in a block terminator.
func (b *Block) Terminated() bool {
	if len(b.Insts) == 0 {
		return false
	}
	return IsTerminator(b.Insts[len(b.Insts)-1].Op)
}

// IsTerminator reports whether op ends a block.
func IsTerminator(op Op) bool {
	switch op {
	case OpBranch, OpBranchConditional, OpSwitch, OpReturn, OpReturnValue,
		OpKill, OpUnreachable, OpTerminateInvocation, OpIgnoreIntersectionKHR,
		OpTerminateRayKHR, OpEmitMeshTasksEXT:
		return true
	}
	return false
}

// Function is an OpFunction: its parameters and blocks (none for a
// declaration). The first block is the entry block.
type Function struct {
	ResultType ID
	ID         ID
	Control    FunctionControl
	Type       ID // the OpTypeFunction
	Params     []*Instruction
	Blocks     []*Block
	// Optimized says the body is already what spirv/opt's passes make of
	// it (a function copied from the precompiled math library): the
	// passes leave it as it is and count all of it live, so that a
	// compile pays for optimizing only its own code. Not encoded; whoever
	// changes such a body must clear it.
	Optimized bool
}

// Module is a SPIR-V module, one slice per section of the logical layout.
type Module struct {
	Version   Version
	Generator uint32
	// Bound is one more than the largest id. Encode raises it if an
	// instruction uses a larger id.
	Bound uint32

	Capabilities    []*Instruction // OpCapability
	Extensions      []*Instruction // OpExtension
	ExtInstImports  []*Instruction // OpExtInstImport
	MemoryModel     *Instruction   // OpMemoryModel
	EntryPoints     []*Instruction // OpEntryPoint
	ExecutionModes  []*Instruction // OpExecutionMode, OpExecutionModeId
	DebugSources    []*Instruction // OpString, OpSourceExtension, OpSource, OpSourceContinued
	Names           []*Instruction // OpName, OpMemberName
	ModuleProcessed []*Instruction // OpModuleProcessed
	Annotations     []*Instruction // decorations
	// Globals holds types, constants, global variables, OpUndef, OpLine and
	// module-level non-semantic OpExtInst, in order.
	Globals   []*Instruction
	Functions []*Function
	// Trailing holds non-semantic OpExtInst instructions after the last
	// function, where clspv puts its reflection.
	Trailing []*Instruction
}

// Walk calls f for every instruction of the module in binary order. For
// functions it passes synthesized OpFunction, OpLabel and OpFunctionEnd
// instructions; f must not keep them.
func (m *Module) Walk(f func(*Instruction)) {
	for _, sec := range [][]*Instruction{m.Capabilities, m.Extensions, m.ExtInstImports} {
		for _, in := range sec {
			f(in)
		}
	}
	if m.MemoryModel != nil {
		f(m.MemoryModel)
	}
	for _, sec := range [][]*Instruction{m.EntryPoints, m.ExecutionModes, m.DebugSources, m.Names, m.ModuleProcessed, m.Annotations, m.Globals} {
		for _, in := range sec {
			f(in)
		}
	}
	for _, fn := range m.Functions {
		f(&Instruction{Op: OpFunction, ResultType: fn.ResultType, Result: fn.ID, Operands: []uint32{uint32(fn.Control), uint32(fn.Type)}})
		for _, p := range fn.Params {
			f(p)
		}
		for _, b := range fn.Blocks {
			f(&Instruction{Op: OpLabel, Result: b.Label})
			for _, in := range b.Insts {
				f(in)
			}
		}
		f(&Instruction{Op: OpFunctionEnd})
	}
	for _, in := range m.Trailing {
		f(in)
	}
}

// Words encodes the module as SPIR-V words.
func (m *Module) Words() []uint32 {
	bound := m.Bound
	words := []uint32{MagicNumber, uint32(m.Version), m.Generator, 0, 0}
	m.Walk(func(in *Instruction) {
		n := in.WordCount()
		words = append(words, uint32(n)<<16|uint32(in.Op))
		if in.ResultType != 0 {
			words = append(words, uint32(in.ResultType))
		}
		if in.Result != 0 {
			words = append(words, uint32(in.Result))
			if uint32(in.Result) >= bound {
				bound = uint32(in.Result) + 1
			}
		}
		words = append(words, in.Operands...)
	})
	words[3] = bound
	return words
}

// Encode encodes the module as a little-endian SPIR-V binary.
func (m *Module) Encode() []byte {
	return WordsToBytes(m.Words())
}

// WordsToBytes returns words in little-endian byte order.
func WordsToBytes(words []uint32) []byte {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	return b
}

// LiteralString packs s as a SPIR-V literal string: UTF-8 bytes, nul
// terminated, padded with nuls to a whole number of little-endian words.
func LiteralString(s string) []uint32 {
	words := make([]uint32, len(s)/4+1)
	for i := 0; i < len(s); i++ {
		words[i/4] |= uint32(s[i]) << (8 * (i % 4))
	}
	return words
}

// DecodeString reads a literal string from the start of words and returns
// it with the number of words it occupies; ok is false if there is no
// terminating nul.
func DecodeString(words []uint32) (s string, n int, ok bool) {
	var buf []byte
	for i, w := range words {
		for j := 0; j < 4; j++ {
			c := byte(w >> (8 * j))
			if c == 0 {
				return string(buf), i + 1, true
			}
			buf = append(buf, c)
		}
	}
	return "", 0, false
}

// Literal64 splits a 64-bit literal into its two words, low-order first.
func Literal64(v uint64) []uint32 { return []uint32{uint32(v), uint32(v >> 32)} }

// Join64 joins two words, low-order first, into a 64-bit value.
func Join64(lo, hi uint32) uint64 { return uint64(lo) | uint64(hi)<<32 }

// Float32Word returns the word of a 32-bit float literal.
func Float32Word(f float32) uint32 { return math.Float32bits(f) }

// Float64Words returns the words of a 64-bit float literal.
func Float64Words(f float64) []uint32 { return Literal64(math.Float64bits(f)) }
