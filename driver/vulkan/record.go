package vulkan

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/clgo/clgo/driver/kernelabi"
)

// access is a byte range of a VkBuffer that a command reads or writes.
type access struct {
	buf      uint64
	off, end uint64
}

func (a access) overlaps(b access) bool { return a.buf == b.buf && a.off < b.end && b.off < a.end }

// recording is the state of the batch being recorded: the accesses since
// the last barrier, to put barriers only between dependent commands, and
// scratch space reused from command to command.
type recording struct {
	reads, writes []access
	pipe          uint64
	writesDesc    []vkWriteDescriptorSet
	infos         []vkDescriptorBufferInfo
	pods          []vkDescriptorBufferInfo // per POD cluster of the dispatch being recorded
	imgInfos      []vkDescriptorImageInfo  // per binding, for image and sampler descriptors
	texViews      []uint64                 // per binding, for texel buffer descriptors
	chunks        []kernelabi.Chunk
	// imgDirty: an image command ran since the last barrier (images are
	// not tracked by range): the next command starts with a barrier.
	imgDirty bool
}

func (r *recording) reset() {
	r.reads, r.writes, r.pipe, r.imgDirty = r.reads[:0], r.writes[:0], 0, false
}

const maxTracked = 64

// hazard puts a barrier before a command that reads rd and writes wr when
// it depends on what the batch did since the last barrier (read after
// write, write after read or write), then notes its accesses.
func (s *submitter) hazard(b *batch, rd, wr []access) {
	need := len(b.reads)+len(b.writes) > maxTracked || b.imgDirty
	for _, r := range rd {
		for _, w := range b.writes {
			need = need || r.overlaps(w)
		}
	}
	for _, w := range wr {
		for _, x := range b.writes {
			need = need || w.overlaps(x)
		}
		for _, x := range b.reads {
			need = need || w.overlaps(x)
		}
	}
	if need {
		s.barrier(b, pipelineStageComputeShader|pipelineStageTransfer)
	}
	b.reads = append(b.reads, rd...)
	b.writes = append(b.writes, wr...)
}

// barrier makes every earlier shader and transfer write available and
// visible to later shader and transfer accesses (a global memory barrier:
// cheaper than per-buffer ones and as precise on current GPUs).
//
// The source access mask names only the writes of the stages in src: a
// shader write under a transfer-only source stage is invalid usage.
func (s *submitter) barrier(b *batch, src uint32) {
	var srcAccess uint32
	if src&pipelineStageComputeShader != 0 {
		srcAccess |= accessShaderWrite
	}
	if src&pipelineStageTransfer != 0 {
		srcAccess |= accessTransferWrite
	}
	mb := &vkMemoryBarrier{sType: sTypeMemoryBarrier,
		srcAccessMask: srcAccess,
		dstAccessMask: accessShaderRead | accessShaderWrite | accessUniformRead | accessTransferRead | accessTransferWrite}
	call(s.l.vkCmdPipelineBarrier, b.cb, uintptr(src), pipelineStageComputeShader|pipelineStageTransfer, 0, 1, uintptr(unsafe.Pointer(mb)), 0, 0, 0, 0)
	b.reads, b.writes, b.imgDirty = b.reads[:0], b.writes[:0], false
}

// ringAlloc takes n bytes of the staging ring for batch b, submitting b
// and waiting for earlier batches when the ring is full; it returns the
// batch to go on recording into.
func (s *submitter) ringAlloc(b *batch, n, align uint64) (*batch, uint64, error) {
	r := s.l.staging
	for {
		if pos, ok := r.alloc(n, align); ok {
			b.staged = true
			return b, pos, nil
		}
		var err error
		if b.staged {
			// Space comes back as batches complete: submit what we have.
			if b, err = s.next(b); err != nil {
				return nil, 0, err
			}
		}
		r.waitProgress()
	}
}

// timestamp writes a timestamp for a profiled command.
func (s *submitter) timestamp(b *batch, c *command, stage uint32) {
	if c.q == nil || !c.q.profiling || b.queries == 0 {
		return
	}
	if b.nQueries == 0 {
		call(s.l.vkCmdResetQueryPool, b.cb, uintptr(b.queries), 0, 2*batchLimit)
	}
	if c.query < 0 {
		c.query = int(b.nQueries)
	}
	call(s.l.vkCmdWriteTimestamp, b.cb, uintptr(stage), uintptr(b.queries), uintptr(b.nQueries))
	b.nQueries++
}

