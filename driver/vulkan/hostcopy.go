package vulkan

import (
	"runtime"
	"sync"
)

// copyPiece is the least a goroutine of copyParallel copies: below it
// starting goroutines costs more than it saves.
const copyPiece = 2 << 20

// copyParallel copies src into dst (as copy does) on several cores when
// it is large. One core's memmove moves about 10 GB/s, less than a PCIe 5
// link carries: staged transfers spend their time in these copies (into
// the staging ring for writes, out of it for reads) unless several cores
// share them.
func copyParallel(dst, src []byte) {
	n := min(len(dst), len(src))
	w := min(runtime.GOMAXPROCS(0), 8, n/copyPiece)
	if w <= 1 {
		copy(dst, src)
		return
	}
	per := (n/w + 63) &^ 63
	var wg sync.WaitGroup
	for lo := per; lo < n; lo += per {
		hi := min(lo+per, n)
		wg.Go(func() { copy(dst[lo:hi], src[lo:hi]) })
	}
	copy(dst[:per], src[:per])
	wg.Wait()
}
