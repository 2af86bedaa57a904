package vulkan

// Physical addressing (docs/physical.md §6): buffers have device addresses
// (vkGetBufferDeviceAddress of their block's VkBuffer plus their offset in
// it), which physical modules receive for their pointer arguments, their
// program-scope variables and their SVM translation table.

import (
	"fmt"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/kernelabi"
	"github.com/clgo/clgo/spirv"
)

// vkBufferDeviceAddressInfo is VkBufferDeviceAddressInfo.
type vkBufferDeviceAddressInfo struct {
	sType  uint32
	pNext  unsafe.Pointer
	buffer uint64
}

// bufferAddress is buf's device address, or 0 on a device without
// bufferDeviceAddress (whose buffers are made without the usage).
func (l *logical) bufferAddress(buf uint64) uint64 {
	if !l.deviceAddress {
		return 0
	}
	info := &vkBufferDeviceAddressInfo{sType: sTypeBufferDeviceAddressInfo, buffer: buf}
	return uint64(call(l.vkGetBufferDeviceAddress, l.handle, uintptr(unsafe.Pointer(info))))
}

// DeviceAddress is the device address of the buffer's first byte
// (driver.AddressedBuffer). It is 0 on a device without
// bufferDeviceAddress, which builds no physical module.
func (b *Buffer) DeviceAddress() uint64 {
	if b.blk.addr == 0 {
		return 0
	}
	return b.blk.addr + b.off
}

// addresses resolves what a physical module reaches by address: the
// values of its pointer arguments in a uniform buffer (by ordinal; those
// in push constants are PutPointerPushConstants'), the buffers it may touch
// (held by d from now on: pointer arguments, program-scope variables and
// the SVM residents) and d's SVM translation table.
func (q *queue) addresses(d *dispatchCmd, args, residents []driver.Arg) (map[uint32][]byte, error) {
	k := d.k
	hold := func(b driver.Buffer) (*Buffer, error) {
		vb, err := bufferOf(b, q.d)
		if err != nil {
			return nil, err
		}
		vb.ref()
		d.held = append(d.held, vb)
		return vb, nil
	}
	var ptrs map[uint32][]byte
	for _, a := range k.refl.Args {
		if a.Kind != spirv.ArgPointerPushConstant && a.Kind != spirv.ArgPointerUBO {
			continue
		}
		v := &args[a.Ordinal]
		if v.Kind != driver.ArgBuffer {
			return nil, fmt.Errorf("argument %d is a pointer, not %v: %w", a.Ordinal, v.Kind, driver.ErrInvalidArgValue)
		}
		if v.Buffer != nil {
			if _, err := hold(v.Buffer); err != nil {
				return nil, fmt.Errorf("argument %d: %w", a.Ordinal, err)
			}
		}
		addr, err := kernelabi.PointerValue(v, kernelabi.DeviceAddress)
		if err != nil {
			return nil, fmt.Errorf("argument %d: %w", a.Ordinal, err)
		}
		if a.Kind == spirv.ArgPointerUBO {
			if ptrs == nil {
				ptrs = map[uint32][]byte{}
			}
			ptrs[a.Ordinal] = make([]byte, a.Size)
			kernelabi.PutPointer(ptrs[a.Ordinal], a.Size, addr)
		}
	}
	if pv := k.p.progVars; pv != nil {
		pv.ref()
		d.held = append(d.held, pv)
	}
	for i := range residents {
		if _, err := hold(residents[i].Buffer); err != nil {
			return nil, fmt.Errorf("SVM resident %d: %w", i, err)
		}
	}
	if k.p.refl.SVMTable != nil {
		entries, err := kernelabi.SVMTableEntries(residents, kernelabi.DeviceAddress)
		if err != nil {
			return nil, err
		}
		d.svm = entries
	}
	return ptrs, nil
}

// argBytes is the bytes of argument a as the module reads them from a
// buffer: a pointer's address (ArgPointerUBO), or a POD value.
func argBytes(a spirv.Arg, args []driver.Arg, ptrs map[uint32][]byte) []byte {
	if p, ok := ptrs[a.Ordinal]; ok {
		return p
	}
	return args[a.Ordinal].Bytes
}

// putSVMTable writes d's SVM table into the staging ring of batch b and
// its address into d's push constants; it returns the batch to go on
// recording into. Without a table the push constant stays 0 (identity).
func (s *submitter) putSVMTable(b *batch, d *dispatchCmd) (*batch, error) {
	t := d.k.p.refl.SVMTable
	if t == nil || len(d.svm) == 0 {
		return b, nil
	}
	n := uint64(kernelabi.SVMTableBytes(len(d.svm)))
	b, pos, err := s.ringAlloc(b, n, 16)
	if err != nil {
		return nil, err
	}
	r := s.l.staging
	kernelabi.PutSVMTable(r.bytes(pos, n), d.svm)
	kernelabi.PutPointer(d.push[t.Offset:], t.Size, r.addr+r.offset(pos))
	return b, nil
}
