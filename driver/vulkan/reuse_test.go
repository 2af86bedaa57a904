package vulkan

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver"
)

// A launch repeated and waited for each time is submitted from the kept
// recording, with the same effect as recording it anew, also with other
// POD values (written into the batch's POD area); a change of buffer or
// size records anew; so does a launch after a block was
// destroyed (its VkBuffer handle may come back for another block). Both
// descriptor paths (push descriptors, pools).
func TestReuseRecording(t *testing.T) {
	td := testDevice(t)
	for _, push := range []bool{true, false} {
		d := &Device{phys: td.phys, info: td.info, noPushDescriptors: !push}
		if err := d.open(); err != nil {
			t.Fatal(err)
		}
		if d.sub.noReuse {
			t.Skip("CLGO_VULKAN_REUSE=0")
		}
		d.mem.mu.Lock()
		d.mem.keepLimit = 0 // freed blocks are destroyed
		d.mem.mu.Unlock()
		p, err := d.BuildProgram(compile(t, incSrc))
		if err != nil {
			t.Fatal(err)
		}
		k, _ := p.Kernel("inc")
		q := mustQueue(t, d, false)
		const n = 64
		launch := func(buf driver.Buffer, by uint32, items uint64) {
			t.Helper()
			args := []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf}, {Kind: driver.ArgPOD, Bytes: binary.LittleEndian.AppendUint32(nil, by)}}
			nd := driver.Uniform(1, [3]uint64{}, [3]uint64{items, 1, 1}, [3]uint64{16, 1, 1})
			ev, err := q.Dispatch(t.Context(), k, args, nd, nil)
			wait(t, ev, err)
		}
		read := func(buf driver.Buffer) []uint32 {
			t.Helper()
			raw := make([]byte, 4*n)
			ev, err := q.ReadBuffer(buf, 0, raw, nil)
			wait(t, ev, err)
			out := make([]uint32, n)
			for i := range out {
				out[i] = binary.LittleEndian.Uint32(raw[4*i:])
			}
			return out
		}
		expect := func(what string, got []uint32, want func(i int) uint32) {
			t.Helper()
			for i, v := range got {
				if v != want(i) {
					t.Fatalf("push descriptors %v: %s: element %d = %d, want %d", push, what, i, v, want(i))
				}
			}
		}

		a := mustBuffer(t, d, 4*n)
		before := d.sub.resubmits.Load()
		for range 10 {
			launch(a, 1, n)
		}
		if r := d.sub.resubmits.Load() - before; r < 8 {
			t.Errorf("push descriptors %v: 10 identical launches, %d submitted again", push, r)
		}
		r0 := d.sub.resubmits.Load()
		launch(a, 5, n) // another POD value: the same recording
		if d.sub.resubmits.Load() == r0 {
			t.Errorf("push descriptors %v: a launch with another POD value was recorded anew", push)
		}
		launch(a, 100, n/2) // another size
		launch(a, 100, n/2) // the same again
		expect("after the launches", read(a), func(i int) uint32 {
			if i < n/2 {
				return 215
			}
			return 15
		})

		// A changing POD value launch after launch (an iteration
		// count): each launch sees its own value.
		c := mustBuffer(t, d, 4*n)
		for by := uint32(1); by <= 20; by++ {
			launch(c, by, n)
		}
		expect("POD values 1..20", read(c), func(int) uint32 { return 210 })
		c.Release()

		// A buffer of its own block, launched twice, freed; the next
		// one may get a new block with the same VkBuffer handle.
		big := uint64(2 * minBlock) // a block of its own
		for range 3 {
			x := mustBuffer(t, d, big)
			if xb, _ := bufferOf(x, d.logical); !xb.blk.own {
				t.Fatal("not a block of its own")
			}
			launch(x, 3, n)
			launch(x, 3, n)
			expect("a fresh block", read(x), func(int) uint32 { return 6 })
			gen := d.mem.generation()
			x.Release()
			if d.mem.generation() == gen {
				t.Fatal("destroying a block left the kept recordings valid")
			}
		}
		a.Release()
		q.Release()
	}
}
