package vulkan

import (
	"context"
	"encoding/binary"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/kernelabi"
	"github.com/clgo/clgo/spirv"
)

// dispatchCmd is a Dispatch with everything resolved at enqueue time: the
// pipeline (compiled on the caller's goroutine), the buffers of each
// binding, POD bytes and the push constants.
type dispatchCmd struct {
	k    *kernel
	pipe uint64
	nd   driver.NDRange
	bufs []descBuf   // per k.bindings entry
	imgs []descImage // per k.bindings entry: images, views and samplers
	pods [][]byte    // per POD cluster
	push []byte      // k.pushSize (or k.pcBufSize) bytes: POD push arguments; work-item values are written per dispatch
	// held are the buffers a physical module reaches by address (pointer
	// arguments, program-scope variables, SVM residents): kept alive, and
	// ordered against other commands as buffers read and written.
	held []*Buffer
	// svm is the SVM translation table (docs/physical.md §5), written into
	// the staging ring when the dispatch is recorded; nil when the module
	// has none or no resident needs translating.
	svm []kernelabi.SVMTableEntry
}

// descBuf is the buffer range of one binding; b is nil for POD clusters,
// which live in the staging ring.
type descBuf struct {
	b        *Buffer
	off, rng uint64
}

// access is the byte range of its VkBuffer that db binds: buffers are
// ranges of blocks, so overlapping arguments (one cl_mem twice,
// overlapping sub-buffers) have overlapping accesses.
func (db descBuf) access() access {
	off := db.b.off + db.off
	return access{db.b.blk.buf, off, off + db.rng}
}

func (d *dispatchCmd) release() {
	for _, b := range d.bufs {
		if b.b != nil {
			b.b.unref()
		}
	}
	d.bufs = nil
	for _, im := range d.imgs {
		if im.im != nil {
			im.im.unref()
		}
	}
	d.imgs = nil
	for _, b := range d.held {
		b.unref()
	}
	d.held = nil
}

