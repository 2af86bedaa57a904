package cl

import (
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/clgo/clgo/compiler/fromspirv"
	"github.com/clgo/clgo/spirv"
)

// Intermediate language programs (OpenCL 2.1 clCreateProgramWithIL) and
// SPIR-V specialization constants (OpenCL 2.2).
//
// clCreateProgramWithIL takes two flavours of SPIR-V:
//
//   - Vulkan-flavoured, 1.0 to 1.5, which clgo's devices run as it is
//     (1.6 would need Vulkan 1.3 of a Vulkan device): the Shader
//     capability, Logical or PhysicalStorageBuffer64 addressing (pointer
//     arguments as ArgumentPointerPushConstant or ArgumentPointerUniform,
//     docs/physical.md), GLCompute entry points, and the kernel interface
//     as NonSemantic.ClspvReflection instructions, as `clgo compile` and
//     clspv emit. It is validated by clgo's validator when the program is
//     made; specialization constants are set in the module at build time.
//   - OpenCL-flavoured, 1.0 to 1.6: the Kernel capability, Physical32 or Physical64
//     addressing, the OpenCL memory model, Kernel entry points, as the
//     SPIR-V LLVM translator and LLVM's SPIR-V backend emit. Its structure
//     is checked when the program is made (checkKernelModule); it is
//     translated to OpenCL C (compiler/fromspirv) when the program is built
//     or compiled, with the specialization constants set by then, and that
//     source builds as a source program's does (ilkernel.go).

// ILVersions are the SPIR-V versions clCreateProgramWithIL accepts
// (CL_DEVICE_IL_VERSION, CL_DEVICE_ILS_WITH_VERSION), as major, minor:
// those of OpenCL-flavoured SPIR-V, the IL OpenCL means (the Vulkan
// flavour stops at 1.5, maxVulkanMinor).
var ILVersions = [][2]uint32{{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}}

// maxVulkanMinor is the last SPIR-V 1.x version taken of Vulkan-flavoured
// modules, which go to the devices as they are: 1.5 is Vulkan 1.2's.
const maxVulkanMinor = 5

// ILVersionString is CL_DEVICE_IL_VERSION: "SPIR-V_1.0 SPIR-V_1.1 ...".
func ILVersionString() string {
	var vs []string
	for _, v := range ILVersions {
		vs = append(vs, fmt.Sprintf("SPIR-V_%d.%d", v[0], v[1]))
	}
	return strings.Join(vs, " ")
}

// ILAccepted says what CreateProgramWithIL takes, for messages.
const ILAccepted = "clgo takes SPIR-V, either Vulkan-flavoured 1.0 to 1.5 (the Shader capability, Logical or PhysicalStorageBuffer64 addressing, " +
	"GLCompute entry points, the kernel interface as NonSemantic.ClspvReflection, as `clgo compile` and clspv emit) " +
	"or OpenCL-flavoured 1.0 to 1.6 (the Kernel capability, Physical32 or Physical64 addressing, the OpenCL memory model, Kernel entry points, " +
	"as the SPIR-V LLVM translator and LLVM's SPIR-V backend emit), which is translated to OpenCL C when the program is built"

// spirvWords returns the module's words, in the host's order whichever
// order the module has, or nil when code is no SPIR-V module.
func spirvWords(code []byte) []uint32 {
	if len(code) < 20 || len(code)%4 != 0 {
		return nil
	}
	var order binary.ByteOrder = binary.LittleEndian
	if binary.LittleEndian.Uint32(code) != spirv.MagicNumber {
		if binary.BigEndian.Uint32(code) != spirv.MagicNumber {
			return nil
		}
		order = binary.BigEndian
	}
	w := make([]uint32, len(code)/4)
	for i := range w {
		w[i] = order.Uint32(code[4*i:])
	}
	return w
}

// eachInstruction calls f with the offset and words of every instruction
// after the header; it stops at a malformed word count.
func eachInstruction(w []uint32, f func(at int, ins []uint32)) {
	for at := 5; at < len(w); {
		n := int(w[at] >> 16)
		if n == 0 || at+n > len(w) {
			return
		}
		f(at, w[at:at+n])
		at += n
	}
}

