package host

import (
	"encoding/binary"
	"fmt"
)

// inst is one decoded instruction: the opcode, its result type and result id
// when the opcode has them, and the remaining operand words.
type inst struct {
	op   uint16
	typ  uint32
	id   uint32
	args []uint32
	pos  int // word offset in the module, for error messages
}

type decoration struct {
	kind uint32
	args []uint32
}

type entryPoint struct {
	name  string
	model uint32
	fn    uint32
	iface []uint32
}

// Module is a decoded SPIR-V module.
type Module struct {
	insts   []inst
	bound   uint32
	entries []entryPoint
	decos   map[uint32][]decoration
	members map[uint32]map[uint32][]decoration // struct id → member → decorations
	names   map[uint32]string
	extSets map[uint32]string
	modes   map[uint32][]inst // entry function id → OpExecutionMode(Id)
	defs    map[uint32]*inst  // result id → defining instruction
}

// Decode decodes a SPIR-V binary module given as bytes (either endianness).
func Decode(b []byte) (*Module, error) {
	if len(b)%4 != 0 || len(b) < 20 {
		return nil, fmt.Errorf("spirv: module of %d bytes is not a whole number of words with a header", len(b))
	}
	words := make([]uint32, len(b)/4)
	order := binary.ByteOrder(binary.LittleEndian)
	if binary.LittleEndian.Uint32(b) != 0x07230203 {
		order = binary.BigEndian
	}
	for i := range words {
		words[i] = order.Uint32(b[4*i:])
	}
	return DecodeWords(words)
}

// DecodeWords decodes a SPIR-V module given as words in host order.
func DecodeWords(words []uint32) (*Module, error) {
	if len(words) < 5 || words[0] != 0x07230203 {
		return nil, fmt.Errorf("spirv: not a SPIR-V module (bad magic number)")
	}
	m := &Module{
		bound:   words[3],
		decos:   map[uint32][]decoration{},
		members: map[uint32]map[uint32][]decoration{},
		names:   map[uint32]string{},
		extSets: map[uint32]string{},
		modes:   map[uint32][]inst{},
		defs:    map[uint32]*inst{},
	}
	for pos := 5; pos < len(words); {
		n := int(words[pos] >> 16)
		op := uint16(words[pos])
		if n == 0 || pos+n > len(words) {
			return nil, fmt.Errorf("spirv: word %d: bad instruction length %d", pos, n)
		}
		in := inst{op: op, pos: pos}
		w := words[pos+1 : pos+n]
		shape := opShape[op]
		if shape&1 != 0 {
			if len(w) == 0 {
				return nil, fmt.Errorf("spirv: word %d: %s: missing result type", pos, spelling(op))
			}
			in.typ, w = w[0], w[1:]
		}
		if shape&2 != 0 {
			if len(w) == 0 {
				return nil, fmt.Errorf("spirv: word %d: %s: missing result id", pos, spelling(op))
			}
			in.id, w = w[0], w[1:]
		}
		in.args = w
		m.insts = append(m.insts, in)
		pos += n
	}
	for i := range m.insts {
		in := &m.insts[i]
		if in.id != 0 {
			m.defs[in.id] = in
		}
		a := in.args
		switch in.op {
		case opExtInstImport:
			m.extSets[in.id], _ = str(a)
		case opName:
			if len(a) >= 1 {
				m.names[a[0]], _ = str(a[1:])
			}
		case opDecorate:
			if len(a) >= 2 {
				m.decos[a[0]] = append(m.decos[a[0]], decoration{a[1], a[2:]})
			}
		case opMemberDecorate:
			if len(a) >= 3 {
				if m.members[a[0]] == nil {
					m.members[a[0]] = map[uint32][]decoration{}
				}
				m.members[a[0]][a[1]] = append(m.members[a[0]][a[1]], decoration{a[2], a[3:]})
			}
		case opEntryPoint:
			if len(a) < 3 {
				return nil, fmt.Errorf("spirv: word %d: short OpEntryPoint", in.pos)
			}
			name, rest := str(a[2:])
			m.entries = append(m.entries, entryPoint{name: name, model: a[0], fn: a[1], iface: rest})
		case opExecutionMode, opExecutionModeId:
			if len(a) >= 1 {
				m.modes[a[0]] = append(m.modes[a[0]], *in)
			}
		}
	}
	return m, nil
}

// EntryPoints returns the names of the module's GLCompute entry points.
func (m *Module) EntryPoints() []string {
	var names []string
	for _, e := range m.entries {
		if e.model == modelGLCompute {
			names = append(names, e.name)
		}
	}
	return names
}

// str decodes a nul-terminated literal string and returns the words after it.
func str(w []uint32) (string, []uint32) {
	var b []byte
	for i, x := range w {
		for k := 0; k < 4; k++ {
			c := byte(x >> (8 * k))
			if c == 0 {
				return string(b), w[i+1:]
			}
			b = append(b, c)
		}
	}
	return string(b), nil
}

func spelling(op uint16) string {
	if s, ok := opNames[op]; ok {
		return s
	}
	return fmt.Sprintf("opcode %d", op)
}

func (m *Module) deco(id, kind uint32) ([]uint32, bool) {
	for _, d := range m.decos[id] {
		if d.kind == kind {
			return d.args, true
		}
	}
	return nil, false
}

func (m *Module) memberDeco(id, member, kind uint32) ([]uint32, bool) {
	for _, d := range m.members[id][member] {
		if d.kind == kind {
			return d.args, true
		}
	}
	return nil, false
}
