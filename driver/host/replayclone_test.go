package host

import (
	"bytes"
	"testing"
)

// TestCloneResources: copies of resources that overlap share their bytes
// as the resources do; adjacent and separate ones do not; the copies hold
// the same bytes and the originals are left alone.
func TestCloneResources(t *testing.T) {
	mem, other := make([]byte, 16), make([]byte, 4)
	for i := range mem {
		mem[i] = byte(i)
	}
	rs := []Resource{
		{Binding: 0, Data: mem[0:8]},
		{Binding: 1, Data: mem[4:12]},
		{Binding: 2, Data: mem[12:16]}, // adjacent to 1, no byte shared
		{Binding: 3, Data: other},
		{Binding: 4, Data: mem[0:0]},
		{Binding: 5, Data: mem[6:7]},
	}
	cs := cloneResources(rs)
	for i := range rs {
		if cs[i].Binding != rs[i].Binding || !bytes.Equal(cs[i].Data, rs[i].Data) {
			t.Fatalf("resource %d: copy %v, want %v", i, cs[i].Data, rs[i].Data)
		}
		if len(rs[i].Data) > 0 && &cs[i].Data[0] == &rs[i].Data[0] {
			t.Fatalf("resource %d: not copied", i)
		}
	}
	cs[0].Data[5] = 100 // mem[5]: resource 1's byte 1
	cs[1].Data[2] = 101 // mem[6]: resource 0's byte 6, resource 5's byte 0
	cs[2].Data[0] = 102 // mem[12]: no other resource's
	if cs[1].Data[1] != 100 || cs[0].Data[6] != 101 || cs[5].Data[0] != 101 {
		t.Errorf("overlapping copies do not share bytes: %v %v %v", cs[0].Data, cs[1].Data, cs[5].Data)
	}
	if cs[1].Data[7] != 11 || cs[3].Data[0] != 0 {
		t.Errorf("separate copies share bytes: %v %v", cs[1].Data, cs[3].Data)
	}
	if mem[5] != 5 || mem[6] != 6 || mem[12] != 12 {
		t.Errorf("the originals changed: %v", mem)
	}
	if cap(cs[0].Data) != 8 {
		t.Errorf("copy 0 reaches %d bytes, want 8", cap(cs[0].Data))
	}
}
