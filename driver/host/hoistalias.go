package host

import "sync"

// Hoisting loads of a buffer the kernel never writes (hoist.go) assumes
// that no other binding writes the same memory. OpenCL lets a program pass
// one cl_mem as two arguments, one of them written (`out` and `const in`),
// and C gives such a kernel a defined result, which hoisted loads would
// miss (they read the value before the dispatch's stores). So a kernel that
// hoists loads of a buffer and writes another one checks each dispatch:
// where a read binding's memory overlaps a written binding's, the dispatch
// runs on the same kernel prepared without hoisting.

// aliasGuard holds what the check needs and the kernel without hoisting,
// made on first use.
type aliasGuard struct {
	reads, writes [][2]int // {set, binding} of hoisted-from and written buffers
	make          func() (*Kernel, error)
	once          sync.Once
	plain         *Kernel
	err           error
}

// guardAliases sets p.k.aliases where the kernel hoists loads of a buffer
// and writes a buffer.
func (p *prep) guardAliases(entry string, spec map[uint32]uint64, batch int) {
	if len(p.hoistedBuf) == 0 {
		return
	}
	g := &aliasGuard{}
	for r := range p.k.regions {
		rg := &p.k.regions[r]
		if rg.kind != regionBuffer {
			continue
		}
		key := [2]int{rg.set, rg.binding}
		if p.written[r] || p.writtenAll {
			g.writes = append(g.writes, key)
		} else if p.hoistedBuf[r] {
			g.reads = append(g.reads, key)
		}
	}
	if len(g.reads) == 0 || len(g.writes) == 0 {
		return
	}
	m, off := p.m, p.off|1<<optHoist
	g.make = func() (*Kernel, error) {
		k, _, err := m.prepareOff(entry, spec, batch, nil, off)
		return k, err
	}
	p.k.aliases = g
}

// forAliases returns the kernel that runs d: k, or k without hoisting
// where d binds a hoisted-from buffer to memory a written one reaches.
func (k *Kernel) forAliases(d *Dispatch) *Kernel {
	g := k.aliases
	if g == nil || !g.overlap(d) {
		return k
	}
	g.once.Do(func() { g.plain, g.err = g.make() })
	if g.err != nil {
		// Prepared once already with hoisting; without it the same
		// kernel fails only on memory: keep the hoisted one.
		return k
	}
	return g.plain
}

// overlap reports whether a read binding's memory and a written binding's
// share a byte in d.
func (g *aliasGuard) overlap(d *Dispatch) bool {
	data := func(key [2]int) []byte {
		for _, r := range d.Resources {
			if r.Set == key[0] && r.Binding == key[1] && len(r.Data) > 0 {
				return r.Data
			}
		}
		return nil
	}
	for _, rk := range g.reads {
		rd := data(rk)
		if rd == nil {
			continue
		}
		for _, wk := range g.writes {
			if wd := data(wk); wd != nil && overlap(rd, wd) {
				return true
			}
		}
	}
	return false
}
