package lower

import (
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
	"github.com/clgo/clgo/spirv"
)

// printf writes its call site's id and arguments into the module's printf
// buffer, which the runtime decodes after the kernel (driver/printf). The
// protocol is clspv's, so that clvk-style runtimes read it too:
//
//   - the buffer is 32-bit words; word 0 counts the words reserved so far
//     (the runtime zeroes it), records follow from word 1;
//   - a call reserves 1 + its argument words with one atomic add, then
//     writes its PrintfInfo id and its arguments, each padded to whole
//     words (char and short promoted to int, vectors packed elementwise,
//     %s of a string literal as its PrintfInfo id, %s of a pointer as
//     the id of the string it points into and its byte offset there,
//     printfstr.go; %p as (uintptr_t)p);
//   - a call whose record does not fit writes nothing but the overflow
//     marker in its first word (or in the sink word at the very end when
//     that too is past the data), and returns -1; the cursor keeps
//     counting, so the runtime knows how much was lost.

// defaultPrintfBufferSize is CL_DEVICE_PRINTF_BUFFER_SIZE's minimum for
// the full profile (1 MiB).
const defaultPrintfBufferSize = 1 << 20

// PrintfOverflow is the record id a call that did not fit leaves.
const PrintfOverflow = 0xffffffff

// printfState is the module's printf buffer and the ids of %s strings.
type printfState struct {
	buf     spirv.ID
	strings map[string]uint32
}