func (q *queue) Dispatch(ctx context.Context, dk driver.Kernel, args []driver.Arg, nd driver.NDRange, wait []driver.Event) (driver.Event, error) {
	k, ok := dk.(*kernel)
	if !ok || k.p.l != q.d {
		return nil, fmt.Errorf("vulkan: kernel of another device: %w", driver.ErrInvalidValue)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	name := k.refl.Name
	if k.unsupported != "" {
		return nil, fmt.Errorf("vulkan: kernel %s: %s: %w", name, k.unsupported, driver.ErrUnsupported)
	}
	args, residents, err := kernelabi.SplitArgs(args, len(k.info.Args))
	if err != nil {
		return nil, fmt.Errorf("vulkan: kernel %s: %w", name, err)
	}
	lim := &q.d.phys.props.limits
	n := uint64(1)
	for i := range 3 {
		if nd.Local[i] == 0 || nd.Region[i]%nd.Local[i] != 0 {
			return nil, fmt.Errorf("vulkan: kernel %s: region %v is not made of work-groups of %v: %w", name, nd.Region, nd.Local, driver.ErrInvalidWorkGroupSize)
		}
		if nd.Local[i] > uint64(lim.maxComputeWorkGroupSize[i]) {
			return nil, fmt.Errorf("vulkan: kernel %s: local size %v, at most %v: %w", name, nd.Local, lim.maxComputeWorkGroupSize, driver.ErrInvalidWorkItemSize)
		}
		n *= nd.Local[i]
	}
	if n > uint64(lim.maxComputeWorkGroupInvocations) {
		return nil, fmt.Errorf("vulkan: kernel %s: work-group of %d work-items, at most %d: %w", name, n, lim.maxComputeWorkGroupInvocations, driver.ErrInvalidWorkGroupSize)
	}
	if k.wgIDs == nil && k.fixedWG != [3]uint32{} {
		if uint64(k.fixedWG[0]) != nd.Local[0] || uint64(k.fixedWG[1]) != nd.Local[1] || uint64(k.fixedWG[2]) != nd.Local[2] {
			return nil, fmt.Errorf("vulkan: kernel %s: local size %v, the module's is %v: %w", name, nd.Local, k.fixedWG, driver.ErrInvalidWorkGroupSize)
		}
	}
	var local uint64
	for _, a := range k.refl.Args {
		if a.Kind != spirv.ArgLocal {
			continue
		}
		v := args[a.Ordinal]
		if _, ok := kernelabi.LocalElems(&a, &v); !ok {
			return nil, fmt.Errorf("vulkan: kernel %s: argument %d: local size %d: %w", name, a.Ordinal, v.LocalSize, driver.ErrInvalidArgValue)
		}
		local += v.LocalSize
	}
	if local+k.refl.LocalMemSize > uint64(lim.maxComputeSharedMemorySize) {
		return nil, fmt.Errorf("vulkan: kernel %s: %d bytes of __local memory (%d in __local arguments), the device has %d: %w", name, local+k.refl.LocalMemSize, local, lim.maxComputeSharedMemorySize, driver.ErrOutOfResources)
	}

	if k.private > maxPrivate {
		return nil, fmt.Errorf("vulkan: kernel %s: %d bytes of private memory per work-item, at most %d: %w", name, k.private, maxPrivate, driver.ErrOutOfResources)
	}

	// The command and its dispatch in one allocation.
	cd := &struct {
		command
		dispatchCmd
	}{}
	d := &cd.dispatchCmd
	*d = dispatchCmd{k: k, nd: nd, bufs: make([]descBuf, len(k.bindings))}
	if k.hasImages {
		d.imgs = make([]descImage, len(k.bindings))
	}
	align := q.d.mem.align
	for i, b := range k.bindings {
		switch {
		case b.source == srcLiteral:
			d.imgs[i] = descImage{sampler: b.sampler}
		case b.source == srcArg && isImageDescriptor(b.typ):
			di, err := q.imageDescriptor(k, &k.bindings[i], args[b.arg])
			if err != nil {
				d.release()
				return nil, err
			}
			d.imgs[i] = di
		case b.source == srcArg:
			v := args[b.arg]
			if v.Kind != driver.ArgBuffer {
				d.release()
				return nil, fmt.Errorf("vulkan: kernel %s: argument %d is a buffer, not %v: %w", name, b.arg, v.Kind, driver.ErrInvalidArgValue)
			}
			if v.Buffer == nil {
				nb, err := q.d.mem.nullBuffer()
				if err != nil {
					d.release()
					return nil, err
				}
				nb.ref()
				// One byte: kernels test a buffer argument against
				// NULL by its runtime array's length (fewer elements
				// than 4 bytes make), and every real binding has at
				// least a word (compiler/lower/nullarg.go).
				d.bufs[i] = descBuf{b: nb, rng: 1}
				continue
			}
			vb, err := bufferOf(v.Buffer, q.d)
			if err != nil {
				d.release()
				return nil, err
			}
			size := v.Size
			if size == 0 && v.Offset <= vb.size {
				size = vb.size - v.Offset
			}
			if checkRange(vb, v.Offset, size) != nil || size == 0 {
				d.release()
				return nil, fmt.Errorf("vulkan: kernel %s: argument %d: range [%d, %d) out of a buffer of %d bytes: %w", name, b.arg, v.Offset, v.Offset+size, vb.size, driver.ErrInvalidArgValue)
			}
			if v.Offset%align != 0 {
				d.release()
				return nil, fmt.Errorf("vulkan: kernel %s: argument %d: offset %d is not a multiple of %d: %w", name, b.arg, v.Offset, align, driver.ErrMisalignedSubBuffer)
			}
			vb.ref()
			d.bufs[i] = descBuf{b: vb, off: v.Offset, rng: size}
		case b.source == srcConst:
			b.cnst.buf.ref()
			d.bufs[i] = descBuf{b: b.cnst.buf, rng: b.cnst.buf.size}
		}
	}
	// The pipeline for these specialization constants, in the module as
	// compiled or, where two buffer arguments overlap in memory and one
	// is written, in its variant with those buffers Aliased (alias.go).
	var specBuf [16]kernelabi.SpecConstant
	spec := kernelabi.AppendSpecConstants(specBuf[:0], k.p.refl, k.refl, k.wgIDs, args, &nd, q.d.phys.sub.subgroupSize)
	var keyBuf [128]byte
	key := keyBuf[:0]
	for _, s := range spec {
		key = binary.LittleEndian.AppendUint32(key, s.ID)
		key = binary.LittleEndian.AppendUint32(key, s.Value)
	}
	var ft *formatTuple
	if k.p.formatCode != nil {
		t, err := k.storageFormats(args)
		if err != nil {
			d.release()
			return nil, err
		}
		ft = &t
		key = append(key, t.key...)
	}
	module := k.p.module
	if at, akey := k.aliasedBindings(d.bufs, q.d.mem); at != nil {
		module, err = k.p.aliasModule(k, at, akey, ft)
		key = append(append(key, "|aliased "...), akey...)
	} else if k.p.splitCode != nil {
		module, err = k.p.kernelModule(k)
	} else if ft != nil {
		module, err = k.p.formatModule(k, *ft)
	}
	if err != nil {
		d.release()
		return nil, err
	}
	if d.pipe, err = k.pipeline(spec, key, module); err != nil {
		d.release()
		return nil, err
	}
	ptrs, err := q.addresses(d, args, residents)
	if err != nil {
		d.release()
		return nil, fmt.Errorf("vulkan: kernel %s: %w", name, err)
	}
	d.pods = make([][]byte, len(k.pods))
	podBytes := 0
	for _, c := range k.pods {
		podBytes += int((c.size + kernelabi.PODSlack + 3) &^ 3)
	}
	arena := make([]byte, podBytes) // every cluster in one allocation
	for i, c := range k.pods {
		n := (c.size + kernelabi.PODSlack + 3) &^ 3
		pod := arena[:n:n]
		arena = arena[n:]
		for _, a := range c.args {
			copy(pod[a.Offset:a.Offset+a.Size], argBytes(a, args, ptrs))
		}
		d.pods[i] = pod
	}
	if n := max(k.pushSize, k.pcBufSize); n > 0 {
		d.push = make([]byte, n)
		for _, a := range k.pushArgs {
			if a.Kind == spirv.ArgPODPushConstant {
				copy(d.push[a.Offset:a.Offset+a.Size], args[a.Ordinal].Bytes)
			}
		}
		// Pointer arguments and the program-scope variables by address;
		// the SVM table's goes in when the dispatch is recorded.
		var globals uint64
		if k.p.progVars != nil {
			globals = k.p.progVars.DeviceAddress()
		}
		if err := kernelabi.PutPointerPushConstants(d.push, k.p.refl, k.refl, args, kernelabi.DeviceAddress, globals, 0); err != nil {
			d.release()
			return nil, fmt.Errorf("vulkan: kernel %s: %w", name, err)
		}
		if err := kernelabi.PutImageChannelPushConstants(d.push, k.refl, args); err != nil {
			d.release() // the buffers and images referenced above
			return nil, fmt.Errorf("vulkan: %w: %w", driver.ErrInvalidArgValue, err)
		}
		if err := kernelabi.PutSamplerPushConstants(d.push, k.refl, args); err != nil {
			d.release()
			return nil, fmt.Errorf("vulkan: %w: %w", driver.ErrInvalidArgValue, err)
		}
		if k.pcBuf {
			q.d.addPushBuffers(d)
		}
	}
	cd.command = command{kind: cmdDispatch, ctx: ctx, disp: d}
	return q.enqueue(&cd.command, wait)
}

// nullBuffer is the buffer bound for NULL buffer arguments (Vulkan 1.1
// has no null descriptors).
func (m *memory) nullBuffer() (*Buffer, error) {
	m.mu.Lock()
	b := m.dummy
	m.mu.Unlock()
	if b != nil {
		return b, nil
	}
	nb, err := m.newBuffer(256)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.dummy == nil {
		m.dummy = nb
	} else {
		nb.unref()
	}
	return m.dummy, nil
}

// maxPrivate bounds the private memory (Function and Private variables) of
// one work-item: lavapipe compiles private arrays into each invocation's
// frame, and aborts the whole process (std::bad_alloc) on a 1 GiB one.
// No real kernel comes near 1 MiB (GPUs give a few hundred KiB at most).
const maxPrivate = 1 << 20
