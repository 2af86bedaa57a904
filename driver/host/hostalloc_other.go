//go:build !linux

package host

// newHostBytes returns size zeroed bytes for a buffer (hostalloc_linux.go
// places large ones on huge pages).
func newHostBytes(size uint64) []byte { return make([]byte, size) }