// printf lowers a call to printf; t is its result type (int).
func (fs *fnState) printf(x *syntax.CallExpr, t types.Type) value {
	format, ok := stringLit(fs.info, x.Args[0])
	if !ok {
		fs.errorf(x.Args[0].Pos(), "printf: the format must be a string literal or a __constant char array")
		return fs.undef(t)
	}
	// printf reads the format up to its first NUL.
	if i := strings.IndexByte(format, 0); i >= 0 {
		format = format[:i]
	}
	args := x.Args[1:]
	specs, err := scanFormat(format)
	if err == nil && len(specs) > len(args) {
		err = errorString("more conversions than data arguments")
	}
	if err != nil {
		// The call's behaviour is undefined: it prints nothing.
		fs.diags.Warnf(x.Args[0].Pos(), "invalid printf format: %v", err)
		for _, a := range args {
			if !isStringArg(fs.info, a) {
				fs.expr(a)
			}
		}
		return value{t: t, id: fs.constInt(t, -1)}
	}
	var words []spirv.ID
	var sizes []uint32
	for i, a := range args {
		if i >= len(specs) {
			// Arguments past the conversions are evaluated and ignored
			// (C99 7.19.6.1); a string literal has nothing to evaluate.
			if !isStringArg(fs.info, a) {
				fs.expr(a)
			}
			continue
		}
		if isStringArg(fs.info, a) {
			if specs[i].conv != 's' {
				fs.errorf(a.Pos(), "printf: a string literal argument is printed with %%s only")
				continue
			}
			words = append(words, fs.stringArg(a))
			sizes = append(sizes, 4)
			continue
		}
		if specs[i].conv == 's' {
			if w := fs.stringPtrArg(a); w != nil {
				words = append(words, w...)
				sizes = append(sizes, 8)
			}
			continue
		}
		w := fs.printfWords(fs.expr(a), a)
		words = append(words, w...)
		sizes = append(sizes, uint32(4*len(w)))
	}
	fs.fits(fs.pos, "printf format string", format)
	id := uint32(len(fs.refl.Printfs))
	fs.refl.Printfs = append(fs.refl.Printfs, spirv.PrintfInfo{ID: id, Format: format, ArgSizes: sizes})
	fs.kref.Flags |= spirv.KernelMayUsePrintf
	return value{t: t, id: fs.printfRecord(id, words)}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// stringLit returns the bytes of e when it is a string literal or a
// program-scope __constant char array initialized by one.
func stringLit(info *types.Info, e syntax.Expr) (string, bool) {
	e = unparenExpr(e)
	if id, ok := e.(*syntax.Ident); ok {
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || v.Kind != types.GlobalVar || v.Space != types.Constant || !isArray(v.Type) {
			return "", false
		}
		e = unparenExpr(v.Init)
	}
	lit, ok := e.(*syntax.BasicLit)
	if !ok || lit.Kind != syntax.StringLit {
		return "", false
	}
	return lit.Value, true
}

// isStringArg reports whether e is a string literal or a choice between
// such (c ? "yes" : "no"): printf passes them by id.
func isStringArg(info *types.Info, e syntax.Expr) bool {
	e = unparenExpr(e)
	if c, ok := e.(*syntax.CondExpr); ok {
		return isStringArg(info, c.X) && isStringArg(info, c.Y)
	}
	_, ok := stringLit(info, e)
	return ok
}

// stringArg is the id word of a string argument (see isStringArg).
func (fs *fnState) stringArg(e syntax.Expr) spirv.ID {
	e = unparenExpr(e)
	if c, ok := e.(*syntax.CondExpr); ok {
		cond := fs.cond(c.Cond)
		x, y := fs.stringArg(c.X), fs.stringArg(c.Y)
		return fs.b.EmitIDs(spirv.OpSelect, fs.uint32T(), cond, x, y)
	}
	s, _ := stringLit(fs.info, e)
	return fs.u32(fs.printfString(s))
}

// printfString returns the PrintfInfo id standing for string literal s.
func (fs *fnState) printfString(s string) uint32 {
	// %s prints up to the first NUL, and the table's strings (OpString
	// in the reflection) cannot hold one: "foo\0bar" is "foo". (A pointer
	// past such a NUL then prints the empty string, not "bar".)
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if id, ok := fs.pf.strings[s]; ok {
		return id
	}
	if fs.pf.strings == nil {
		fs.pf.strings = map[string]uint32{}
	}
	fs.fits(fs.pos, "printf string", s)
	id := uint32(len(fs.refl.Printfs))
	fs.refl.Printfs = append(fs.refl.Printfs, spirv.PrintfInfo{ID: id, Format: s})
	fs.pf.strings[s] = id
	return id
}

// printfWords splits an argument into the 32-bit words of its record.
func (fs *fnState) printfWords(v value, e syntax.Expr) []spirv.ID {
	b := fs.b
	u := fs.uint32T()
	if v.ptr != nil {
		// %p: the pointer's integer value, as (uintptr_t)p gives it
		// (ptrcast.go), so that both print alike; null is 0, "(nil)".
		ut := types.Typ[types.UInt]
		if fs.conf.AddressBits == 64 {
			ut = types.Typ[types.ULong]
		}
		return fs.bitsToWords(fs.ptrToInt(v, ut).id, ut.Kind)
	}
	switch t := types.Underlying(v.t).(type) {
	case *types.Enum:
		return []spirv.ID{fs.convert(v, types.Typ[types.Int]).id}
	case *types.Basic:
		k := t.Kind
		switch {
		case k == types.Bool:
			return []spirv.ID{b.EmitIDs(spirv.OpSelect, u, v.id, fs.u32(1), fs.u32(0))}
		case k == types.Half:
			v = fs.convert(v, types.Typ[types.Float])
			return []spirv.ID{b.EmitIDs(spirv.OpBitcast, u, v.id)}
		case k.IsInteger() && k.Size() < 4:
			// The default argument promotions: to int.
			return []spirv.ID{fs.convert(v, types.Typ[types.Int]).id}
		}
		return fs.bitsToWords(v.id, k)
	case *types.Vector:
		es := uint32(t.Elem.Size())
		var words []spirv.ID
		var cur spirv.ID
		for i := 0; i < t.Len; i++ {
			e := fs.extract(v.id, v.t, i)
			if es >= 4 {
				words = append(words, fs.bitsToWords(e, t.Elem.Kind)...)
				continue
			}
			if t.Elem.Kind == types.Half {
				e = b.EmitIDs(spirv.OpBitcast, fs.scalarType(types.UShort), e)
			}
			e = b.EmitIDs(spirv.OpUConvert, u, e)
			pos := uint32(i) * es % 4
			if pos != 0 {
				e = b.EmitIDs(spirv.OpShiftLeftLogical, u, e, fs.u32(8*pos))
				cur = b.EmitIDs(spirv.OpBitwiseOr, u, cur, e)
			} else {
				if cur != 0 {
					words = append(words, cur)
				}
				cur = e
			}
		}
		if cur != 0 {
			words = append(words, cur)
		}
		return words
	}
	fs.errorf(e.Pos(), "printf: arguments of type '%v' are not supported", v.t)
	return nil
}

// bitsToWords splits a 4- or 8-byte scalar into words.
func (fs *fnState) bitsToWords(v spirv.ID, k types.Kind) []spirv.ID {
	b := fs.b
	u := fs.uint32T()
	if k.Size() == 8 {
		pair := b.EmitIDs(spirv.OpBitcast, b.TypeVector(u, 2), v)
		return []spirv.ID{b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 0), b.Emit(spirv.OpCompositeExtract, u, uint32(pair), 1)}
	}
	if k.IsFloat() {
		v = b.EmitIDs(spirv.OpBitcast, u, v)
	}
	return []spirv.ID{v}
}

