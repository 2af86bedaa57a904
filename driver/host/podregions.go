package host

import (
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/spirv"
)

// The POD arguments of a kernel that takes them in a buffer (the Vulkan
// mapping's POD cluster) live in memory that launch makes for each
// dispatch and that nothing writes while it runs: the program's loads
// from it at constant offsets are the same for the whole dispatch. The
// lane program carries that as lanes.Region.ArgInvSize, so that native
// code loads them once per work-group, as it does push constants,
// instead of in every chunk with a bound check each (jit/groupinv.go).
// A plain buffer marked NonWritable does not qualify: another argument
// may be the same memory and write it.

// markPODRegions sets ArgInvSize on the regions of p that hold entry's
// POD arguments by the module's reflection: the bytes its arguments
// reach. A region the program stores to or updates atomically is left
// alone (the compiler never writes its POD buffer; other producers'
// modules are not trusted to follow it).
func (m *Module) markPODRegions(p *lanes.Program, entry string) {
	refl, err := spirv.ReadReflection(m.sm)
	if err != nil || refl == nil {
		return
	}
	k := refl.Kernel(entry)
	if k == nil {
		return
	}
	size := map[[2]int]int{}
	for _, a := range k.Args {
		switch a.Kind {
		case spirv.ArgPOD, spirv.ArgPODUBO, spirv.ArgPointerUBO:
			key := [2]int{int(a.DescriptorSet), int(a.Binding)}
			size[key] = max(size[key], int(a.Offset+a.Size))
		}
	}
	if len(size) == 0 {
		return
	}
	written := make([]bool, len(p.Regions))
	for i := range p.Ops {
		o := &p.Ops[i]
		if (o.Code == lanes.Store || o.Code == lanes.Atomic) && o.Imm >= 0 && int(o.Imm) < len(written) {
			written[o.Imm] = true
		}
	}
	for i := range p.Regions {
		rg := &p.Regions[i]
		if rg.Kind != lanes.RegionBuffer || written[i] {
			continue
		}
		if n := size[[2]int{rg.Set, rg.Binding}]; n > 0 {
			rg.ArgInvSize = n
		}
	}
}

// podRegionsHold reports whether dispatch d keeps the promise of p's
// ArgInvSize regions (lanes.Region): each bound to at least ArgInvSize
// bytes that no other resource of d overlaps. launch always keeps it;
// a caller of the Module API that binds the POD arguments' binding to
// too little memory, or to memory another binding also reaches, has its
// dispatch run by the kernel's program built without that promise
// (tierKernel.unhoisted), which reads the arguments where the kernel
// does and traps where the access does.
func podRegionsHold(p *lanes.Program, d *Dispatch) bool {
	for _, rg := range p.Regions {
		if rg.ArgInvSize <= 0 {
			continue
		}
		var pod []byte
		found := false
		for _, r := range d.Resources {
			if r.Set == rg.Set && r.Binding == rg.Binding {
				pod, found = r.Data, true
			}
		}
		if !found || len(pod) < rg.ArgInvSize {
			return false
		}
		for _, r := range d.Resources {
			if r.Set == rg.Set && r.Binding == rg.Binding || len(r.Data) == 0 {
				continue
			}
			if overlap(pod, r.Data) {
				return false
			}
		}
	}
	return true
}
