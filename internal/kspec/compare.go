package kspec

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Diff is one differing element.
type Diff struct {
	Index     uint64 // element index
	Component int    // first differing component (0 for scalars)
	Want, Got string // the component values, formatted
}

// Result is the comparison of one buffer.
type Result struct {
	Arg        int // argument index
	Type       Type
	Elements   uint64
	Mismatches uint64
	First      []Diff // the first differences, at most MaxDiffs
	OK         bool   // Mismatches within the spec's allowed fraction
	MaxRel     float64
}

// MaxDiffs bounds Result.First.
const MaxDiffs = 8

func (r *Result) String() string {
	if r.Mismatches == 0 {
		return fmt.Sprintf("arg %d (%s[%d]): equal", r.Arg, r.Type, r.Elements)
	}
	var b strings.Builder
	verdict := "MISMATCH"
	if r.OK {
		verdict = "within mismatch allowance"
	}
	fmt.Fprintf(&b, "arg %d (%s[%d]): %d of %d elements differ (%s)", r.Arg, r.Type, r.Elements,
		r.Mismatches, r.Elements, verdict)
	for _, d := range r.First {
		idx := strconv.FormatUint(d.Index, 10)
		if r.Type.Width > 1 {
			idx += "." + "xyzw"[d.Component%4:d.Component%4+1]
			if r.Type.Width > 4 {
				idx = fmt.Sprintf("%d.s%x", d.Index, d.Component)
			}
		}
		fmt.Fprintf(&b, "\n  [%s] want %s, got %s", idx, d.Want, d.Got)
	}
	return b.String()
}

// Compare compares argument i's buffer: want (the reference) with got,
// under the spec's tolerance and mismatch fraction. Integers compare exactly;
// a float component passes when |a-b| <= R*max(1,|a|,|b|), and NaN matches
// only NaN. Padding of 3-component vectors is ignored. The channels of an
// image of a normalized type pass within 1 of each other.
func (s *Spec) Compare(i int, want, got []byte) *Result {
	a := &s.Args[i]
	t := a.Type
	r := &Result{Arg: i, Type: t, Elements: a.N}
	es, slots := uint64(t.ElemSize()), t.Slots()
	if uint64(len(want)) < a.N*es || uint64(len(got)) < a.N*es {
		r.Mismatches = a.N
		r.First = []Diff{{Want: fmt.Sprintf("%d bytes", len(want)), Got: fmt.Sprintf("%d bytes", len(got))}}
		return r
	}
	for e := range a.N {
		for c := range t.Width {
			off := (int(e)*slots + c) * t.Size
			x, y := getSlot(want[off:], t.Size), getSlot(got[off:], t.Size)
			if x == y {
				continue
			}
			if a.Image != nil && a.Image.Normalized && intDistance(t, x, y) <= 1 {
				continue
			}
			if t.Kind == Float {
				fx, fy := toFloat(t, x), toFloat(t, y)
				if ok, rel := closeEnough(fx, fy, s.Tolerance); ok {
					r.MaxRel = max(r.MaxRel, rel)
					continue
				}
			}
			r.Mismatches++
			if len(r.First) < MaxDiffs {
				r.First = append(r.First, Diff{Index: e, Component: c, Want: format(t, x), Got: format(t, y)})
			}
			break
		}
	}
	r.OK = float64(r.Mismatches) <= s.Mismatch*float64(a.N)
	return r
}

// intDistance is |x-y| of two integers of type t's scalar.
func intDistance(t Type, x, y uint64) uint64 {
	shift := 64 - 8*t.Size
	if t.Kind == Signed {
		a, b := int64(x<<shift)>>shift, int64(y<<shift)>>shift
		if a > b {
			return uint64(a - b)
		}
		return uint64(b - a)
	}
	a, b := x<<shift>>shift, y<<shift>>shift
	if a > b {
		return a - b
	}
	return b - a
}

func closeEnough(a, b, tol float64) (bool, float64) {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b), 0
	}
	if a == b {
		return true, 0
	}
	d := math.Abs(a - b)
	if math.IsInf(d, 0) || math.IsNaN(d) {
		return false, math.Inf(1)
	}
	rel := d / max(1, math.Abs(a), math.Abs(b))
	return rel <= tol, rel
}

func toFloat(t Type, bits uint64) float64 {
	switch t.Size {
	case 2:
		return float64(Float16To32(uint16(bits)))
	case 4:
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

func format(t Type, bits uint64) string {
	switch t.Kind {
	case Float:
		return strconv.FormatFloat(toFloat(t, bits), 'g', -1, 64)
	case Signed:
		shift := 64 - 8*t.Size
		return strconv.FormatInt(int64(bits<<shift)>>shift, 10)
	}
	return strconv.FormatUint(bits, 10)
}

// GlobalCount is the number of work-items of the spec.
func (s *Spec) GlobalCount() uint64 {
	n := uint64(1)
	for _, g := range s.Global {
		n *= g
	}
	return n
}

// Format shows the first n elements of a buffer of type t ("1.5 2 3",
// vectors as "(1,2,3,4)").
func Format(t Type, b []byte, n int) string {
	var parts []string
	es, slots := t.ElemSize(), t.Slots()
	for e := 0; e < n && (e+1)*es <= len(b); e++ {
		var comps []string
		for c := range t.Width {
			comps = append(comps, format(t, getSlot(b[(e*slots+c)*t.Size:], t.Size)))
		}
		if t.Width == 1 {
			parts = append(parts, comps[0])
		} else {
			parts = append(parts, "("+strings.Join(comps, ",")+")")
		}
	}
	return strings.Join(parts, " ")
}
