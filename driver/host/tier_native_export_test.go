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
	dk := k.(*kernel)
	dk.mu.Lock()
	defer dk.mu.Unlock()
	for _, pk := range dk.cache {
		return pk.OnNative()
	}
	return false
}
