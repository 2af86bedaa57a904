//go:build !(linux && arm64 && !purego)

package arm64

import (
	"fmt"
	"runtime"
)

// Alloc reports that this platform cannot run generated A64 code.
func Alloc(code []byte) (*Code, error) {
	return nil, fmt.Errorf("arm64.Alloc: no executable memory for A64 code on %s/%s", runtime.GOOS, runtime.GOARCH)
}
