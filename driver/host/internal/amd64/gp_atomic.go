package amd64

// Atomic read-modify-write, division and bit-count instructions: what
// per-lane scalar fallbacks of the native tier need (OpenCL atomics on
// buffers, integer division, clz/ctz/popcount).

// LOCK emits the lock prefix: the next instruction (XADD, CMPXCHG, or an
// ADD/AND/OR/XOR/SUB to memory) becomes atomic.
func (a *Assembler) LOCK() { a.byte1(0xf0) }

// XADDLmem is xadd dword ptr m, src: src gets the old value, m the sum
// (with LOCK: atomic_add).
func (a *Assembler) XADDLmem(m Mem, src R) {
	a.legacy(false, []byte{0x0f, 0xc1}, a.gnum(src), mem(m), 0)
}

// XADDQmem is xadd qword ptr m, src.
func (a *Assembler) XADDQmem(m Mem, src R) {
	a.legacy(true, []byte{0x0f, 0xc1}, a.gnum(src), mem(m), 0)
}

// CMPXCHGLmem is cmpxchg dword ptr m, src: if eax == m then m = src
// (ZF=1), else eax = m (ZF=0).
func (a *Assembler) CMPXCHGLmem(m Mem, src R) {
	a.legacy(false, []byte{0x0f, 0xb1}, a.gnum(src), mem(m), 0)
}

// CMPXCHGQmem is cmpxchg qword ptr m, src (with rax).
func (a *Assembler) CMPXCHGQmem(m Mem, src R) {
	a.legacy(true, []byte{0x0f, 0xb1}, a.gnum(src), mem(m), 0)
}

// XCHGLmem is xchg dword ptr m, r (always atomic: no LOCK needed).
func (a *Assembler) XCHGLmem(m Mem, r R) { a.legacy(false, []byte{0x87}, a.gnum(r), mem(m), 0) }

// XCHGQmem is xchg qword ptr m, r.
func (a *Assembler) XCHGQmem(m Mem, r R) { a.legacy(true, []byte{0x87}, a.gnum(r), mem(m), 0) }

// ADDLstore is add dword ptr m, src.
func (a *Assembler) ADDLstore(m Mem, src R) { a.aluStore(aluADD, false, m, src) }

// SUBLstore is sub dword ptr m, src.
func (a *Assembler) SUBLstore(m Mem, src R) { a.aluStore(aluSUB, false, m, src) }

// CQO is cqo: rdx = the sign of rax (before IDIVQ).
func (a *Assembler) CQO() { a.buf = append(a.buf, 0x48, 0x99) }

// DIVQ is div src: rax = rdx:rax / src, rdx = remainder (unsigned).
func (a *Assembler) DIVQ(src R) { a.legacy(true, []byte{0xf7}, 6, a.gr(src), 0) }

// IDIVQ is idiv src (signed).
func (a *Assembler) IDIVQ(src R) { a.legacy(true, []byte{0xf7}, 7, a.gr(src), 0) }

// f3op emits an F3-prefixed 0F opcode (POPCNT, LZCNT, TZCNT); the F3
// comes before REX.
func (a *Assembler) f3op(w bool, op byte, dst, src R) {
	a.byte1(0xf3)
	a.legacy(w, []byte{0x0f, op}, a.gnum(dst), a.gr(src), 0)
}

// LZCNTL is lzcnt dst32, src32 (32 for 0; on a CPU without LZCNT the same
// bytes run as BSR, so check HasLZCNT).
func (a *Assembler) LZCNTL(dst, src R) { a.f3op(false, 0xbd, dst, src) }

// LZCNTQ is lzcnt dst, src.
func (a *Assembler) LZCNTQ(dst, src R) { a.f3op(true, 0xbd, dst, src) }

// TZCNTL is tzcnt dst32, src32 (32 for 0; BSF on CPUs without BMI1).
func (a *Assembler) TZCNTL(dst, src R) { a.f3op(false, 0xbc, dst, src) }
