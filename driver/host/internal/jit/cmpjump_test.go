package jit

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// cmpJumpKernel has Uniform compares read only by a jump (cmpjump.go):
// loop tests on counters kept in registers, ifs on arguments read from
// their slots, constant operands as immediates (a 64-bit one too wide
// for one), signed and unsigned, equal and not equal, 32 and 64 bits.
// Steps are computed so that every loop ends within a few rounds
// whatever the arguments.
const cmpJumpKernel = `kernel void k(global int *out, int pa, int pb, long qa, long qb) {
	int i = get_global_id(0);
	int acc = i;
	int a = pa >> 4, b = pb >> 4;
	for (int x = a; x < b; x += (b - a) / 5 + 1) acc += x ^ i;
	for (int x = a; x <= b; x += (b - a) / 4 + 1) acc ^= x + 3;
	uint u = (uint)pa, v = (uint)pb;
	for (uint x = u; x < v; x += (v - x) / 2 + 1) acc += (int)(x >> 3);
	for (uint x = u; x <= v; x += (v - u) / 3 + 1) {
		acc ^= (int)x;
		if (x > 0xffffffffu - ((v - u) / 3 + 1)) break;
	}
	for (int x = 0; x != (b & 7); x++) acc += 5;
	if (pa == pb) acc *= 3;
	if (pa != 0) acc += 11;
	if (u >= 0x80000000u) acc ^= 0x55;
	if (pa > 5) acc += 19; // constant first operands: 5 < pa, ...
	if (pb >= -3) acc ^= 0x66;
	if (u > 7u) acc += 23;
	if (v >= 9u) acc ^= 0x77;
	long la = qa >> 4, lb = qb >> 4;
	for (long x = la; x < lb; x += (lb - la) / 5 + 1) acc += (int)(x >> 7) ^ i;
	for (long x = la; x <= lb; x += (lb - la) / 4 + 1) acc ^= (int)x;
	ulong ua = (ulong)qa, ub = (ulong)qb;
	for (ulong x = ua; x < ub; x += (ub - x) / 2 + 1) acc += (int)(x >> 35);
	for (ulong x = ua; x <= ub; x += (ub - ua) / 3 + 1) {
		acc ^= (int)(x >> 13);
		if (x > 0xffffffffffffffffUL - ((ub - ua) / 3 + 1)) break;
	}
	for (long x = 0; x != (lb & 7); x++) acc += 7;
	if (qa == qb) acc *= 5;
	if (qa < 0x123456789L) acc ^= 0x99;
	if (qa < 5L) acc ^= 0x21;
	if (ub != 0UL) acc += 17;
	if (qa > 5L) acc += 29;
	if (qb >= -2L) acc ^= 0x88;
	if (ua > 6UL) acc += 31;
	if (ub >= 4UL) acc ^= 0x44;
	if (ua > 0x8000000000000000UL) acc += 13;
	out[i] = acc;
}`

// TestCmpJump runs cmpJumpKernel as native code and on the Go executor,
// bit for bit, with arguments that are equal, small, of either sign and
// at the ends of their ranges, and checks that compares of each kind and
// width were fused with their jumps.
func TestCmpJump(t *testing.T) {
	needNative(t)
	p := buildCL(t, cmpJumpKernel, 64)
	g, _, err := generate(p)
	if err != nil {
		t.Fatal(err)
	}
	type kc struct {
		code lanes.Code
		kind lanes.Kind
	}
	fused := map[kc]bool{}
	for i := range p.Ops {
		if g.cmpJumpAt(i) {
			fused[kc{p.Ops[i].Code, p.Ops[i].Kind}] = true
		}
	}
	for _, k := range []lanes.Kind{lanes.I32, lanes.I64} {
		for _, c := range []lanes.Code{lanes.Eq, lanes.Ne, lanes.ULt, lanes.ULe, lanes.SLt, lanes.SLe} {
			if !fused[kc{c, k}] {
				t.Errorf("no fused %v compare of %v\n%s", c, k, p)
			}
		}
	}
	words := []uint32{0, 1, 2, 3, 4, 5, 6, 7, 9, 0xfffffffd, 0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff, 0x7ffffff0, 0x80000010, 0x1000, 0xfffff000}
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 400 {
		mem := make([][]byte, len(p.Regions))
		for r, rg := range p.Regions {
			switch rg.Kind {
			case lanes.RegionPush:
				mem[r] = make([]byte, max(rg.Size, 64)) // no global offset
			case lanes.RegionBuffer:
				// The arguments' buffer and out alike (out is written
				// over).
				b := make([]byte, 4*64*2)
				same := words[rng.IntN(len(words))]
				for w := 0; w+4 <= len(b); w += 4 {
					x := words[rng.IntN(len(words))]
					switch trial % 4 {
					case 0:
						x = 0
					case 1:
						x = rng.Uint32()
					case 2:
						x = same // equal arguments
					}
					binary.LittleEndian.PutUint32(b[w:], x)
				}
				mem[r] = b
			}
		}
		agree(t, fmt.Sprintf("trial %d", trial), p, mem, 2)
	}
}
