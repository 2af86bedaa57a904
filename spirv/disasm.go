package spirv

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// DisOptions selects the disassembler's output form. The zero value gives
// spirv-dis's default form: header, indented, friendly names.
type DisOptions struct {
	RawID    bool // %12 instead of friendly names (spirv-dis --raw-id)
	NoIndent bool // no alignment of result ids (spirv-dis --no-indent)
	NoHeader bool // no header comment lines (spirv-dis --no-header)
}

// GeneratorName returns the generator word as spirv-dis prints it: the
// registered tool's name and the tool's version, e.g. "Google Clspv; 7".
func GeneratorName(gen uint32) string {
	name, ok := generatorNames.get()[gen>>16]
	if !ok {
		name = "Unknown(" + strconv.Itoa(int(gen>>16)) + ")"
	}
	return name + "; " + strconv.Itoa(int(gen&0xffff))
}

// moduleInfo collects, in binary order, what operand parsing needs to know.
type moduleInfo struct {
	types   map[ID]*Instruction
	typeOf  map[ID]ID
	imports map[ID]string
}

func newModuleInfo() *moduleInfo {
	return &moduleInfo{types: map[ID]*Instruction{}, typeOf: map[ID]ID{}, imports: map[ID]string{}}
}

func (mi *moduleInfo) add(in *Instruction) {
	if in.ResultType != 0 {
		mi.typeOf[in.Result] = in.ResultType
	}
	switch {
	case in.Op == OpExtInstImport:
		s, _, _ := DecodeString(in.Operands)
		mi.imports[in.Result] = s
	case in.Result != 0 && in.Op.Info() != nil && in.Op.Info().Class == "Type-Declaration":
		mi.types[in.Result] = in
	}
}

func (mi *moduleInfo) typeDecl(id ID) *Instruction { return mi.types[id] }
func (mi *moduleInfo) valueType(id ID) ID          { return mi.typeOf[id] }
func (mi *moduleInfo) importName(id ID) string     { return mi.imports[id] }

// Disassemble returns m in spirv-dis text form. Instructions that do not fit
// the grammar are printed with their raw words and a comment saying why.
func Disassemble(m *Module, opts DisOptions) string {
	var sb strings.Builder
	if !opts.NoHeader {
		fmt.Fprintf(&sb, "; SPIR-V\n; Version: %v\n; Generator: %s\n; Bound: %d\n; Schema: 0\n",
			m.Version, GeneratorName(m.Generator), boundOf(m))
	}
	var names map[ID]string
	if !opts.RawID {
		names = friendlyNames(m)
	}
	idName := func(id ID) string {
		if s, ok := names[id]; ok {
			return "%" + s
		}
		return "%" + strconv.FormatUint(uint64(id), 10)
	}
	mi := newModuleInfo()
	m.Walk(func(in *Instruction) {
		mi.add(in)
		line := disInst(in, mi, idName, m.Bound)
		if in.Result != 0 {
			r := idName(in.Result)
			if !opts.NoIndent && len(r) < 12 {
				r = strings.Repeat(" ", 12-len(r)) + r
			}
			sb.WriteString(r + " = " + line)
		} else {
			if !opts.NoIndent {
				sb.WriteString(strings.Repeat(" ", 15))
			}
			sb.WriteString(line)
		}
		sb.WriteByte('\n')
	})
	return sb.String()
}

// boundOf returns the bound Encode writes.
func boundOf(m *Module) uint32 {
	bound := m.Bound
	m.Walk(func(in *Instruction) {
		if uint32(in.Result) >= bound {
			bound = uint32(in.Result) + 1
		}
	})
	return bound
}

