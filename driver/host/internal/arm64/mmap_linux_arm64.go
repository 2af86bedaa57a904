//go:build linux && arm64 && !purego

package arm64

import (
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/execmem"
)

// Alloc copies code into fresh executable memory (package execmem: never
// writable and executable at once), then cleans the data cache and
// invalidates the instruction cache over the code (DC CVAU, IC IVAU, DSB,
// ISB: A64 does not keep them coherent, and mprotect does not promise
// to). Where the OS refuses it returns an error, and the caller falls
// back to a portable tier.
func Alloc(code []byte) (*Code, error) {
	c, err := execmem.Map(code)
	if err != nil {
		return nil, fmt.Errorf("arm64.Alloc: %w", err)
	}
	syncCaches(c.Addr(), c.Addr()+uintptr(c.Len()))
	return c, nil
}
