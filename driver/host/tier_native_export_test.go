package host

import (
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/jit"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// NativeError is why the native tier cannot run entry of module code with
// the specialization constants spec (nil: it can).
func NativeError(code []byte, entry string, spec map[uint32]uint64) error {
	m, err := Decode(code)
	if err != nil {
		return err
	}
	p, err := lanes.Build(m.x, entry, spec, nativeChunk)
	if err != nil {
		return err
	}
	_, err = jit.Compile(p)
	return err
}

// OnNative reports whether a prepared kernel runs native code.
func (k *Kernel) OnNative() bool { return k.tier != nil && k.tier.native }

// NativeOf reports whether a driver kernel's prepared kernel runs native
// code.
func NativeOf(k driver.Kernel) bool {
	for _, pk := range k.(*kernel).preparedKernels() {
		return pk.OnNative()
	}
	return false
}

// NativeCode is the lane program (chunks of nativeChunk) of entry as
// text, with its native code and each op's code offset (a profiling aid).
func NativeCode(code []byte, entry string, spec map[uint32]uint64) (string, []byte, []int, error) {
	m, err := Decode(code)
	if err != nil {
		return "", nil, nil, err
	}
	p, err := lanes.Build(m.x, entry, spec, nativeChunk)
	if err != nil {
		return "", nil, nil, err
	}
	k, err := jit.Compile(p)
	if err != nil {
		return "", nil, nil, err
	}
	b, starts := k.Code()
	return p.String(), b, starts, nil
}

// NEONSurvey builds entry's lane program for native code and generates
// its A64 (NEON) code without running it: the program's ops, which of
// them are call-outs, and the code.
func NEONSurvey(code []byte, entry string, spec map[uint32]uint64) (ops []lanes.Op, calls []bool, a64 []byte, err error) {
	m, err := Decode(code)
	if err != nil {
		return nil, nil, nil, err
	}
	p, err := lanes.Build(m.x, entry, spec, nativeChunk)
	if err != nil {
		return nil, nil, nil, err
	}
	m.markPODRegions(p, entry)
	a64, calls, err = jit.NEONCode(p)
	return p.Ops, calls, a64, err
}