// record records c into b (or into the batches that follow, for
// transfers larger than the ring) and returns the batch to go on with.
func (s *submitter) record(b *batch, c *command) (*batch, error) {
	l := s.l
	c.query = -1
	if c.kind != cmdMarker {
		s.timestamp(b, c, pipelineStageTopOfPipe)
	}
	var err error
	switch c.kind {
	case cmdWrite, cmdRead:
		if c.area != nil {
			s.recordAreaCopy(b, c)
			break
		}
		if c.kind == cmdRead {
			if b, err = s.recordRead(b, c); err != nil {
				return nil, err
			}
			break
		}
		for done := uint64(0); done < c.size; {
			n := min(c.size-done, chunkSize)
			var pos uint64
			if b, pos, err = s.ringAlloc(b, n, 16); err != nil {
				return nil, err
			}
			copyParallel(l.staging.bytes(pos, n), c.host[done:done+n])
			dst := access{c.dst.blk.buf, c.dst.off + c.dstOff + done, c.dst.off + c.dstOff + done + n}
			s.hazard(b, nil, []access{dst})
			region := &vkBufferCopy{srcOffset: l.staging.offset(pos), dstOffset: dst.off, size: n}
			call(l.vkCmdCopyBuffer, b.cb, uintptr(l.staging.buf), uintptr(c.dst.blk.buf), 1, uintptr(unsafe.Pointer(region)))
			done += n
			if done < c.size {
				// The device copies this piece while the host fills the
				// ring with the next.
				if b, err = s.next(b); err != nil {
					return nil, err
				}
			}
		}
	case cmdCopy:
		src := access{c.src.blk.buf, c.src.off + c.srcOff, c.src.off + c.srcOff + c.size}
		dst := access{c.dst.blk.buf, c.dst.off + c.dstOff, c.dst.off + c.dstOff + c.size}
		s.hazard(b, []access{src}, []access{dst})
		region := &vkBufferCopy{srcOffset: src.off, dstOffset: dst.off, size: c.size}
		call(l.vkCmdCopyBuffer, b.cb, uintptr(c.src.blk.buf), uintptr(c.dst.blk.buf), 1, uintptr(unsafe.Pointer(region)))
	case cmdFill:
		if b, err = s.recordFill(b, c); err != nil {
			return nil, err
		}
	case cmdDispatch:
		b, err = s.recordDispatch(b, c)
		if poolExhausted(err) && b != nil {
			// The batch's descriptor pool is full: go on in a new batch.
			if b, err = s.next(b); err != nil {
				return nil, err
			}
			b, err = s.recordDispatch(b, c)
		}
		if err != nil {
			return b, err
		}
	case cmdImageInit, cmdImageWrite, cmdImageRead, cmdImageCopy, cmdImageToBuffer, cmdBufferToImage:
		if b, err = s.recordImage(b, c); err != nil {
			return b, err
		}
	case cmdMarker:
	}
	if c.kind != cmdMarker {
		if c.query >= 0 && c.query >= int(b.nQueries) {
			c.query = -1 // its start went with an earlier batch
		}
		s.timestamp(b, c, pipelineStageBottomOfPipe)
		if c.query >= 0 && c.query+1 >= int(b.nQueries) {
			c.query = -1
		}
	}
	return b, nil
}

