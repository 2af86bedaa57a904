//go:build (linux || darwin) && amd64 && !purego

package amd64

import (
	"fmt"

	"github.com/clgo/clgo/driver/host/internal/execmem"
)

// Alloc copies code into fresh executable memory (package execmem: never
// writable and executable at once). Where the OS refuses (SELinux
// execmem, a hardened runtime without MAP_JIT) it returns an error, and
// the caller falls back to a portable tier.
func Alloc(code []byte) (*Code, error) {
	c, err := execmem.Map(code)
	if err != nil {
		return nil, fmt.Errorf("amd64.Alloc: %w", err)
	}
	return c, nil
}