// checkILFlavour refuses SPIR-V that clgo cannot take: a version past
// ILVersions (past 1.5 for a Vulkan-flavoured module), a Vulkan-flavoured module with an addressing model other than
// Logical (or PhysicalStorageBuffer64), an OpenCL-flavoured one that
// checkKernelModule refuses. kernel reports an OpenCL-flavoured module
// (the Kernel capability).
func checkILFlavour(code []byte) (kernel bool, err error) {
	w := spirvWords(code)
	if w == nil {
		// Not SPIR-V: left to the devices, as checkSPIRV does (a test
		// driver takes its own code; the ICD refuses it itself).
		return false, nil
	}
	major, minor := w[1]>>16, (w[1]>>8)&0xff
	if !slices.Contains(ILVersions, [2]uint32{major, minor}) {
		return false, fmt.Errorf("SPIR-V version %d.%d: %s", major, minor, ILAccepted)
	}
	if fromspirv.IsKernel(w) {
		if err := checkKernelModule(w); err != nil {
			return true, fmt.Errorf("%v: %s", err, ILAccepted)
		}
		return true, nil
	}
	if minor > maxVulkanMinor {
		return false, fmt.Errorf("SPIR-V version %d.%d of a Vulkan-flavoured module: %s", major, minor, ILAccepted)
	}
	eachInstruction(w, func(_ int, ins []uint32) {
		if err != nil {
			return
		}
		if spirv.Op(ins[0]&0xffff) == spirv.OpMemoryModel && len(ins) > 1 &&
			ins[1] != uint32(spirv.AddressingModelLogical) && ins[1] != uint32(spirv.AddressingModelPhysicalStorageBuffer64) {
			err = fmt.Errorf("the module's addressing model is %d, not Logical: %s", ins[1], ILAccepted)
		}
	})
	return false, err
}

// IL returns the SPIR-V a program was made from by CreateProgramWithIL
// (CL_PROGRAM_IL), nil for other programs.
func (p *Program) IL() []byte {
	if !p.fromIL {
		return nil
	}
	return slices.Clone(p.il)
}

// specConstant is a specialization constant of a module: its result id and
// the size clSetProgramSpecializationConstant must be given (1 for bool).
type specConstant struct {
	id, size uint32
	boolean  bool
	signed   bool // an integer of OpTypeInt signedness 1
}

// specConstants lists a module's specialization constants by SpecId.
func specConstants(w []uint32) map[uint32]specConstant {
	specIDs := map[uint32]uint32{} // result id → SpecId
	widths := map[uint32]uint32{}  // type id → bits
	signed := map[uint32]bool{}
	out := map[uint32]specConstant{}
	eachInstruction(w, func(_ int, ins []uint32) {
		switch spirv.Op(ins[0] & 0xffff) {
		case spirv.OpDecorate:
			if len(ins) == 4 && ins[2] == uint32(spirv.DecorationSpecId) {
				specIDs[ins[1]] = ins[3]
			}
		case spirv.OpTypeInt, spirv.OpTypeFloat:
			if len(ins) >= 3 {
				widths[ins[1]] = ins[2]
			}
			if len(ins) >= 4 && spirv.Op(ins[0]&0xffff) == spirv.OpTypeInt {
				signed[ins[1]] = ins[3] == 1
			}
		}
	})
	eachInstruction(w, func(_ int, ins []uint32) {
		op := spirv.Op(ins[0] & 0xffff)
		if len(ins) < 3 || (op != spirv.OpSpecConstant && op != spirv.OpSpecConstantTrue && op != spirv.OpSpecConstantFalse) {
			return
		}
		sid, ok := specIDs[ins[2]]
		if !ok {
			return
		}
		c := specConstant{id: ins[2], size: 1, boolean: op != spirv.OpSpecConstant}
		if !c.boolean {
			c.size, c.signed = widths[ins[1]]/8, signed[ins[1]]
		}
		out[sid] = c
	})
	return out
}

// reservedSpecIDs are the SpecIds the kernel interface gives the runtime
// (the work-group size, __local argument sizes, ...): the runtime sets them
// at each dispatch.
func reservedSpecIDs(w []uint32) map[uint32]bool {
	out := map[uint32]bool{}
	m, err := spirv.DecodeWords(w)
	if err != nil {
		return out
	}
	r, err := spirv.ReadReflection(m)
	if err != nil {
		return out
	}
	for _, p := range []*[3]uint32{r.WorkgroupSizeSpecIDs, r.GlobalOffsetSpecIDs} {
		if p != nil {
			for _, id := range p {
				out[id] = true
			}
		}
	}
	for _, p := range []*uint32{r.WorkDimSpecID, r.SubgroupMaxSizeSpecID} {
		if p != nil {
			out[*p] = true
		}
	}
	for _, k := range r.Kernels {
		for _, a := range k.Args {
			if a.Kind == spirv.ArgLocal {
				out[a.SpecID] = true
			}
		}
	}
	return out
}