// recordRead copies the buffer range into the ring, chunk by chunk, and
// has the batch's completion copy each chunk out to the host.
func (s *submitter) recordRead(b *batch, c *command) (*batch, error) {
	l := s.l
	for done := uint64(0); done < c.size; {
		n := min(c.size-done, chunkSize)
		var pos uint64
		var err error
		if b, pos, err = s.ringAlloc(b, n, 16); err != nil {
			return nil, err
		}
		src := access{c.src.blk.buf, c.src.off + c.srcOff + done, c.src.off + c.srcOff + done + n}
		s.hazard(b, []access{src}, nil)
		region := &vkBufferCopy{srcOffset: src.off, dstOffset: l.staging.offset(pos), size: n}
		call(l.vkCmdCopyBuffer, b.cb, uintptr(c.src.blk.buf), uintptr(l.staging.buf), 1, uintptr(unsafe.Pointer(region)))
		host, view := c.host[done:done+n], l.staging.bytes(pos, n)
		b.after = append(b.after, func() { c.deliver(host, view) })
		done += n
		if done < c.size {
			// The host copies this piece out (when the batch completes)
			// while the device copies the next into the ring.
			if b, err = s.next(b); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

// recordAreaCopy copies between a buffer and a staging area in one
// device copy (hoststage.go).
func (s *submitter) recordAreaCopy(b *batch, c *command) {
	l := s.l
	area := access{c.area.buf, c.areaOff, c.areaOff + c.size}
	if c.kind == cmdWrite {
		dst := access{c.dst.blk.buf, c.dst.off + c.dstOff, c.dst.off + c.dstOff + c.size}
		s.hazard(b, []access{area}, []access{dst})
		region := &vkBufferCopy{srcOffset: c.areaOff, dstOffset: dst.off, size: c.size}
		call(l.vkCmdCopyBuffer, b.cb, uintptr(c.area.buf), uintptr(dst.buf), 1, uintptr(unsafe.Pointer(region)))
		return
	}
	src := access{c.src.blk.buf, c.src.off + c.srcOff, c.src.off + c.srcOff + c.size}
	s.hazard(b, []access{src}, []access{area})
	region := &vkBufferCopy{srcOffset: src.off, dstOffset: c.areaOff, size: c.size}
	call(l.vkCmdCopyBuffer, b.cb, uintptr(src.buf), uintptr(c.area.buf), 1, uintptr(unsafe.Pointer(region)))
}

// recordFill fills with vkCmdFillBuffer when the pattern repeats every 4
// bytes and the range is 4-byte aligned; otherwise it copies a staged run
// of the pattern over the range.
func (s *submitter) recordFill(b *batch, c *command) (*batch, error) {
	l := s.l
	off := c.dst.off + c.dstOff
	dst := access{c.dst.blk.buf, off, off + c.size}
	p := c.pattern
	if len(p) <= 4 && 4%len(p) == 0 && off%4 == 0 && c.size%4 == 0 {
		var word [4]byte
		for i := range word {
			word[i] = p[i%len(p)]
		}
		s.hazard(b, nil, []access{dst})
		call(l.vkCmdFillBuffer, b.cb, uintptr(c.dst.blk.buf), uintptr(off), uintptr(c.size), uintptr(*(*uint32)(unsafe.Pointer(&word[0]))))
		return b, nil
	}
	run := min(c.size, 1<<20) / uint64(len(p)) * uint64(len(p))
	b, pos, err := s.ringAlloc(b, run, 16)
	if err != nil {
		return nil, err
	}
	view := l.staging.bytes(pos, run)
	for i := uint64(0); i < run; i += uint64(len(p)) {
		copy(view[i:], p)
	}
	s.hazard(b, nil, []access{dst})
	regions := make([]vkBufferCopy, 0, (c.size+run-1)/run)
	for done := uint64(0); done < c.size; done += run {
		regions = append(regions, vkBufferCopy{srcOffset: l.staging.offset(pos), dstOffset: off + done, size: min(run, c.size-done)})
	}
	call(l.vkCmdCopyBuffer, b.cb, uintptr(l.staging.buf), uintptr(c.dst.blk.buf), uintptr(len(regions)), uintptr(unsafe.Pointer(&regions[0])))
	return b, nil
}

// recordDispatch binds the pipeline, the descriptors and the push
// constants and dispatches, cutting the region to the device's work-group
// count limits.
func (s *submitter) recordDispatch(b *batch, c *command) (*batch, error) {
	l := s.l
	d := c.disp
	k := d.k
	// printf: staging for the copy of its buffer after the dispatch.
	pf := k.printfBuffer()
	var pfPos uint64
	if pf != nil {
		var err error
		if b, pfPos, err = s.ringAlloc(b, pf.size, 16); err != nil {
			return nil, err
		}
	}
	pfBatch := b
	// The SVM table goes into the ring (address.go), again below if the
	// PODs' staging moved us to a new batch.
	b, err := s.putSVMTable(b, d)
	if err != nil {
		return nil, err
	}
	svmBatch := b
	if k.pcBuf && len(d.svm) > 0 {
		l.fillPushBuffers(d) // with the SVM table's address
	}
	// POD clusters go into the batch's POD area (a recording it may keep,
	// reuse.go) or the ring.
	b.pods = b.pods[:0]
	for i := 0; i < len(d.pods); i++ {
		pod := d.pods[i]
		n := uint64(len(pod))
		if b.reusable {
			if buf, off, view, ok := s.podSlot(b, n); ok {
				copy(view, pod)
				b.pods = append(b.pods, vkDescriptorBufferInfo{buffer: buf, offset: off, rng: n})
				continue
			}
		}
		nb, pos, err := s.ringAlloc(b, n, l.mem.align)
		if err != nil {
			return nil, err
		}
		if nb != b {
			// A full ring moved us to a new batch: the clusters placed
			// before went with the one submitted; place them again.
			b, i = nb, -1
			b.pods = b.pods[:0]
			if k.pcBuf && len(d.svm) > 0 {
				// The push-constant clusters hold the SVM table's
				// address: the table first, in the new batch.
				if b, err = s.putSVMTable(b, d); err != nil {
					return nil, err
				}
				svmBatch = b
				l.fillPushBuffers(d)
			}
			continue
		}
		copy(l.staging.bytes(pos, n), pod)
		b.pods = append(b.pods, vkDescriptorBufferInfo{buffer: l.staging.buf, offset: l.staging.offset(pos), rng: n})
	}
	if b != svmBatch {
		if b, err = s.putSVMTable(b, d); err != nil {
			return nil, err
		}
	}
	if pf != nil {
		if b != pfBatch {
			// A full ring moved us to a new batch: the staging taken
			// before belongs to the one submitted.
			var err error
			if b, pfPos, err = s.ringAlloc(b, pf.size, 16); err != nil {
				return nil, err
			}
		}
		s.printfBefore(b, pf)
	}
	var rd, wr []access
	b.infos, b.imgInfos, b.texViews = b.infos[:0], b.imgInfos[:0], b.texViews[:0]
	for i, bd := range k.bindings {
		info := vkDescriptorBufferInfo{}
		var ii vkDescriptorImageInfo
		var tv uint64
		if isImageDescriptor(bd.typ) {
			di := d.imgs[i]
			ii = vkDescriptorImageInfo{sampler: di.sampler, imageView: di.view, imageLayout: imageLayoutGeneral}
			tv = di.bufView
		} else if bd.source == srcPOD {
			info = b.pods[bd.arg]
		} else {
			db := d.bufs[i]
			a := db.access()
			info = vkDescriptorBufferInfo{buffer: a.buf, offset: a.off, rng: db.rng}
			rd = append(rd, a)
			if bd.writable {
				wr = append(wr, a)
			}
		}
		b.infos = append(b.infos, info)
		b.imgInfos = append(b.imgInfos, ii)
		b.texViews = append(b.texViews, tv)
	}
	for _, h := range d.held {
		// Reached by address: anywhere in the buffer, read or written.
		a := access{h.blk.buf, h.off, h.off + h.alloced}
		rd, wr = append(rd, a), append(wr, a)
	}
	if k.hasImages {
		// Images are not tracked by range: barriers on both sides.
		b.imgDirty = true
	}
	s.hazard(b, rd, wr)
	if b.pipe != d.pipe {
		call(l.vkCmdBindPipeline, b.cb, pipelineBindPointCompute, uintptr(d.pipe))
		b.pipe = d.pipe
	}
	if err := s.bindDescriptors(b, k); err != nil {
		return b, err
	}
	// Cut the region into dispatches the device accepts.
	b.chunks = l.dispatchChunks(d, b.chunks[:0])
	for i := range b.chunks {
		ch := &b.chunks[i]
		sub := d.nd
		if k.regionPush {
			sub = kernelabi.SubRegion(&d.nd, ch)
		}
		if k.pcBuf {
			if i > 0 && k.regionPush {
				// This dispatch's push-constant cluster (pcbuffer.go).
				b.infos[k.pcBinding] = b.pods[len(k.pods)+i]
				if err := s.bindDescriptors(b, k); err != nil {
					// Not a pool to retry with (%v): the dispatches
					// before this one are recorded and would run twice.
					return b, fmt.Errorf("vulkan: kernel %s: descriptors of dispatch %d of %d: %v", k.refl.Name, i+1, len(b.chunks), err)
				}
			}
		} else if len(d.push) > 0 && (i == 0 || k.regionPush) {
			kernelabi.PutWorkItemPushConstants(d.push, k.p.refl, &sub)
			call(l.vkCmdPushConstants, b.cb, uintptr(k.layout), shaderStageCompute, 0, uintptr(len(d.push)), uintptr(unsafe.Pointer(&d.push[0])))
		}
		if ch.Base == [3]uint64{} || k.regionPush {
			call(l.vkCmdDispatch, b.cb, uintptr(ch.Count[0]), uintptr(ch.Count[1]), uintptr(ch.Count[2]))
		} else {
			call(l.vkCmdDispatchBase, b.cb, uintptr(ch.Base[0]), uintptr(ch.Base[1]), uintptr(ch.Base[2]),
				uintptr(ch.Count[0]), uintptr(ch.Count[1]), uintptr(ch.Count[2]))
		}
	}
	if pf != nil {
		s.printfAfter(b, c, pf, pfPos)
	}
	b.imgDirty = b.imgDirty || k.hasImages
	return b, nil
}

// poolExhausted reports a vkAllocateDescriptorSets failure that a fresh
// pool cures.
func poolExhausted(err error) bool {
	var ve *vkError
	return errors.As(err, &ve) && (ve.Result == -1000069000 || ve.Result == -12)
}

// bindDescriptors writes the kernel's descriptors from b.infos: pushed into
// the command buffer, or in sets from the batch's pool.
func (s *submitter) bindDescriptors(b *batch, k *kernel) error {
	l := s.l
	if len(k.bindings) == 0 {
		return nil
	}
	if k.pushSet >= 0 {
		b.writesDesc = b.writesDesc[:0]
		for i, bd := range k.bindings {
			b.writesDesc = append(b.writesDesc, b.descriptorWrite(i, bd, 0))
		}
		call(l.vkCmdPushDescriptorSet, b.cb, pipelineBindPointCompute, uintptr(k.layout), uintptr(k.pushSet),
			uintptr(len(b.writesDesc)), uintptr(unsafe.Pointer(&b.writesDesc[0])))
		return nil
	}
	sets := make([]uint64, len(k.setLayouts))
	ai := &vkDescriptorSetAllocateInfo{sType: sTypeDescriptorSetAllocateInfo, descriptorPool: b.descPool,
		descriptorSetCount: uint32(len(sets)), pSetLayouts: &k.setLayouts[0]}
	if err := check("vkAllocateDescriptorSets", call(l.vkAllocateDescriptorSets, l.handle, uintptr(unsafe.Pointer(ai)), uintptr(unsafe.Pointer(&sets[0])))); err != nil {
		return err
	}
	b.writesDesc = b.writesDesc[:0]
	for i, bd := range k.bindings {
		b.writesDesc = append(b.writesDesc, b.descriptorWrite(i, bd, sets[bd.set]))
	}
	call(l.vkUpdateDescriptorSets, l.handle, uintptr(len(b.writesDesc)), uintptr(unsafe.Pointer(&b.writesDesc[0])), 0, 0)
	call(l.vkCmdBindDescriptorSets, b.cb, pipelineBindPointCompute, uintptr(k.layout), 0, uintptr(len(sets)), uintptr(unsafe.Pointer(&sets[0])), 0, 0)
	return nil
}

// descriptorWrite is the descriptor write of binding i of the dispatch
// being recorded, into set (0 for push descriptors).
func (r *recording) descriptorWrite(i int, bd binding, set uint64) vkWriteDescriptorSet {
	w := vkWriteDescriptorSet{sType: sTypeWriteDescriptorSet, dstSet: set, dstBinding: bd.binding, descriptorCount: 1, descriptorType: bd.typ}
	switch bd.typ {
	case descriptorTypeSampler, descriptorTypeSampledImage, descriptorTypeStorageImage:
		w.pImageInfo = unsafe.Pointer(&r.imgInfos[i])
	case descriptorTypeUniformTexelBuffer, descriptorTypeStorageTexelBuffer:
		w.pTexelBufferView = unsafe.Pointer(&r.texViews[i])
	default:
		w.pBufferInfo = &r.infos[i]
	}
	return w
}
