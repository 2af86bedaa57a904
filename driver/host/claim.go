package host

import (
	"sync/atomic"
)

// How the workers of a dispatch share its work-groups (docs/hosttier.md,
// s17-stream). The work-groups, numbered
// in the order the NDRange lists them (x fastest), are cut into one
// contiguous span per worker. A worker claims chunks of consecutive
// groups from the front of its own span, so that what it reads and
// writes is a few long streams through memory (which the hardware's
// prefetchers follow, and which the jit's prefetch of the next group
// expects) instead of every other chunk of each stream, and so that its
// claims touch a counter no other worker writes until the end. A worker
// whose span is done helps the others, claiming from the front of the
// next span that has groups left: the ends still balance a chunk at a
// time, whatever a group costs and whichever worker the machine's other
// load slows.
//
// The one shared counter this replaces bounced its cache line between
// the workers on every claim, and interleaved the workers chunk by chunk
// (8 groups of 256 items: 8 KB of each of triad's streams).

// claimSpan is one worker's span of groups and the counter of those
// claimed, on a cache line of its own.
type claimSpan struct {
	next atomic.Int64 // the first group not yet claimed
	end  int64        // one past the span's last group
	_    [48]byte
}

// claimSplit turns the spans on; a test hook compares them with the one
// shared counter they replace (stream_bench_test.go).
var claimSplit = true

// groupClaims hands out the groups of one dispatch.
type groupClaims struct {
	spans []claimSpan
	chunk int64
}

// reset cuts total groups into nw spans claimed chunk groups at a time,
// reusing the spans of an earlier dispatch.
func (c *groupClaims) reset(total, nw, chunk int) {
	if !claimSplit {
		nw = 1
	}
	if cap(c.spans) < nw {
		c.spans = make([]claimSpan, nw)
	}
	c.spans = c.spans[:nw]
	c.chunk = int64(chunk)
	// Spans end on multiples of the chunk (the last takes the rest), so a
	// worker's claims are whole chunks until its span's end.
	per := (int64(total) + int64(nw) - 1) / int64(nw)
	per = (per + c.chunk - 1) / c.chunk * c.chunk
	lo := int64(0)
	for i := range c.spans {
		s := &c.spans[i]
		hi := min(lo+per, int64(total))
		s.next.Store(lo)
		s.end = hi
		lo = hi
	}
}

// claim returns the next groups [lo, hi) for worker w, whose current
// span is *at (initially w); ok is false when no group is left.
func (c *groupClaims) claim(at *int) (lo, hi int, ok bool) {
	n := len(c.spans)
	for range n {
		s := &c.spans[*at%n]
		if s.next.Load() < s.end {
			g := s.next.Add(c.chunk) - c.chunk
			if g < s.end {
				return int(g), int(min(g+c.chunk, s.end)), true
			}
		}
		*at = (*at + 1) % n
	}
	return 0, 0, false
}

// groupAt is the work-group (x, y, z) of linear index n in a grid of gx
// by gy by any groups.
func groupAt(n, gx, gy int) [3]int {
	return [3]int{n % gx, n / gx % gy, n / (gx * gy)}
}