// SetSpecializationConstant sets the value of the specialization constant
// with SpecId id (clSetProgramSpecializationConstant) for the builds that
// follow: value's size is the constant's (1 byte for a bool: zero is
// false). The program must come from CreateProgramWithIL.
func (p *Program) SetSpecializationConstant(id uint32, value []byte) error {
	const op = "clSetProgramSpecializationConstant"
	if err := p.check(op); err != nil {
		return err
	}
	if !p.fromIL {
		return errorf(ErrInvalidProgram, "%s: the program was not made from SPIR-V by clCreateProgramWithIL", op)
	}
	var size int
	if p.kernelIL {
		// The translator's list: every SpecId an OpenCL-flavoured module
		// declares is the application's.
		n, ok := p.kernelSpecIDs()[id]
		if !ok {
			return errorf(ErrInvalidSpecId, "%s: the module has no specialization constant with SpecId %d", op, id)
		}
		size = n
	} else {
		w := spirvWords(p.il)
		c, ok := specConstants(w)[id]
		if !ok {
			return errorf(ErrInvalidSpecId, "%s: the module has no specialization constant with SpecId %d", op, id)
		}
		if reservedSpecIDs(w)[id] {
			return errorf(ErrInvalidSpecId, "%s: SpecId %d is one the kernel interface gives the runtime (work-group size, __local sizes)", op, id)
		}
		size = int(c.size)
	}
	if value == nil || len(value) != size {
		return errorf(ErrInvalidValue, "%s: SpecId %d is %d bytes, given %d", op, id, size, len(value))
	}
	p.mu.Lock()
	if p.spec == nil {
		p.spec = map[uint32][]byte{}
	}
	p.spec[id] = slices.Clone(value)
	p.mu.Unlock()
	return nil
}

// specialize returns code with the default values of its specialization
// constants replaced by the values in spec (by SpecId), in the module's
// byte order; code itself is not changed.
func specialize(code []byte, spec map[uint32][]byte) []byte {
	if len(spec) == 0 {
		return code
	}
	w := spirvWords(code)
	consts := specConstants(w)
	type value struct {
		c specConstant
		b []byte
	}
	byID := map[uint32]value{}
	for _, sid := range slices.Sorted(maps.Keys(spec)) {
		if c, ok := consts[sid]; ok {
			byID[c.id] = value{c, spec[sid]}
		}
	}
	eachInstruction(w, func(at int, ins []uint32) {
		if len(ins) < 3 {
			return
		}
		v, ok := byID[ins[2]]
		if !ok {
			return
		}
		switch op := spirv.Op(ins[0] & 0xffff); op {
		case spirv.OpSpecConstantTrue, spirv.OpSpecConstantFalse:
			op = spirv.OpSpecConstantFalse
			if v.b[0] != 0 {
				op = spirv.OpSpecConstantTrue
			}
			w[at] = w[at]&^0xffff | uint32(op)
		case spirv.OpSpecConstant:
			// Literal words, low-order word first; a type narrower than
			// a word has its literal sign-extended when signed,
			// zero-extended otherwise (SPIR-V §2.2.1).
			var b [8]byte
			copy(b[:], v.b)
			lo := binary.LittleEndian.Uint32(b[:])
			switch len(v.b) {
			case 1:
				lo &= 0xff
				if v.c.signed {
					lo = uint32(int32(int8(lo)))
				}
			case 2:
				lo &= 0xffff
				if v.c.signed {
					lo = uint32(int32(int16(lo)))
				}
			}
			w[at+3] = lo
			if len(v.b) == 8 && len(ins) >= 5 {
				w[at+4] = binary.LittleEndian.Uint32(b[4:])
			}
		}
	})
	out := make([]byte, len(code))
	order := binary.ByteOrder(binary.LittleEndian)
	if binary.LittleEndian.Uint32(code) != spirv.MagicNumber {
		order = binary.BigEndian
	}
	for i, x := range w {
		order.PutUint32(out[4*i:], x)
	}
	return out
}
