package host

import (
	"fmt"
	"github.com/clgo/clgo/internal/config"
	"os"
	"strings"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

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

// TierOf reports, for a driver kernel dispatched at least once, whether
// its prepared kernels run native code, and why not.
func TierOf(k driver.Kernel) (bool, error) {
	for _, pk := range k.(*kernel).preparedKernels() {
		return pk.tier.native, pk.tier.nativeErr
	}
	return false, nil
}

// preparedKernels lists what the program has prepared for k's entry
// point on the tier CLGO_HOST_TIER now names.
func (k *kernel) preparedKernels() []*Kernel {
	k.p.mu.Lock()
	defer k.p.mu.Unlock()
	var out []*Kernel
	for key, pk := range k.p.prepared {
		if strings.HasPrefix(key, k.refl.Name+"\x00") && strings.HasSuffix(key, "\x00"+config.Get(config.HostTier)) {
			out = append(out, pk)
		}
	}
	return out
}

// TierStats describes the lane program of entry: ops by code, frame size.
func TierStats(code []byte, entry string, spec map[uint32]uint64) (string, error) {
	m, err := Decode(code)
	if err != nil {
		return "", err
	}
	p, err := lanes.Build(m.x, entry, spec, laneChunk)
	if err != nil {
		return "", err
	}
	count := map[lanes.Code]int{}
	uni := 0
	for _, o := range p.Ops {
		count[o.Code]++
		if o.Dst != lanes.NoValue && p.Values[o.Dst].Shape == lanes.Uniform {
			uni++
		}
	}
	s := fmt.Sprintf("%d ops (%d uniform results), %d values, frame %d bytes, %d regions\n", len(p.Ops), uni, len(p.Values), p.FrameSize, len(p.Regions))
	for c, n := range count {
		s += fmt.Sprintf("  %s %d\n", c, n)
	}
	if os.Getenv("TIER_DUMP") != "" {
		s += p.String()
	}
	return s, nil
}

// SetLaneChunk sets the lanes of the Go executor's chunks for later
// Prepares and returns the previous value.
func SetLaneChunk(n int) int {
	old := laneChunk
	laneChunk = n
	return old
}
