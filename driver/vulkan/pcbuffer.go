package vulkan

import (
	"github.com/clgo/clgo/driver/kernelabi"
)

// Push constants in a buffer (spirv/reflect_pcbuffer.go): a kernel whose
// push constants do not fit maxPushConstantsSize reads the same bytes
// from a storage buffer. The dispatch builds them as it builds push
// constants (d.push) and passes them as extra POD clusters, so that they
// take the POD clusters' way into the staging ring or a kept recording's
// POD area: one cluster per dispatch the NDRange is cut into where the
// work-item values differ between the dispatches (regionPush), else one.
// The recording binds cluster i for dispatch i.

// dispatchChunks appends to out the dispatches d's NDRange is cut into,
// each within the device's group-count limits (the recording's cut).
func (l *logical) dispatchChunks(d *dispatchCmd, out []kernelabi.Chunk) []kernelabi.Chunk {
	lim := l.phys.props.limits.maxComputeWorkGroupCount
	return kernelabi.SplitGroups(d.nd.Groups(), [3]uint64{uint64(lim[0]), uint64(lim[1]), uint64(lim[2])}, out)
}

// addPushBuffers appends d's push-constant clusters to d.pods and fills
// them.
func (l *logical) addPushBuffers(d *dispatchCmd) {
	n := 1
	if d.k.regionPush {
		n = len(l.dispatchChunks(d, nil))
	}
	size := len(d.push)
	arena := make([]byte, n*size)
	for range n {
		d.pods = append(d.pods, arena[:size:size])
		arena = arena[size:]
	}
	l.fillPushBuffers(d)
}

// fillPushBuffers writes d.push, with each dispatch's work-item values,
// into d's push-constant clusters: again when the recording has put the
// SVM table's address into d.push.
func (l *logical) fillPushBuffers(d *dispatchCmd) {
	k := d.k
	bufs := d.pods[len(k.pods):]
	if !k.regionPush {
		kernelabi.PutWorkItemPushConstants(d.push, k.p.refl, &d.nd)
		copy(bufs[0], d.push)
		return
	}
	for i, ch := range l.dispatchChunks(d, nil) {
		sub := kernelabi.SubRegion(&d.nd, &ch)
		kernelabi.PutWorkItemPushConstants(d.push, k.p.refl, &sub)
		copy(bufs[i], d.push)
	}
}
