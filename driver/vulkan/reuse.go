package vulkan

import (
	"bytes"
	"encoding/binary"
	"unsafe"
)

// Re-submitting recorded command buffers. A program that launches the same
// kernel with the same arguments again and again, waiting for each (a
// solver's step, clpeak's latency test), would have the driver record the
// same command buffer every time: begin, barrier, bind, push descriptors,
// push constants, dispatch, barrier, end, through purego, before the device
// can start. Instead a batch that held exactly one such dispatch keeps its
// recording, named by a key made of everything the recording depends on
// (pipeline, buffer ranges of the descriptors, POD sizes, push constants,
// NDRange, profiling); when the next flush is one dispatch of the same key
// and that batch has completed, its command buffer is submitted again as it
// is: the POD values written into the batch's POD area, a fence reset and
// vkQueueSubmit.
//
// The POD arguments of such a recording live in the batch's own small
// host-visible buffer (podAreaSize), not in the staging ring, whose space
// is reused as soon as the batch completes. Recordings that clear fresh
// buffers, use staging, printf or images are not kept. A recording names
// VkBuffers of memory blocks: when any block is destroyed, the memory's
// generation changes and every kept recording is dropped (a new block
// may get the old one's handle).

// podAreaSize bounds the POD bytes of a kept recording.
const podAreaSize = 4096

// reuse is a batch's kept recording.
type reuse struct {
	key      []byte // empty: the batch holds no recording to submit again
	gen      uint64 // the memory generation it was recorded at
	query    int    // its command's first timestamp query, or -1
	reusable bool   // the batch being recorded may be kept

	// The batch's POD area: a host-visible buffer, made on first use.
	podBuf, podMem uint64
	podView        unsafe.Pointer
	podSize        uint64 // 0 until made
	podUsed        uint64
	podOffs        []uint64 // where the recorded dispatch's POD clusters are
}

// holds reports whether b holds the recording of key at generation gen.
func (b *batch) holds(key []byte, gen uint64) bool {
	return len(b.key) > 0 && b.gen == gen && bytes.Equal(b.key, key)
}

// keep marks b's recording as one to submit again for key.
func (b *batch) keep(key []byte, gen uint64) {
	if len(b.cmds) != 1 || b.cmds[0].disp == nil || len(b.podOffs) != len(b.cmds[0].disp.pods) {
		return // some POD cluster is not in the batch's area
	}
	b.key = append(b.key[:0], key...)
	b.gen = gen
	b.query = -1
	if len(b.cmds) == 1 {
		b.query = b.cmds[0].query
	}
}

// reuseKey returns the key of a command whose recording can be submitted
// again, or nil. It is valid until the next call (s.recMu is held).
func (s *submitter) reuseKey(c *command) []byte {
	if c.kind != cmdDispatch || c.disp == nil || c.img != nil {
		return nil
	}
	d := c.disp
	k := d.k
	if k.hasImages || d.imgs != nil || k.printfBuffer() != nil {
		return nil
	}
	if len(d.held) > 0 || len(d.svm) > 0 {
		// Buffers reached by address and the SVM table (placed in the
		// ring for this dispatch only) are not in the key.
		return nil
	}
	podBytes := 0
	for _, p := range d.pods {
		podBytes += (len(p) + int(s.l.mem.align) - 1) &^ (int(s.l.mem.align) - 1)
	}
	if podBytes > podAreaSize {
		return nil
	}
	key := s.key[:0]
	profiling := uint64(0)
	if c.q != nil && c.q.profiling {
		profiling = 1
	}
	key = binary.LittleEndian.AppendUint64(key, profiling)
	key = binary.LittleEndian.AppendUint64(key, d.pipe)
	key = binary.LittleEndian.AppendUint64(key, k.layout)
	for i, bd := range k.bindings {
		if bd.source == srcPOD {
			continue
		}
		db := d.bufs[i]
		if db.b == nil {
			return nil
		}
		key = binary.LittleEndian.AppendUint64(key, db.b.blk.buf)
		key = binary.LittleEndian.AppendUint64(key, db.b.off+db.off)
		key = binary.LittleEndian.AppendUint64(key, db.rng)
	}
	// POD bytes are not part of the key, only their sizes: resubmit
	// writes the new values into the batch's POD area.
	for _, p := range d.pods {
		key = binary.LittleEndian.AppendUint64(key, uint64(len(p)))
	}
	key = binary.LittleEndian.AppendUint64(key, uint64(len(d.push)))
	key = append(key, d.push...)
	nd := &d.nd
	key = binary.LittleEndian.AppendUint64(key, uint64(nd.Dims))
	for _, v := range [...]*[3]uint64{&nd.Offset, &nd.Global, &nd.EnqueuedLocal, &nd.Local, &nd.RegionOffset, &nd.Region} {
		for _, x := range v {
			key = binary.LittleEndian.AppendUint64(key, x)
		}
	}
	s.key = key
	return key
}

// resubmit submits b's kept recording again for c, a dispatch of the same
// key.
func (s *submitter) resubmit(b *batch, c *command) {
	l := s.l
	if err := check("vkResetFences", call(l.vkResetFences, l.handle, 1, uintptr(unsafe.Pointer(&b.fence)))); err != nil {
		c.finish(err)
		b.key = nil
		s.putFree(b)
		return
	}
	// The batch has completed: its POD area is the host's to rewrite
	// (coherent memory; the submission makes the writes visible).
	for i, pod := range c.disp.pods {
		copy(unsafe.Slice((*byte)(unsafe.Add(b.podView, b.podOffs[i])), len(pod)), pod)
	}
	b.cmds = append(b.cmds[:0], c)
	c.query = b.query
	s.resubmits.Add(1)
	if err := s.queueSubmit(b); err != nil {
		s.failed = err
	}
}

// podSlot places n bytes of POD data in b's POD area; ok is false when
// they do not fit (or the area cannot be made): the ring takes them.
func (s *submitter) podSlot(b *batch, n uint64) (buf, off uint64, view []byte, ok bool) {
	l := s.l
	if b.podSize == 0 {
		pb, req, err := l.createBuffer(podAreaSize, bufferUsageStorage|bufferUsageUniform)
		if err != nil {
			return 0, 0, nil, false
		}
		mem, v, err := l.allocate(pb, req.size, l.staging.typeIndex, true)
		if err != nil {
			call(l.vkDestroyBuffer, l.handle, uintptr(pb), 0)
			return 0, 0, nil, false
		}
		b.podBuf, b.podMem, b.podView, b.podSize = pb, mem, v, podAreaSize
	}
	off = (b.podUsed + l.mem.align - 1) &^ (l.mem.align - 1)
	if off+n > b.podSize {
		return 0, 0, nil, false
	}
	b.podUsed = off + n
	b.podOffs = append(b.podOffs, off)
	return b.podBuf, off, unsafe.Slice((*byte)(unsafe.Add(b.podView, off)), n), true
}
