//go:build !((linux || darwin) && amd64 && !purego)

package amd64

import (
	"fmt"
	"runtime"
)

// Alloc reports that this platform cannot run generated x86-64 code.
func Alloc(code []byte) (*Code, error) {
	return nil, fmt.Errorf("amd64.Alloc: no executable memory for x86-64 code on %s/%s", runtime.GOOS, runtime.GOARCH)
}
