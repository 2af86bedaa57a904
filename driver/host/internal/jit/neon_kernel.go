package jit

import (
	"fmt"
	"runtime"

	"github.com/clgo/clgo/driver/host/internal/arm64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// useNEON: Compile generates A64 code (neon.go) rather than x86-64 code.
var useNEON = runtime.GOARCH == "arm64"

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
	k.setup()
	return k, nil
}

// NEON reports whether k is A64 code.
func (k *Kernel) NEON() bool { return k.neon }
