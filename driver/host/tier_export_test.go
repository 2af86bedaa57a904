package host

import "github.com/clgo/clgo/driver/host/internal/lanes"

// TierError is why the lane tier cannot run entry of module code with
// the specialization constants spec (nil: it can).
func TierError(code []byte, entry string, spec map[uint32]uint64) error {
	m, err := Decode(code)
	if err != nil {
		return err
	}
	_, err = lanes.Build(m.x, entry, spec, laneChunk)
	return err
}

// OnTier reports whether a prepared kernel runs on a tier other than
// the interpreter.
func (k *Kernel) OnTier() bool { return k.tier != nil }
