package amd64

import "fmt"

// R is a general-purpose register. The zero value is NoReg, which a Mem
// uses for "no base" or "no index".
type R uint8

// The general-purpose registers, in encoding order (the encoding is R-1).
const (
	NoReg R = iota
	RAX
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
)

// num is the register's 4-bit encoding.
func (r R) num() byte { return byte(r - 1) }

var names64 = [...]string{"none", "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}

var names32 = [...]string{"none", "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi",
	"r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"}

// String is the register's 64-bit Intel name.
func (r R) String() string {
	if int(r) < len(names64) {
		return names64[r]
	}
	return fmt.Sprintf("R(%d)", r)
}

// Name32 is the register's 32-bit Intel name (eax, r8d, ...).
func (r R) Name32() string {
	if int(r) < len(names32) {
		return names32[r]
	}
	return fmt.Sprintf("R(%d)", r)
}

// Y is a 256-bit vector register; instructions on 128-bit operands use its
// low half (the xmm register of the same number).
type Y uint8

// The vector registers.
const (
	Y0 Y = iota
	Y1
	Y2
	Y3
	Y4
	Y5
	Y6
	Y7
	Y8
	Y9
	Y10
	Y11
	Y12
	Y13
	Y14
	Y15
	// Y16-Y31 exist with AVX-512 (AVX512VL for their ymm forms): only the
	// EVEX forms (evex.go) take them.
	Y16
	Y17
	Y18
	Y19
	Y20
	Y21
	Y22
	Y23
	Y24
	Y25
	Y26
	Y27
	Y28
	Y29
	Y30
	Y31
)

// String is the register's Intel name (ymm0..ymm15).
func (y Y) String() string { return fmt.Sprintf("ymm%d", uint8(y)) }

// Cond is the condition of a Jcc (the low nibble of its opcode).
type Cond uint8

// The conditions, named as Intel's Jcc mnemonics.
const (
	CondO  Cond = 0x0
	CondNO Cond = 0x1
	CondB  Cond = 0x2 // unsigned <, carry
	CondAE Cond = 0x3 // unsigned >=, no carry
	CondE  Cond = 0x4 // equal, zero
	CondNE Cond = 0x5 // not equal, not zero
	CondBE Cond = 0x6 // unsigned <=
	CondA  Cond = 0x7 // unsigned >
	CondS  Cond = 0x8 // sign
	CondNS Cond = 0x9
	CondP  Cond = 0xa // parity
	CondNP Cond = 0xb
	CondL  Cond = 0xc // signed <
	CondGE Cond = 0xd // signed >=
	CondLE Cond = 0xe // signed <=
	CondG  Cond = 0xf // signed >
)

// Aliases Intel also spells.
const (
	CondC  = CondB
	CondNC = CondAE
	CondZ  = CondE
	CondNZ = CondNE
)

// Predicates of VCMPPS/VCMPPD (the imm8), the AVX names.
const (
	CmpEQOQ    uint8 = 0x00
	CmpLTOS    uint8 = 0x01
	CmpLEOS    uint8 = 0x02
	CmpUNORDQ  uint8 = 0x03
	CmpNEQUQ   uint8 = 0x04
	CmpNLTUS   uint8 = 0x05
	CmpNLEUS   uint8 = 0x06
	CmpORDQ    uint8 = 0x07
	CmpEQUQ    uint8 = 0x08
	CmpNGEUS   uint8 = 0x09
	CmpNGTUS   uint8 = 0x0a
	CmpFALSEOQ uint8 = 0x0b
	CmpNEQOQ   uint8 = 0x0c
	CmpGEOS    uint8 = 0x0d
	CmpGTOS    uint8 = 0x0e
	CmpTRUEUQ  uint8 = 0x0f
	CmpLTOQ    uint8 = 0x11
	CmpLEOQ    uint8 = 0x12
	CmpGEOQ    uint8 = 0x1d
	CmpGTOQ    uint8 = 0x1e
)

// Rounding controls of VROUNDPS/VROUNDPD (the imm8); RoundNoExc suppresses
// the precision exception.
const (
	RoundNearest uint8 = 0x0
	RoundDown    uint8 = 0x1
	RoundUp      uint8 = 0x2
	RoundTrunc   uint8 = 0x3
	RoundMXCSR   uint8 = 0x4
	RoundNoExc   uint8 = 0x8
)
