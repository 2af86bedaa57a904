//go:build !(linux || darwin)

package execmem

import (
	"fmt"
	"runtime"
)

// Map reports that this platform has no executable memory for clgo.
func Map(code []byte) (*Code, error) {
	return nil, fmt.Errorf("no executable memory on %s", runtime.GOOS)
}

func unmap([]byte) error { return nil }

func addrOf([]byte) uintptr { return 0 }
