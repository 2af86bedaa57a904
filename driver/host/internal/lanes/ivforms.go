package lanes

// Forms of values written by more than one op (induction variables,
// pointer bumps, phis): assumed from their first deciding write, then
// checked against every write (affine.go's comment on Forms says why a
// checked assumption is sound).

// maxAssumeRounds bounds the rounds of assume, check and drop; past it
// no multi-def value keeps an assumption (the single-def analysis),
// so Forms stays a few passes over the program.
const maxAssumeRounds = 8

// multiDefCandidates marks (true) the values written more than once that
// Forms never assumes a form of: masks (block masks are accumulated by
// MaskOr from an empty start; a Mask's Stride 0 does not promise equal
// lanes, LiveLanes of a partial chunk being one) and constants.
func multiDefCandidates(p *Program, defs []int32) []bool {
	dropped := make([]bool, len(p.Values))
	for v, vi := range p.Values {
		if defs[v] > 1 && (vi.Kind == Mask || vi.Const) {
			dropped[v] = true
		}
	}
	return dropped
}

// defForm is the form op o gives its result; multi: o is one of
// several writes of it, so a Select blends into the register's old
// lanes and gives a form only whole (selectForm), not lane by lane.
func defForm(p *Program, f []Form, o *Op, multi bool) (Form, bool) {
	if multi && o.Code == Select {
		return selectForm(p, f, o)
	}
	return formOf(p, f, o)
}

// selectForm: Select(A, B, C) takes B in every lane where mask A is Full,
// and the whole of B or the whole of C where A is Uniform (then B and C
// must have one form). A partial mask mixes two vectors lane by lane,
// which keeps no form (two affine vectors of one stride with different
// lane 0s, or two different vectors of equal lanes, mixed per lane are
// neither).
func selectForm(p *Program, f []Form, o *Op) (Form, bool) {
	if m := f[o.A]; m.Known && m.Full {
		b := f[o.B]
		return b, b.Known
	}
	if p.Values[o.A].Shape == Uniform {
		b, c := f[o.B], f[o.C]
		if b.Known && b == c {
			return b, true
		}
	}
	return Form{}, false
}

// dropFailed checks every write of every multi-def value assumed a form
// (f): each must give exactly that form under f. It drops the values
// with a write that does not and reports whether any was dropped that f
// relied on (then every form is computed again). A value no write
// decided was not relied on; it is dropped without another round.
func dropFailed(p *Program, f []Form, defs []int32, dropped []bool) bool {
	again := false
	for i := range p.Ops {
		o := &p.Ops[i]
		v := o.Dst
		if v == NoValue || defs[v] < 2 || dropped[v] || p.Values[v].Shape == Uniform {
			continue
		}
		if !f[v].Known {
			dropped[v] = true
			continue
		}
		if r, ok := defForm(p, f, o, true); !ok || r != f[v] {
			dropped[v] = true
			again = true
		}
	}
	return again
}
