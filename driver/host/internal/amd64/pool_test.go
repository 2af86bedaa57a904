package amd64

import (
	"math/rand"
	"testing"
	"time"
)

// TestConstPoolIndex: constBytes finds through its index the same first
// equal entry at a suitable alignment as a scan of the pool does, for
// words and 32-byte constants that overlap earlier entries (a word inside
// a YMM constant, a YMM constant over words and padding); and many
// distinct words take linear time, not quadratic.
func TestConstPoolIndex(t *testing.T) {
	scan := func(pool, b []byte, align int) int {
		for o := 0; o+len(b) <= len(pool); o += align {
			if string(pool[o:o+len(b)]) == string(b) {
				return o
			}
		}
		return -1
	}
	r := rand.New(rand.NewSource(1))
	var a Assembler
	for i := 0; i < 20000; i++ {
		before := append([]byte(nil), a.pool...)
		var m Mem
		var b []byte
		var align int
		switch k := r.Intn(10); {
		case k < 6:
			v := uint32(r.Intn(64))
			m, align = a.Const32(v), 4
			b = a.pool[m.Disp : m.Disp+4]
			if b[0] != byte(v) || b[1] != 0 {
				t.Fatalf("Const32(%d): %v at %d", v, b, m.Disp)
			}
		case k < 9:
			var v [8]uint32
			for j := range v {
				v[j] = uint32(r.Intn(4))
			}
			m, align = a.ConstYMM(v), 32
			b = a.pool[m.Disp : m.Disp+32]
			for j := range v {
				if uint32(b[4*j]) != v[j] {
					t.Fatalf("ConstYMM(%v): %v at %d", v, b, m.Disp)
				}
			}
		default:
			v := [4]uint64{uint64(r.Intn(2)), 0, uint64(r.Intn(2)) << 32, 0}
			m, align = a.ConstYMM64(v), 32
			b = a.pool[m.Disp : m.Disp+32]
		}
		if want := scan(before, b, align); want >= 0 && int(m.Disp) != want {
			t.Fatalf("call %d: %v at %d, the first equal entry is at %d", i, b, m.Disp, want)
		} else if want < 0 && int(m.Disp) < len(before) {
			t.Fatalf("call %d: %v at %d inside the pool, which has none", i, b, m.Disp)
		}
	}
	var big Assembler
	start := time.Now()
	for i := 0; i < 200000; i++ {
		big.Const32(uint32(i))
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("200000 distinct Const32: %v", d)
	}
}
