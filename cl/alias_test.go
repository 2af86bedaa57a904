package cl

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/internal/config"
)

// aliasSubKernel reads in[i] in a loop after each store to out[i + d]: a
// program that passes, as in, a sub-buffer of out starting d words in (or
// out itself, d = 0) has in[i] be the word the loop stores, and C gives
// the loads the stored values. Each work-item reaches its own word only:
// no race.
const aliasSubKernel = `kernel void k(global uint *out, const global uint *in, uint d, uint n) {
	uint i = get_global_id(0);
	uint s = in[i];
	for (uint j = 0; j < n; j++) {
		out[i + d] = s * 3u + j;
		s += in[i];
	}
	out[i + d] = s;
}`

// aliasSubWant is the word work-item i leaves, from x0, the word in[i]
// starts as, where in[i] is out[i + d] (aliased) or another buffer's.
func aliasSubWant(x0 uint32, n int, aliased bool) uint32 {
	s, w := x0, x0
	for j := range n {
		w0 := s*3 + uint32(j)
		if aliased {
			w = w0
		}
		s += w
	}
	return s
}

// TestAliasSubBuffers dispatches aliasSubKernel on the host device's
// every tier with in bound to out's own cl_mem, to a sub-buffer of it
// (the origin the device's alignment allows), and to another buffer: the
// words must be the ones worked out in Go.
func TestAliasSubBuffers(t *testing.T) {
	ctx := context.Background()
	host := hostDevice(t)
	const items, n = 64, 5
	align := uint64(host.Info().MemBaseAddrAlign / 8)
	dw := uint32(align / 4)  // the sub-buffer's first word
	t.Cleanup(config.Reload) // registered first: runs after t.Setenv's restores
	for _, tier := range []string{"lanes", "native"} {
		t.Setenv(config.HostTier, tier)
		config.Reload()
		for _, bind := range []string{"same", "sub", "separate"} {
			c, err := CreateContext(host)
			if err != nil {
				t.Fatal(err)
			}
			q, err := c.CreateQueue(host, 0)
			if err != nil {
				t.Fatal(err)
			}
			p, err := c.CreateProgramWithSource(aliasSubKernel)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Build(""); err != nil {
				t.Fatal(err)
			}
			k, err := p.CreateKernel("k")
			if err != nil {
				t.Fatal(err)
			}
			words := int(dw) + items
			init := make([]byte, 4*words)
			for i := range words {
				binary.LittleEndian.PutUint32(init[4*i:], uint32(i*7+1))
			}
			out, err := c.CreateBuffer(MemCopyHostPtr, uint64(len(init)), init)
			if err != nil {
				t.Fatal(err)
			}
			in, d := out, uint32(0)
			switch bind {
			case "sub":
				if in, err = out.CreateSubBuffer(0, align, 4*items); err != nil {
					t.Fatal(err)
				}
				d = dw
			case "separate":
				if in, err = c.CreateBuffer(MemCopyHostPtr, uint64(len(init)), init); err != nil {
					t.Fatal(err)
				}
				d = dw
			}
			if err := k.SetArgs(out, in, d, uint32(n)); err != nil {
				t.Fatal(err)
			}
			ev, err := q.EnqueueNDRangeKernel(k, nil, []uint64{items}, []uint64{16})
			if err != nil {
				t.Fatal(err)
			}
			if err := ev.Wait(ctx); err != nil {
				t.Fatal(err)
			}
			got, err := ReadAll[uint32](ctx, q, out)
			if err != nil {
				t.Fatal(err)
			}
			for w := range words {
				want := uint32(w*7 + 1)
				if i := w - int(d); i >= 0 && i < items {
					// in[i] starts as the init word i of in's memory.
					x0 := uint32(i*7 + 1)
					if bind == "sub" {
						x0 = uint32(w*7 + 1)
					}
					want = aliasSubWant(x0, n, bind != "separate")
				}
				if got[w] != want {
					t.Errorf("tier %s, in %s: word %d = %#x, want %#x", tier, bind, w, got[w], want)
					break
				}
			}
			if in != out {
				in.Release()
			}
			out.Release()
			k.Release()
			p.Release()
			q.Release()
			c.Release()
		}
	}
}