// disInst formats an instruction after its "%id = " prefix.
func disInst(in *Instruction, mi *moduleInfo, idName func(ID) string, bound uint32) string {
	var sb strings.Builder
	sb.WriteString(in.Op.String())
	if in.ResultType != 0 {
		sb.WriteString(" " + idName(in.ResultType))
	}
	var set string
	var ops []operand
	w := &walker{in: in, bound: math.MaxUint32, ctx: mi, visit: func(o operand) { ops = append(ops, o) }}
	if mi == nil {
		mi = newModuleInfo()
		w.ctx, w.lenient = mi, true
	}
	err := walk(w)
	if err != nil {
		for _, w := range in.Operands {
			sb.WriteString(" " + strconv.FormatUint(uint64(w), 10))
		}
		sb.WriteString(" ; invalid: " + err.Error())
		return sb.String()
	}
	for i, o := range ops {
		words := in.Operands[o.start : o.start+o.n]
		sb.WriteByte(' ')
		switch {
		case o.kind.IsID():
			sb.WriteString(idName(ID(words[0])))
			if in.Op == OpExtInst && i == 0 {
				set = mi.importName(ID(words[0]))
			}
		case o.kind == KindLiteralString:
			s, _, _ := DecodeString(words)
			sb.WriteString(quote(s))
		case o.kind == KindLiteralExtInstInteger:
			if e, ok := ExtInst(set, words[0]); ok {
				sb.WriteString(e.Name)
			} else {
				sb.WriteString(strconv.FormatUint(uint64(words[0]), 10))
			}
		case o.kind == KindLiteralSpecConstantOpInteger:
			sb.WriteString(strings.TrimPrefix(Op(words[0]).String(), "Op"))
		case o.kind == KindLiteralContextDependentNumber:
			sb.WriteString(formatNumber(mi.types[in.ResultType], words))
		case o.kind == KindLiteralInteger && in.Op == OpSwitch:
			sb.WriteString(formatNumber(mi.types[mi.typeOf[ID(in.Operands[0])]], words))
		case o.kind.IsEnum():
			s, _ := EnumName(o.kind, words[0])
			sb.WriteString(s)
		default:
			sb.WriteString(strconv.FormatUint(uint64(words[0]), 10))
		}
	}
	return sb.String()
}

func quote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	sb.WriteByte('"')
	return sb.String()
}

// formatNumber prints a literal number of type t as spirv-dis does.
func formatNumber(t *Instruction, words []uint32) string {
	var v uint64
	if len(words) == 2 {
		v = Join64(words[0], words[1])
	} else if len(words) == 1 {
		v = uint64(words[0])
	}
	if t == nil || len(t.Operands) == 0 {
		return strconv.FormatUint(v, 10)
	}
	width := t.Operands[0]
	if t.Op == OpTypeInt {
		signed := len(t.Operands) > 1 && t.Operands[1] == 1
		if !signed {
			if width < 64 {
				v &= 1<<width - 1
			}
			return strconv.FormatUint(v, 10)
		}
		shift := 64 - width
		return strconv.FormatInt(int64(v<<shift)>>shift, 10)
	}
	switch width {
	case 16:
		return formatFloat(v, 10, 5, 5)
	case 32:
		return formatFloat(v, 23, 8, 9)
	}
	return formatFloat(v, 52, 11, 17)
}

// formatFloat prints an IEEE value with mbits fraction bits and ebits
// exponent bits: normal numbers and zeros in decimal with digits significant
// digits (half floats never), denormals, infinities and NaNs as hex floats.
func formatFloat(bits uint64, mbits, ebits uint, digits int) string {
	sign := ""
	if bits>>(mbits+ebits)&1 == 1 {
		sign = "-"
	}
	exp := int(bits>>mbits) & (1<<ebits - 1)
	frac := bits & (1<<mbits - 1)
	bias := 1<<(ebits-1) - 1
	maxExp := 1<<ebits - 1
	if mbits == 10 {
		// Half floats are always printed in hex.
		if exp == 0 && frac == 0 {
			return sign + "0x0p+0"
		}
	} else if exp != 0 && exp != maxExp || exp == 0 && frac == 0 {
		f := math.Float64frombits(bits)
		if mbits == 23 {
			f = float64(math.Float32frombits(uint32(bits)))
		}
		return strconv.FormatFloat(f, 'g', digits, 64)
	}
	e := exp - bias
	if exp == 0 { // denormal: normalize
		e = 1 - bias
		for frac&(1<<mbits) == 0 {
			frac <<= 1
			e--
		}
		frac &= 1<<mbits - 1
	}
	if exp == maxExp {
		e = bias + 1
	}
	// Align the fraction to whole hex digits, then drop trailing zeros.
	ndig := (mbits + 3) / 4
	frac <<= ndig*4 - mbits
	hex := ""
	if frac != 0 {
		hex = fmt.Sprintf("%0*x", ndig, frac)
		hex = "." + strings.TrimRight(hex, "0")
	}
	es := "+"
	if e < 0 {
		es = "-"
		e = -e
	}
	return sign + "0x1" + hex + "p" + es + strconv.Itoa(e)
}
