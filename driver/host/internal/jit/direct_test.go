package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestDirectChains runs random straight-line chains of the integer ops
// compiled in the register cache (direct.go): 32- and 64-bit, Varying
// and Uniform operands, constant operands (shift counts at and past the
// width among them), values rewritten by ops that read them, and more
// live values than cache registers, so that victims are chosen, spilled
// and reloaded; then every value is stored. A forward jump over part of
// the chain (taken or not by the mask in buffer 0) joins the cache at a
// label. Rotates (two shifts and an OR, XOR or ADD) by whole bytes are
// fused into byte shuffles (rotate.go). Against the Go executor, bit
// for bit.
func TestDirectChains(t *testing.T) {
	needNative(t)
	codes := []lanes.Code{lanes.Add, lanes.Sub, lanes.And, lanes.Or, lanes.Xor, lanes.Not,
		lanes.Shl, lanes.ShrU, lanes.ShrS, lanes.Mul, lanes.Copy}
	shifts := []uint64{0, 1, 7, 8, 16, 24, 31, 32, 33, 40, 56, 63, 64, 65, 1 << 32, 1<<64 - 1}
	fused := 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		b := newProg(8)
		for range 4 {
			b.region(lanes.RegionBuffer, 0)
		}
		b.p.Labels = 1
		live, li := b.laneIDs()
		zero := b.konst(lanes.I32, 0)
		var vals [2][]lanes.Value // by kind: I32, I64
		// Inputs: lane l's words from buffer 1 (32-bit) and 2 (64-bit),
		// Uniform ones from their start.
		for ki, k := range []lanes.Kind{lanes.I32, lanes.I64} {
			for j := range 4 {
				sh := lanes.Varying
				off := b.value(lanes.I32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, uint64(j*8*k.Bytes())), B: li, C: nv, M: nv, Imm: int64(k.Bytes())})
				if j == 3 {
					sh, off = lanes.Uniform, b.konst(lanes.I32, uint64(j*8*k.Bytes()))
				}
				v := b.value(k, sh)
				b.op(lanes.Op{Code: lanes.Load, Kind: k, Dst: v, A: off, B: nv, C: nv, M: live, Imm: int64(1 + ki), Imm2: int64(k.Bytes())})
				vals[ki] = append(vals[ki], v)
			}
		}
		off0 := b.value(lanes.I32, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off0, A: zero, B: li, C: nv, M: nv, Imm: 4})
		m := b.value(lanes.Mask, lanes.Varying)
		b.op(lanes.Op{Code: lanes.Load, Kind: lanes.Mask, Dst: m, A: off0, B: nv, C: nv, M: live, Imm: 0, Imm2: 4})
		operand := func(ki int) lanes.Value {
			k := []lanes.Kind{lanes.I32, lanes.I64}[ki]
			if rng.IntN(5) == 0 {
				bits := rng.Uint64()
				if ki == 0 {
					bits &= 1<<32 - 1
				}
				return b.konst(k, bits)
			}
			return vals[ki][rng.IntN(len(vals[ki]))]
		}
		nops := 50 + rng.IntN(40)
		jumpAt, labelAt := nops/3, 2*nops/3
		// rotate emits x >> n | x << (w-n) (or the left rotate; or
		// combined by XOR or ADD), n mostly a multiple of 8 (rotate.go).
		// Inside the skipped stretch its result is not kept: read after
		// the join on the path that skipped it, it would be undefined (the
		// group prologue may compute a Uniform one anyway, groupinv.go).
		rotate := func(ki int, keep bool) {
			k := []lanes.Kind{lanes.I32, lanes.I64}[ki]
			w := uint64(8 * k.Bytes())
			n := 8 * (1 + rng.Uint64N(w/8-1))
			if rng.IntN(4) == 0 {
				n = 1 + rng.Uint64N(w-1)
			}
			m := w - n
			if rng.IntN(8) == 0 {
				m++ // not a rotate
			}
			x := vals[ki][rng.IntN(len(vals[ki]))]
			sh := b.p.Values[x].Shape
			c1, c2 := lanes.ShrU, lanes.Shl
			if rng.IntN(2) == 0 {
				c1, c2 = c2, c1
			}
			t1, t2, d := b.value(k, sh), b.value(k, sh), b.value(k, sh)
			b.op(lanes.Op{Code: c1, Kind: k, Dst: t1, A: x, B: b.konst(k, n), C: nv, M: nv})
			b.op(lanes.Op{Code: c2, Kind: k, Dst: t2, A: x, B: b.konst(k, m), C: nv, M: nv})
			c := []lanes.Code{lanes.Or, lanes.Xor, lanes.Add}[rng.IntN(3)]
			if rng.IntN(2) == 0 {
				t1, t2 = t2, t1
			}
			b.op(lanes.Op{Code: c, Kind: k, Dst: d, A: t1, B: t2, C: nv, M: nv})
			if keep {
				vals[ki] = append(vals[ki], d)
			}
		}
		for i := range nops {
			if rng.IntN(5) == 0 {
				rotate(rng.IntN(2), i <= jumpAt || i > labelAt) // emitted before this round's jump or label
			}
			if i == jumpAt {
				b.op(lanes.Op{Code: lanes.JumpIfNone, Dst: nv, A: m, B: nv, C: nv, M: nv, Imm: 0})
			}
			if i == labelAt {
				b.op(lanes.Op{Code: lanes.Label, Dst: nv, A: nv, B: nv, C: nv, M: nv, Imm: 0})
			}
			ki := rng.IntN(2)
			k := []lanes.Kind{lanes.I32, lanes.I64}[ki]
			c := codes[rng.IntN(len(codes))]
			if c == lanes.ShrS && ki == 1 {
				c = lanes.ShrU
			}
			x, y := operand(ki), operand(ki)
			switch {
			case c == lanes.Not:
				y = nv
			case c == lanes.Copy:
				y = nv
				switch rng.IntN(4) {
				case 0:
					x = b.konst(k, 0)
				case 1:
					x = b.konst(k, ^uint64(0)>>(64-8*k.Bytes()))
				}
			case (c == lanes.Shl || c == lanes.ShrU || c == lanes.ShrS) && rng.IntN(3) > 0:
				s := shifts[rng.IntN(len(shifts))]
				if ki == 0 {
					s &= 1<<32 - 1
				}
				y = b.konst(k, s)
			}
			uni := g0Uniform(&b.p, x) && (y == nv || g0Uniform(&b.p, y))
			// Inside the skipped stretch, rewrite existing values (the
			// join must not keep their fall-through registers); elsewhere
			// mostly new ones, sometimes one an operand is.
			var d lanes.Value
			rewrite := (i >= jumpAt && i < labelAt) || rng.IntN(4) == 0
			if rewrite {
				cand := vals[ki][rng.IntN(len(vals[ki]))]
				if b.p.Values[cand].Shape == lanes.Varying || uni {
					d = cand
				}
			}
			if d == 0 {
				sh := lanes.Varying
				if uni && rng.IntN(2) == 0 {
					sh = lanes.Uniform
				}
				d = b.value(k, sh)
				vals[ki] = append(vals[ki], d)
			}
			b.op(lanes.Op{Code: c, Kind: k, Dst: d, A: x, B: y, C: nv, M: nv})
		}
		// Store every value: lane l of value j at (j*8 + l)*size of
		// buffer 3 (32-bit values first, then 64-bit ones).
		pos := uint64(0)
		for ki, k := range []lanes.Kind{lanes.I32, lanes.I64} {
			for _, v := range vals[ki] {
				off := b.value(lanes.I32, lanes.Varying)
				b.op(lanes.Op{Code: lanes.Index, Kind: lanes.I32, Dst: off, A: b.konst(lanes.I32, pos), B: li, C: nv, M: nv, Imm: int64(k.Bytes())})
				b.op(lanes.Op{Code: lanes.Store, Kind: k, Dst: nv, A: off, B: v, C: nv, M: live, Imm: 3, Imm2: int64(k.Bytes())})
				pos += uint64(8 * k.Bytes())
			}
		}
		b.op(lanes.Op{Code: lanes.Exit, Dst: nv, A: nv, B: nv, C: nv, M: nv})
		g, _, err := generate(&b.p)
		if err != nil {
			t.Fatal(err)
		}
		for i := range b.p.Ops {
			if _, ok := g.byteRotate(i); ok {
				fused++
			}
		}
		for _, taken := range []bool{false, true} {
			mem := [][]byte{make([]byte, 32), make([]byte, 4*8*4), make([]byte, 4*8*8), make([]byte, pos)}
			for l := range 8 {
				if !taken && l == 5 {
					binary.LittleEndian.PutUint32(mem[0][4*l:], 0xffffffff)
				}
			}
			for i := range mem[1] {
				mem[1][i] = byte(rng.Uint32())
			}
			for i := range mem[2] {
				mem[2][i] = byte(rng.Uint32())
			}
			agree(t, fmt.Sprintf("seed %d, taken %v", seed, !taken), &b.p, mem, 1, 3)
		}
	}
	if fused < 40 {
		t.Errorf("%d byte rotates fused, want at least 40", fused)
	}
}

// g0Uniform reports whether v is Uniform in p.
func g0Uniform(p *lanes.Program, v lanes.Value) bool { return p.Values[v].Shape == lanes.Uniform }
