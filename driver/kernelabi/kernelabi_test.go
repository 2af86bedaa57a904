package kernelabi

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

func u32p(v uint32) *uint32 { return &v }

func TestSpecConstants(t *testing.T) {
	refl := &spirv.Reflection{
		WorkgroupSizeSpecIDs:  &[3]uint32{0, 1, 2},
		GlobalOffsetSpecIDs:   &[3]uint32{3, 4, 5},
		WorkDimSpecID:         u32p(6),
		SubgroupMaxSizeSpecID: u32p(7),
	}
	k := &spirv.Kernel{Args: []spirv.Arg{
		{Ordinal: 0, Kind: spirv.ArgBuffer},
		{Ordinal: 1, Kind: spirv.ArgLocal, SpecID: 8, ElemSize: 16},
	}}
	nd := driver.Uniform(2, [3]uint64{5, 6, 0}, [3]uint64{64, 8, 1}, [3]uint64{16, 2, 1})
	args := []driver.Arg{{Kind: driver.ArgBuffer}, {Kind: driver.ArgLocal, LocalSize: 256}}
	got := AppendSpecConstants(nil, refl, k, refl.WorkgroupSizeSpecIDs, args, &nd, 32)
	want := []SpecConstant{{0, 16}, {1, 2}, {2, 1}, {3, 5}, {4, 6}, {5, 0}, {6, 2}, {7, 32}, {8, 16}}
	if !slices.Equal(got, want) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
	// Fixed work-group size, no sub-group size: those are left out.
	got = AppendSpecConstants(nil, refl, k, nil, args, &nd, 0)
	if !slices.Equal(got, append(slices.Clone(want[3:7]), want[8])) {
		t.Fatalf("fixed size: %v", got)
	}
	if n, ok := LocalElems(&k.Args[1], &args[1]); !ok || n != 16 {
		t.Fatalf("LocalElems %d %v", n, ok)
	}
	if _, ok := LocalElems(&k.Args[1], &driver.Arg{LocalSize: 24}); ok {
		t.Fatal("LocalElems accepts 24 bytes of 16-byte elements")
	}
}

func TestPushConstants(t *testing.T) {
	refl := &spirv.Reflection{PushConstants: []spirv.PushConstant{
		{Kind: spirv.PushGlobalOffset, Offset: 0, Size: 12},
		{Kind: spirv.PushRegionOffset, Offset: 16, Size: 12},
		{Kind: spirv.PushNumWorkgroups, Offset: 32, Size: 12},
		{Kind: spirv.PushRegionGroupOffset, Offset: 48, Size: 8}, // two words only
	}}
	k := &spirv.Kernel{Args: []spirv.Arg{{Kind: spirv.ArgPODPushConstant, Offset: 64, Size: 4}}}
	if end := PushConstantsEnd(refl, k); end != 68 {
		t.Fatalf("end %d", end)
	}
	if !HasRegionPushConstants(refl) || HasRegionPushConstants(&spirv.Reflection{}) {
		t.Fatal("HasRegionPushConstants")
	}
	// The second region of a non-uniform 1-D range of 100 in groups of 32,
	// offset 7: the region's 4 work-items start at 96.
	nd := driver.NDRange{Dims: 1, Offset: [3]uint64{7}, Global: [3]uint64{100, 1, 1}, EnqueuedLocal: [3]uint64{32, 1, 1},
		Local: [3]uint64{4, 1, 1}, RegionOffset: [3]uint64{96}, Region: [3]uint64{4, 1, 1}}
	push := make([]byte, 68)
	PutWorkItemPushConstants(push, refl, &nd)
	word := func(off int) uint32 { return binary.LittleEndian.Uint32(push[off:]) }
	for _, c := range [][2]uint32{{0, 7}, {16, 103}, {32, 4}, {36, 1}, {48, 3}, {52, 0}, {56, 0}} {
		if got := word(int(c[0])); got != c[1] {
			t.Errorf("push word at %d = %d, want %d", c[0], got, c[1])
		}
	}
}

func TestSplitGroups(t *testing.T) {
	nd := driver.Uniform(2, [3]uint64{}, [3]uint64{70 * 8, 3 * 4, 1}, [3]uint64{8, 4, 1})
	chunks := SplitGroups(nd.Groups(), [3]uint64{32, 2, 1}, nil)
	if len(chunks) != 3*2 {
		t.Fatalf("%d chunks: %v", len(chunks), chunks)
	}
	var items uint64
	seen := map[[2]uint64]bool{}
	for i := range chunks {
		c := &chunks[i]
		sub := SubRegion(&nd, c)
		items += sub.Region[0] * sub.Region[1]
		for x := sub.RegionOffset[0]; x < sub.RegionOffset[0]+sub.Region[0]; x += 8 {
			for y := sub.RegionOffset[1]; y < sub.RegionOffset[1]+sub.Region[1]; y += 4 {
				if seen[[2]uint64{x, y}] {
					t.Fatalf("group at %d,%d twice", x, y)
				}
				seen[[2]uint64{x, y}] = true
			}
		}
		if c.Count[0] > 32 || c.Count[1] > 2 {
			t.Fatalf("chunk %v over the limit", c)
		}
	}
	if items != nd.Global[0]*nd.Global[1] {
		t.Fatalf("chunks cover %d work-items of %d", items, nd.Global[0]*nd.Global[1])
	}
}

// TestImageChannelPushConstants checks that the channel order and data
// type of an image argument land where the reflection places them, and
// that PushConstantsEnd covers them.
func TestImageChannelPushConstants(t *testing.T) {
	k := &spirv.Kernel{ImageChannelInfo: []spirv.ImageChannelInfo{
		{Ordinal: 1, DataType: true, PushConstant: true, Offset: 16, Size: 4},
		{Ordinal: 1, PushConstant: true, Offset: 20, Size: 4},
		{Ordinal: 0, PushConstant: true, Offset: 24, Size: 4}, // not an image: left alone
	}}
	if end := PushConstantsEnd(&spirv.Reflection{}, k); end != 28 {
		t.Fatalf("PushConstantsEnd = %d, want 28", end)
	}
	push := make([]byte, 28)
	img := fakeImage{driver.ImageDesc{Format: driver.ImageFormat{Order: 0x10B5, DataType: 0x10D2}}}
	PutImageChannelPushConstants(push, k, []driver.Arg{{Kind: driver.ArgPOD}, {Kind: driver.ArgImage, Image: img}})
	le := binary.LittleEndian
	if dt, o, none := le.Uint32(push[16:]), le.Uint32(push[20:]), le.Uint32(push[24:]); dt != 0x10D2 || o != 0x10B5 || none != 0 {
		t.Errorf("push constants %#x %#x %#x, want 0x10d2 0x10b5 0", dt, o, none)
	}
}

type fakeImage struct{ d driver.ImageDesc }

func (f fakeImage) Desc() driver.ImageDesc { return f.d }
func (fakeImage) Release()                 {}
