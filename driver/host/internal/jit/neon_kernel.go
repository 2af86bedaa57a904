package jit

import (
	"fmt"
	"runtime"

	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// useNEON: Compile generates A64 code (neon.go) rather than x86-64 code.
var useNEON = runtime.GOARCH == "arm64"

// Available reports whether Compile makes code this machine runs:
// x86-64 with AVX2 and FMA, or arm64 Linux (NEON is part of ARMv8-A).
func Available() bool {
	if useNEON {
		return runtime.GOOS == "linux"
	}
	return amd64.HasAVX2FMA()
}

// compileNEON is Compile on arm64.
func compileNEON(p *lanes.Program) (*Kernel, error) {
	g, code, err := generateNEON(p)
	if err != nil {
		return nil, err
	}
	c, err := arm64.Alloc(code)
	if err != nil {
		return nil, fmt.Errorf("jit: %v: %w", err, lanes.ErrUnsupported)
	}
	k := &Kernel{p: p, code: c, neon: true, frameSize: g.lay.frameSize, privOff: g.lay.privOff, privStr: g.lay.privStride,
		inter: g.lay.inter, resumeOff: g.lay.resumeOff, bodyOff: g.bodyOff, opStart: g.opStart, bytes: code,
		nCalls: g.nCalls, calls: g.calls}
	if g.syncs {
		// Where each Barrier or SubgroupSync resumes and where an ended
		// chunk's resume point leads (subgroup.go reads the frames).
		k.syncs = true
		k.doneOff = g.a.LabelOffset(g.nextChunk)
		k.sgHeldOff = k.doneOff
		k.stopOffs = make([]int, len(g.resumes))
		for i, l := range g.resumes {
			k.stopOffs[i] = g.a.LabelOffset(l)
		}
	}
	k.setup()
	return k, nil
}

// NEON reports whether k is A64 code.
func (k *Kernel) NEON() bool { return k.neon }

// NEONCode generates the A64 code of p without running it, on any host
// (for surveys of what NEON code covers and for checks of its
// encodings): the code, and which ops are call-outs.
func NEONCode(p *lanes.Program) (code []byte, calls []bool, err error) {
	g, code, err := generateNEON(p)
	if err != nil {
		return nil, nil, err
	}
	return code, g.calls, nil
}
