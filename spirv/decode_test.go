package spirv

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

// asm builds a module from a header and raw instructions, each given as
// opcode then operand words.
func asm(bound uint32, insts ...[]uint32) []uint32 {
	w := []uint32{MagicNumber, uint32(Version13), 0, bound, 0}
	for _, in := range insts {
		w = append(w, uint32(len(in))<<16|in[0])
		w = append(w, in[1:]...)
	}
	return w
}

func op(o Op, operands ...uint32) []uint32 { return append([]uint32{uint32(o)}, operands...) }

func TestDecodeErrors(t *testing.T) {
	capShader := op(OpCapability, uint32(CapabilityShader))
	mm := op(OpMemoryModel, uint32(AddressingModelLogical), uint32(MemoryModelGLSL450))
	tests := []struct {
		name   string
		words  []uint32
		offset int
		want   string
	}{
		{"short", []uint32{MagicNumber, 0x10000}, 0, "too short"},
		{"magic", []uint32{1, 0x10000, 0, 1, 0}, 0, "bad magic"},
		{"version", []uint32{MagicNumber, 0x20000, 0, 1, 0}, 1, "unsupported version"},
		{"bound", []uint32{MagicNumber, 0x10000, 0, 0, 0}, 3, "bound is 0"},
		{"schema", []uint32{MagicNumber, 0x10000, 0, 1, 7}, 4, "schema"},
		{"wordcount0", append(asm(5), 0), 5, "word count is 0"},
		{"past end", append(asm(5), 9<<16|uint32(OpCapability), 1), 5, "runs past the end"},
		{"unknown opcode", asm(5, []uint32{9999}), 5, "unknown opcode 9999"},
		{"missing operand", asm(5, op(OpCapability)), 5, "missing operand 'Capability'"},
		{"unknown enum", asm(5, op(OpCapability, 123456)), 5, "unknown Capability 123456"},
		{"extra words", asm(5, op(OpCapability, 1, 2)), 5, "1 unexpected extra operand words"},
		{"id bound", asm(5, capShader, mm, op(OpTypeVoid, 9)), 10, "id %9 is not below the bound 5"},
		{"id zero", asm(5, capShader, mm, op(OpTypeVoid, 0)), 10, "id 0 is invalid"},
		{"string nul", asm(5, capShader, op(OpExtension, 0x41414141)), 7, "no terminating nul"},
		{"order", asm(5, mm, capShader), 8, "out of the logical layout order"},
		{"second memory model", asm(5, mm, mm), 8, "second OpMemoryModel"},
		{"outside function", asm(5, capShader, mm, op(OpReturn)), 10, "outside a function"},
		{"duplicate id", asm(5, capShader, mm, op(OpTypeVoid, 1), op(OpTypeBool, 1)), 12, "defined twice"},
		{"constant width", asm(5, capShader, mm, op(OpTypeInt, 1, 32, 0), op(OpConstant, 1, 2, 7, 8)), 14, "value has 2 words, its type needs 1"},
		{"constant type", asm(5, capShader, mm, op(OpTypeBool, 1), op(OpConstant, 1, 2, 7)), 12, "not a declared integer or float type"},
		{"mask param", asm(9, capShader, mm, op(OpTypeVoid, 1), op(OpTypeFunction, 2, 1), op(OpFunction, 1, 3, 0, 2), op(OpLabel, 4),
			op(OpLoopMerge, 5, 6, uint32(LoopControlDependencyLength))), 22, "LoopControl DependencyLength: missing operand LiteralInteger"},
		{"no function end", asm(5, capShader, mm, op(OpTypeVoid, 1), op(OpTypeFunction, 2, 1), op(OpFunction, 1, 3, 0, 2)), 20, "no OpFunctionEnd"},
		{"unterminated block", asm(6, capShader, mm, op(OpTypeVoid, 1), op(OpTypeFunction, 2, 1), op(OpFunction, 1, 3, 0, 2), op(OpLabel, 4), op(OpFunctionEnd)), 22, "not terminated"},
		{"spec op", asm(5, capShader, mm, op(OpTypeInt, 1, 32, 0), op(OpSpecConstantOp, 1, 2, uint32(OpSpecConstantOp))), 14, "OpSpecConstantOp can apply"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeWords(tc.words)
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			de, ok := err.(*DecodeError)
			if !ok {
				t.Fatalf("error %T %v is not a *DecodeError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) || de.Offset != tc.offset {
				t.Errorf("got %q at word %d, want %q at word %d", err, de.Offset, tc.want, tc.offset)
			}
			// The byte form gives the same error.
			if tc.name == "short" {
				return
			}
			if _, err2 := Decode(WordsToBytes(tc.words)); err2 == nil || err2.Error() != err.Error() {
				t.Errorf("Decode(bytes) = %v, want %v", err2, err)
			}
		})
	}
}

