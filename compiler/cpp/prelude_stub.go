//go:build genprelude

package cpp

// Without the generated table (the build go generate runs), no run has
// prelude macros.

const preludeCommon = 0

var preludeTable [0]macro

func preludeIndex(string) int { return -1 }
