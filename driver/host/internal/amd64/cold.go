package amd64

// Cold sections: code emitted between BeginCold and EndCold is taken out
// of the straight line and placed after all other code (by Finish,
// before the constant pool), so that the code around it runs without a
// jump over it. A generator emits a rarely taken path where its state
// (register assignment, what is cached) is known, in program order, and
// the hot path falls through from the code before the section to the
// code after it. Every position-dependent field is a fixup (rel32 jumps,
// RIP-relative operands), so a section moves as a block: its fixups and
// the labels bound in it are shifted when Finish places it.

// coldSection is one section taken out of the straight line.
type coldSection struct {
	code   []byte
	fixups []fixup // pos relative to the section's start
	labels []Label // bound in the section
	at     []int   // their offsets in the section
}

// coldState is the Assembler's bookkeeping of cold sections.
type coldState struct {
	depth    int // nesting of BeginCold; only the outermost counts
	mark     int // start of the open section in buf
	fixMark  int // first fixup of the open section
	bound    []Label
	sections []coldSection
	// boundPos and boundHere: the labels bound at boundPos since it was
	// last the end of the code (BindAfterJump moves them with the end).
	boundPos  int
	boundHere []Label
}

// BeginCold starts a cold section (nested calls join the outer one).
func (a *Assembler) BeginCold() {
	c := &a.cold
	c.depth++
	if c.depth > 1 {
		return
	}
	c.mark, c.fixMark, c.bound = len(a.buf), len(a.fixups), c.bound[:0]
	c.boundPos, c.boundHere = -1, c.boundHere[:0]
}

// EndCold ends the section BeginCold started: its code leaves the
// straight line, which goes on where the section began.
func (a *Assembler) EndCold() {
	c := &a.cold
	if c.depth == 0 {
		a.errorf("EndCold without BeginCold")
		return
	}
	c.depth--
	if c.depth > 0 {
		return
	}
	s := coldSection{code: append([]byte(nil), a.buf[c.mark:]...)}
	for _, f := range a.fixups[c.fixMark:] {
		f.pos -= c.mark
		s.fixups = append(s.fixups, f)
	}
	for _, l := range c.bound {
		s.labels = append(s.labels, l)
		s.at = append(s.at, a.labels[l]-c.mark)
		a.labels[l] = -1 // placed by Finish
	}
	c.sections = append(c.sections, s)
	a.buf, a.fixups = a.buf[:c.mark], a.fixups[:c.fixMark]
	c.boundPos, c.boundHere = -1, c.boundHere[:0]
}

// noteBind records label l bound at the end of the code (Bind).
func (a *Assembler) noteBind(l Label) {
	c := &a.cold
	if c.depth > 0 {
		c.bound = append(c.bound, l)
	}
	if c.boundPos != len(a.buf) {
		c.boundPos, c.boundHere = len(a.buf), c.boundHere[:0]
	}
	c.boundHere = append(c.boundHere, l)
}

// BindAfterJump binds l at the end of the code as Bind does, first
// removing the JMPs to l that are the last instructions (a fast path's
// jump past a general path that a cold section took away; an Exit's
// jump to the step to the next chunk).
func (a *Assembler) BindAfterJump(l Label) {
	for a.dropJumpTo(l) {
	}
	a.Bind(l)
}

// dropJumpTo removes the last instruction if it is a JMP to l (not one
// before the open cold section), and reports whether it did.
func (a *Assembler) dropJumpTo(l Label) bool {
	c := &a.cold
	n := len(a.buf)
	floor, k := 0, len(a.fixups)-1
	if c.depth > 0 {
		floor = c.mark
	}
	if k < 0 || n-5 < floor || a.buf[n-5] != 0xe9 || (c.depth > 0 && k < c.fixMark) {
		return false
	}
	if f := a.fixups[k]; f.pos != n-4 || f.tail != 0 || f.disp != 0 || f.label != l {
		return false
	}
	a.buf, a.fixups = a.buf[:n-5], a.fixups[:k]
	if c.boundPos == n {
		// Labels bound after the JMP move back with the end: a jump
		// to them went on to l.
		for _, b := range c.boundHere {
			a.labels[b] = n - 5
		}
		c.boundPos = n - 5
	}
	return true
}

// placeCold appends the cold sections to the code (Finish).
func (a *Assembler) placeCold() {
	c := &a.cold
	if c.depth != 0 {
		a.errorf("BeginCold without EndCold")
		return
	}
	for _, s := range c.sections {
		base := len(a.buf)
		a.buf = append(a.buf, s.code...)
		for _, f := range s.fixups {
			f.pos += base
			a.fixups = append(a.fixups, f)
		}
		for i, l := range s.labels {
			a.labels[l] = base + s.at[i]
		}
	}
	c.sections = nil
}