func TestDecodeBigEndian(t *testing.T) {
	words := asm(2, op(OpCapability, uint32(CapabilityShader)), op(OpMemoryModel, 0, 1), op(OpTypeVoid, 1))
	be := make([]byte, 4*len(words))
	for i, w := range words {
		binary.BigEndian.PutUint32(be[4*i:], w)
	}
	m, err := Decode(be)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Encode(); !bytes.Equal(got, WordsToBytes(words)) {
		t.Errorf("big-endian input re-encodes differently")
	}
	if _, err := Decode(be[:len(be)-2]); err == nil || !strings.Contains(err.Error(), "multiple of 4") {
		t.Errorf("truncated input: %v", err)
	}
}

func TestLiteralString(t *testing.T) {
	for _, s := range []string{"", "a", "abc", "abcd", "abcde", "GLSL.std.450", "héllo"} {
		w := LiteralString(s)
		if len(w) != len(s)/4+1 {
			t.Errorf("%q: %d words", s, len(w))
		}
		got, n, ok := DecodeString(append(w, 0xffffffff))
		if !ok || got != s || n != len(w) {
			t.Errorf("DecodeString(LiteralString(%q)) = %q, %d, %v", s, got, n, ok)
		}
	}
}

func TestFloat16Bits(t *testing.T) {
	for _, tc := range []struct {
		f    float32
		want uint16
	}{
		{0, 0}, {1, 0x3c00}, {-2, 0xc000}, {0.5, 0x3800}, {65504, 0x7bff}, {65520, 0x7c00},
		{1e-8, 0}, {5.960464477539063e-08, 1}, {0.0009765625, 0x1400}, {1.0009765625, 0x3c01},
		{1.00048828125, 0x3c00}, // a tie rounds to even
	} {
		if got := Float16Bits(tc.f); got != tc.want {
			t.Errorf("Float16Bits(%v) = %#04x, want %#04x", tc.f, got, tc.want)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(WordsToBytes(asm(5, op(OpCapability, uint32(CapabilityShader)), op(OpMemoryModel, 0, 1), op(OpTypeVoid, 1))))
	f.Add(WordsToBytes(asm(9, op(OpCapability, 1), op(OpMemoryModel, 0, 1), op(OpTypeVoid, 1), op(OpTypeFunction, 2, 1),
		op(OpFunction, 1, 3, 0, 2), op(OpLabel, 4), op(OpReturn), op(OpFunctionEnd))))
	if files, err := filepathGlob("testdata/*.spv"); err == nil {
		for _, file := range files {
			if data, err := readFile(file); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			if _, ok := err.(*DecodeError); !ok {
				t.Fatalf("error %T is not a *DecodeError", err)
			}
			return
		}
		enc := m.Encode()
		m2, err := Decode(enc)
		if err != nil {
			t.Fatalf("re-decoding our encoding: %v", err)
		}
		if !bytes.Equal(m2.Encode(), enc) {
			t.Fatal("encoding is not stable")
		}
		Disassemble(m, DisOptions{})
		Disassemble(m, DisOptions{RawID: true})
		ReadReflection(m)
	})
}