// printfBuffer returns the module's printf buffer variable, declaring it
// on first use: a Block struct holding a runtime array of words. Its
// binding is set once every kernel's are known (finishPrintf).
func (l *lowerer) printfBuffer() spirv.ID {
	if l.pf.buf != 0 {
		return l.pf.buf
	}
	b := l.b
	arr := b.NewTypeRuntimeArray(l.uint32T())
	b.Decorate(arr, spirv.DecorationArrayStride, 4)
	st := b.NewTypeStruct(arr)
	b.MemberDecorate(st, 0, spirv.DecorationOffset, 0)
	b.Decorate(st, spirv.DecorationBlock)
	l.pf.buf = b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, st), spirv.StorageClassStorageBuffer)
	b.Name(l.pf.buf, "printf_buffer")
	return l.pf.buf
}

// printfRecord reserves and writes one record; it returns printf's result
// (0, or -1 when the record did not fit).
func (fs *fnState) printfRecord(id uint32, words []spirv.ID) spirv.ID {
	b := fs.b
	u := fs.uint32T()
	buf := fs.gv(fs.printfBuffer())
	pt := b.TypePointer(spirv.StorageClassStorageBuffer, u)
	word := func(i spirv.ID) spirv.ID {
		return b.EmitIDs(spirv.OpAccessChain, pt, buf, fs.u32(0), i)
	}
	n := uint32(1 + len(words))
	capWords := fs.printfBufferSize()/4 - 2 // less the cursor and the sink
	off := b.EmitIDs(spirv.OpAtomicIAdd, u, word(fs.u32(0)), fs.u32(uint32(spirv.ScopeDevice)), fs.u32(0), fs.u32(n))
	first := fs.addConst(off, 1)
	fits := b.EmitIDs(spirv.OpULessThanEqual, fs.boolT(), fs.addConst(off, n), fs.u32(capWords))
	then, other, merge := b.NewID(), b.NewID(), b.NewID()
	b.Emit(spirv.OpSelectionMerge, 0, uint32(merge), uint32(spirv.SelectionControlNone))
	b.EmitIDs(spirv.OpBranchConditional, 0, fits, then, other)
	b.StartBlock(then)
	b.EmitIDs(spirv.OpStore, 0, word(first), fs.u32(id))
	for i, w := range words {
		b.EmitIDs(spirv.OpStore, 0, word(fs.addConst(first, uint32(i+1))), w)
	}
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(other)
	inData := b.EmitIDs(spirv.OpULessThan, fs.boolT(), off, fs.u32(capWords))
	at := b.EmitIDs(spirv.OpSelect, u, inData, first, fs.u32(capWords+1))
	// Every call that overflows past the data writes the one sink word:
	// an atomic store, so that concurrent calls do not race on it.
	b.EmitIDs(spirv.OpAtomicStore, 0, word(at), fs.u32(uint32(spirv.ScopeDevice)), fs.u32(0), fs.u32(PrintfOverflow))
	b.EmitIDs(spirv.OpBranch, 0, merge)
	b.StartBlock(merge)
	return b.EmitIDs(spirv.OpPhi, u, fs.u32(0), then, fs.u32(0xffffffff), other)
}

// finishPrintf binds the printf buffer after every kernel's arguments in
// descriptor set 0 and reflects it.
func (l *lowerer) finishPrintf() {
	if l.pf.buf == 0 {
		return
	}
	binding := l.freeBinding0()
	l.b.Decorate(l.pf.buf, spirv.DecorationDescriptorSet, 0)
	l.b.Decorate(l.pf.buf, spirv.DecorationBinding, binding)
	l.refl.PrintfBuffer = &spirv.PrintfBuffer{DescriptorSet: 0, Binding: binding, BufferSize: l.printfBufferSize()}
}

// freeBinding0 is the first binding of descriptor set 0 after every
// kernel's arguments and the module-wide buffers bound so far (the printf
// buffer, the program-scope variables): where finishPrintf,
// finishProgramVars and finishSamplers, called in that order, put theirs.
func (l *lowerer) freeBinding0() uint32 {
	binding := uint32(0)
	for _, k := range l.refl.Kernels {
		for _, a := range k.Args {
			if a.Kind.HasDescriptor() && a.DescriptorSet == 0 {
				binding = max(binding, a.Binding+1)
			}
		}
	}
	if pb := l.refl.PrintfBuffer; pb != nil && !pb.PushConstant && pb.DescriptorSet == 0 {
		binding = max(binding, pb.Binding+1)
	}
	if pv := l.refl.ProgramScopeVariables; pv != nil && pv.DescriptorSet == 0 {
		binding = max(binding, pv.Binding+1)
	}
	return binding
}

func (l *lowerer) printfBufferSize() uint32 {
	if l.opts.PrintfBufferSize != 0 {
		return l.opts.PrintfBufferSize
	}
	if (l.opts.LoopLimitCheck || l.opts.ReportOutOfBounds) && !l.programCallsPrintf() {
		return loopLimitBufferSize
	}
	return defaultPrintfBufferSize
}
