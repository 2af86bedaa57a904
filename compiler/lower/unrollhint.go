package lower

import (
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// What a loop's unroll pragma or attribute asks of unrolling (unroll.go).

// unrollHint is what a pragma or attribute asks of the next loop.
type unrollHint struct {
	set   bool
	count int64 // 0: unroll fully; 1: do not unroll; N: by N
}

// parseUnrollPragma reads `#pragma unroll`, `#pragma unroll N`, `#pragma
// unroll(N)`, `#pragma nounroll` and clang's `#pragma clang loop
// unroll(enable|full|disable)` and `unroll_count(N)`; ok is false for any
// other pragma.
func parseUnrollPragma(text string) (h unrollHint, ok bool) {
	f := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(text))
	if len(f) == 0 {
		return h, false
	}
	if len(f) >= 4 && f[0] == "clang" && f[1] == "loop" {
		for i := 2; i+1 < len(f); i += 2 {
			switch {
			case f[i] == "unroll" && f[i+1] == "disable":
				h, ok = unrollHint{set: true, count: 1}, true
			case f[i] == "unroll" && (f[i+1] == "enable" || f[i+1] == "full"):
				h, ok = unrollHint{set: true}, true
			case f[i] == "unroll_count":
				if n, err := strconv.ParseInt(f[i+1], 0, 64); err == nil && n > 0 {
					h, ok = unrollHint{set: true, count: n}, true
				}
			}
		}
		return h, ok
	}
	switch f[0] {
	case "nounroll":
		return unrollHint{set: true, count: 1}, true
	case "unroll":
		h.set = true
		if len(f) > 1 {
			n, err := strconv.ParseInt(f[1], 0, 64)
			if err == nil && n > 0 {
				h.count = n
			}
		}
		return h, true
	}
	return h, false
}

// loopAttrHint is the hint of a loop's opencl_unroll_hint attribute.
func (fs *fnState) loopAttrHint(attrs []*syntax.Attr) unrollHint {
	for _, a := range attrs {
		if a.Name != "opencl_unroll_hint" {
			continue
		}
		if len(a.Args) == 0 {
			return unrollHint{set: true}
		}
		if e, ok := a.Args[0].(syntax.Expr); ok {
			if tv := fs.info.Types[e]; tv.Value.Kind == types.IntConst && tv.Value.Int > 0 {
				return unrollHint{set: true, count: tv.Value.Int}
			}
		}
	}
	return unrollHint{}
}

// limits returns the most trips and the most trips × body size a loop
// with hint h may unroll to.
func (h unrollHint) limits() (trips, budget int64) {
	switch {
	case !h.set:
		return unrollMaxTrips, unrollBudget
	case h.count == 1:
		return 0, 0
	case h.count == 0:
		return unrollHintMaxTrips, unrollHintBudget
	}
	return max(unrollMaxTrips, min(h.count, unrollHintMaxTrips)), unrollHintBudget
}
