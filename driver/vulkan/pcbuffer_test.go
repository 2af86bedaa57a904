package vulkan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/spirv"
)

// TestPushConstantBuffer: the work-item functions of a kernel compiled
// for a push-constant limit of 4 bytes, so that it reads its push
// constants (and, with PODPushConstant, its POD argument) from a buffer
// (pcbuffer.go), over a global offset, non-uniform regions and an
// NDRange cut into several dispatches (one buffer each); every result
// must be the host driver's for the kernel compiled without the limit.
func TestPushConstantBuffer(t *testing.T) {
	for _, podPush := range []bool{false, true} {
		opts := compiler.DefaultOptions()
		opts.PODPushConstant = podPush
		res, err := compiler.Compile(idsSrc, opts)
		if err != nil {
			t.Fatal(err)
		}
		ref := res.SPIRV
		opts.Features.MaxPushConstantsSize = 4
		if res, err = compiler.Compile(idsSrc, opts); err != nil {
			t.Fatal(err)
		}
		spv := res.SPIRV
		m, err := spirv.Decode(spv)
		if err != nil {
			t.Fatal(err)
		}
		r, err := spirv.ReadReflection(m)
		if err != nil {
			t.Fatal(err)
		}
		if r.Kernel("ids").PushConstantBuffer == nil {
			t.Fatal("kernel ids does not read its push constants from a buffer")
		}
		// The host driver refuses such a module with a clear error.
		hp, err := host.NewDevice().BuildProgram(spv)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := hp.Kernel("ids"); !errors.Is(err, driver.ErrInvalidBinary) {
			t.Errorf("host: kernel of a module with a push-constant buffer: %v, want CL_INVALID_BINARY", err)
		}
		hp.Release()

		u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
		three := func(n int) []targ {
			return []targ{{buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {buf: make([]byte, 4*n)}, {pod: u32(uint32(n))}}
		}
		same := func(t *testing.T, args []targ, nds ...driver.NDRange) {
			t.Helper()
			vk := run(t, testDevice(t), spv, "ids", args, nds...)
			want := run(t, host.NewDevice(), ref, "ids", args, nds...)
			for i := range want {
				if !bytes.Equal(vk[i], want[i]) {
					for j := 0; j < len(want[i]); j += 4 {
						if !bytes.Equal(vk[i][j:j+4], want[i][j:j+4]) {
							t.Fatalf("PODPushConstant %v: buffer %d, word %d: %d, host %d", podPush, i, j/4, binary.LittleEndian.Uint32(vk[i][j:]), binary.LittleEndian.Uint32(want[i][j:]))
						}
					}
				}
			}
		}
		same(t, three(64*8), driver.Uniform(2, [3]uint64{5, 7, 0}, [3]uint64{64, 8, 1}, [3]uint64{16, 2, 1}))
		g, el := [3]uint64{100, 1, 1}, [3]uint64{32, 1, 1}
		same(t, three(100),
			driver.NDRange{Dims: 1, Global: g, EnqueuedLocal: el, Local: el, Region: [3]uint64{96, 1, 1}},
			driver.NDRange{Dims: 1, Global: g, EnqueuedLocal: el, Local: [3]uint64{4, 1, 1}, RegionOffset: [3]uint64{96, 0, 0}, Region: [3]uint64{4, 1, 1}})
		if lim := testDevice(t).phys.props.limits.maxComputeWorkGroupCount[0]; lim <= 1<<20 && !podPush {
			t.Logf("split at %d groups", lim)
			n := int(lim) + 1000
			same(t, three(n), driver.Uniform(1, [3]uint64{3, 0, 0}, [3]uint64{uint64(n), 1, 1}, [3]uint64{1, 1, 1}))
		}
	}
}
