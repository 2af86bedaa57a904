package jit

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// TestI64ToF32RoundsOnce checks SToF and UToF of 64-bit integers to
// float32 on values where rounding to float64 first and then to float32
// goes wrong: the float64 lands on a float32 midpoint and the tie then
// rounds to even, away from the nearest float32. The wanted bits are
// worked out by hand (round to nearest, ties to even, at 24 bits); the
// Go executor must agree on these and on 61 values of the same pattern.
func TestI64ToF32RoundsOnce(t *testing.T) {
	needNative(t)
	type want struct {
		x    uint64
		bits uint32
	}
	signed := []want{
		// 2^63 - 2^38 - 1: just under the midpoint of 0x1.fffffep+62
		// and 2^63; float64 rounds it onto the midpoint.
		{0x7fffffbfffffffff, 0x5effffff},
		{-0x7fffffbfffffffff & (1<<64 - 1), 0xdeffffff},
		{0x7fffffc000000000, 0x5f000000},                // the midpoint: ties to even (2^63)
		{0x7fffffc000000001, 0x5f000000},                // above it
		{0x7fffff4000000001, 0x5effffff},                // above the midpoint under 0x1.fffffep+62
		{0x7fffff3fffffffff, 0x5efffffe},                // under it (0x1.fffffcp+62 is even)
		{-0x7fffff3fffffffff & (1<<64 - 1), 0xdefffffe}, // the same, negative
		{0x0000010000010000 + 0x7fff, 0x53800001},       // 2^40 + 2^16 + 2^15 - 1 rounds up, at 24 bits
		{1 << 63, 0xdf000000},                           // -2^63, exact
		{1<<64 - 1, 0xbf800000},                         // -1
		{0, 0},
	}
	unsigned := []want{
		{0xffffff7fffffffff, 0x5f7fffff}, // under the midpoint of 0x1.fffffep+63 and 2^64
		{0xffffff8000000000, 0x5f800000}, // the midpoint: 2^64
		{0x8000008000000000, 0x5f000000}, // midpoint of 2^63 and its successor: even
		{0x8000008000000001, 0x5f000001},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		code  lanes.Code
		wants []want
	}{{lanes.SToF, signed}, {lanes.UToF, unsigned}} {
		oc := i64(c.code, 1).to(lanes.F32)
		oc.argK = [3]lanes.Kind{lanes.I64, lanes.I64, lanes.I64}
		p := buildOpProg(oc, 0, 61)
		in := make([]byte, 8*64)
		for l := range 64 {
			// The hazard: bits 39..63 anything, bit 38 set (a float32
			// midpoint where the top bit is 63), then one under it or one
			// over it.
			v := rng.Uint64()&^(1<<39-1) | 1<<38
			if rng.IntN(2) == 0 {
				v = v - 1
			} else {
				v |= 1
			}
			if l < len(c.wants) {
				v = c.wants[l].x
			}
			binary.LittleEndian.PutUint64(in[8*l:], v)
		}
		mem := [][]byte{in, nil, nil, make([]byte, 4*64)}
		gm, nm, gt, nt := runBoth(t, p, mem, 1)
		if gt != nil || nt != nil {
			t.Fatalf("%v: traps: go %+v native %+v", c.code, gt, nt)
		}
		for l, w := range c.wants {
			for name, m := range map[string][]byte{"go": gm[3], "native": nm[3]} {
				if got := binary.LittleEndian.Uint32(m[4*l:]); got != w.bits {
					t.Errorf("%v %#x: %s gave %#x, want %#x", c.code, w.x, name, got, w.bits)
				}
			}
		}
		if l, ok := sameBits(lanes.F32, gm[3][:4*61], nm[3][:4*61]); !ok {
			t.Errorf("%v %#x: go %#x, native %#x", c.code, binary.LittleEndian.Uint64(in[8*l:]),
				binary.LittleEndian.Uint32(gm[3][4*l:]), binary.LittleEndian.Uint32(nm[3][4*l:]))
		}
	}
}
