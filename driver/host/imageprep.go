package host

import (
	"fmt"
	"math"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/texel"
	"github.com/clgo/clgo/spirv"
)

// Images and samplers in a kernel (docs/images.md). An image or sampler
// argument, or a literal sampler, is a UniformConstant variable at a
// DescriptorSet and Binding; the dispatch binds a host image or a
// driver.Sampler there (Resource.Image, Resource.Sampler). Prepare gives
// each such variable a slot of Kernel.handles, and values of image,
// sampler and sampled-image types are slot numbers: OpLoad of the
// variable reads its slot (a constant row), OpSampledImage pairs an image
// slot with a sampler slot, and the image instructions look the slots up
// in the dispatch's bindings (state.bound) for each lane.

// handleSlot is an image or sampler variable of a kernel.
type handleSlot struct {
	set, binding int
	name         string
	sampler      bool
}

// bound is what a dispatch binds to a slot.
type bound struct {
	img *image
	smp *driver.Sampler
}

// handleType resolves OpTypeImage, OpTypeSampler and OpTypeSampledImage:
// one row (a slot), two for a sampled image (image and sampler slots).
func (p *prep) handleType(t *typ, in *inst) (*typ, error) {
	a := in.args
	t.size, t.align, t.comps = 8, 8, 1
	t.leaves = []leaf{{0, 8, false}}
	switch in.op {
	case spirv.OpTypeImage:
		if len(a) < 7 {
			return nil, fmt.Errorf("short OpTypeImage")
		}
		if t.elem = p.types[a[0]]; t.elem == nil {
			return nil, fmt.Errorf("%%%d is not a type", a[0])
		}
		// Dim and Arrayed are not kept: the bound image's type, not
		// the declared one, decides how coordinates address it.
	case spirv.OpTypeSampledImage:
		if len(a) < 1 {
			return nil, fmt.Errorf("short OpTypeSampledImage")
		}
		if t.elem = p.types[a[0]]; t.elem == nil || t.elem.op != spirv.OpTypeImage {
			return nil, fmt.Errorf("%%%d is not an image type", a[0])
		}
		t.size, t.comps = 16, 2
		t.leaves = []leaf{{0, 8, false}, {8, 8, false}}
	}
	return t, nil
}

// handleVar makes an image or sampler variable a slot.
func (p *prep) handleVar(in *inst, pt *typ) error {
	t := pt.elem
	if t.op != spirv.OpTypeImage && t.op != spirv.OpTypeSampler {
		return p.errorf("UniformConstant variable of type %s: only images and samplers are supported", t)
	}
	slot := handleSlot{set: -1, binding: -1, name: p.m.name(in.id), sampler: t.op == spirv.OpTypeSampler}
	if d, ok := p.m.deco(in.id, spirv.DecorationDescriptorSet); ok && len(d) > 0 {
		slot.set = int(d[0])
	}
	if d, ok := p.m.deco(in.id, spirv.DecorationBinding); ok && len(d) > 0 {
		slot.binding = int(d[0])
	}
	if slot.name == "" {
		slot.name = fmt.Sprintf("%%%d", in.id)
	}
	if slot.set < 0 || slot.binding < 0 {
		return p.errorf("image or sampler variable %s has no DescriptorSet and Binding", slot.name)
	}
	slot.name = fmt.Sprintf("%s (set %d, binding %d)", slot.name, slot.set, slot.binding)
	if p.handles == nil {
		p.handles = map[uint32]int{}
	}
	p.handles[in.id] = len(p.k.handles)
	p.k.handles = append(p.k.handles, slot)
	p.vtype[in.id] = pt
	return nil
}

// handleRows gives each image and sampler variable a row holding its slot.
func (p *prep) handleRows() {
	for id, slot := range p.handles {
		p.row[id] = p.nrows
		p.k.fills = append(p.k.fills, fill{off: p.nrows * p.lanes, vals: []uint64{uint64(slot)}})
		p.nrows++
	}
}

// handleLoad gives OpLoad of an image or sampler variable the variable's
// row: the slot, in every lane.
func (p *prep) handleLoad(in *inst) bool {
	if in.op != spirv.OpLoad || len(in.args) == 0 {
		return false
	}
	if _, ok := p.handles[in.args[0]]; !ok {
		return false
	}
	p.row[in.id] = p.row[in.args[0]]
	p.aliased[in.id] = true
	if p.uni != nil {
		p.uni[in.id] = true
	}
	return true
}

// bind finds what the dispatch binds to each slot of the kernel.
func (k *Kernel) bind(d *Dispatch) ([]bound, error) {
	if len(k.handles) == 0 {
		return nil, nil
	}
	b := make([]bound, len(k.handles))
	for i, h := range k.handles {
		for _, r := range d.Resources {
			if r.Set != h.set || r.Binding != h.binding {
				continue
			}
			switch {
			case h.sampler && r.Sampler != nil:
				b[i].smp = r.Sampler
			case !h.sampler && r.Image != nil:
				im, err := imageOf(r.Image)
				if err != nil {
					return nil, fmt.Errorf("kernel %s: %s: %w", k.name, h.name, err)
				}
				b[i].img = im
			}
		}
	}
	return b, nil
}

// imageAt is the image of slot h, or a failure naming the variable.
func (s *state) imageAt(h uint64) *image {
	if h < uint64(len(s.bound)) {
		if im := s.bound[h].img; im != nil {
			return im
		}
		panic(execError{fmt.Errorf("kernel %s: no image bound to %s", s.k.name, s.k.handles[h].name)})
	}
	panic(execError{fmt.Errorf("kernel %s: image operand %d is not an image", s.k.name, h)})
}

// samplerAt is the sampler of slot h, or a failure naming the variable.
func (s *state) samplerAt(h uint64) *driver.Sampler {
	if h < uint64(len(s.bound)) {
		if smp := s.bound[h].smp; smp != nil {
			return smp
		}
		panic(execError{fmt.Errorf("kernel %s: no sampler bound to %s", s.k.name, s.k.handles[h].name)})
	}
	panic(execError{fmt.Errorf("kernel %s: sampler operand %d is not a sampler", s.k.name, h)})
}

// imageOp compiles the image instructions of docs/images.md.
func (p *prep) imageOp(in *inst) (func(*state), error) {
	a := in.args
	L := p.lanes
	if len(a) < imageOperands(in.op) {
		return nil, p.errorf("short instruction")
	}
	ops, err := p.operands(a[:imageOperands(in.op)]...)
	if err != nil {
		return nil, err
	}
	// comps is the number of components of operand i, at most 4.
	comps := func(i int) int { return min(p.vtype[a[i]].comps, 4) }
	switch in.op {
	case spirv.OpSampledImage, spirv.OpImage:
		dst, err := p.operand(in.id)
		if err != nil {
			return nil, err
		}
		n := p.vtype[in.id].comps
		return func(s *state) {
			for l, on := range s.mask {
				if on {
					s.r[dst+l] = s.r[ops[0]+l]
					if n == 2 {
						s.r[dst+L+l] = s.r[ops[1]+l]
					}
				}
			}
		}, nil
	case spirv.OpImageSampleExplicitLod:
		dst, err := p.operand(in.id)
		if err != nil {
			return nil, err
		}
		img, coord, nc, n := ops[0], ops[1], comps(1), min(p.vtype[in.id].comps, 4)
		return func(s *state) {
			// The lanes' handles are one slot pair in practice: the
			// sampler's decisions are made once per pair (texel.Sampling).
			var sp texel.Sampling
			var spImg, spSmp uint64 = ^uint64(0), ^uint64(0)
			for l, on := range s.mask {
				if !on {
					continue
				}
				if hi, hs := s.r[img+l], s.r[img+L+l]; hi != spImg || hs != spSmp {
					sp = s.imageAt(hi).Sampling(*s.samplerAt(hs))
					spImg, spSmp = hi, hs
				}
				var c [4]float32
				for i := range nc {
					c[i] = math.Float32frombits(uint32(s.r[coord+i*L+l]))
				}
				v := sp.Sample(c)
				for i := range n {
					s.r[dst+i*L+l] = uint64(v[i])
				}
			}
		}, nil
	case spirv.OpImageFetch, spirv.OpImageRead:
		dst, err := p.operand(in.id)
		if err != nil {
			return nil, err
		}
		img, coord, nc, n := ops[0], ops[1], comps(1), min(p.vtype[in.id].comps, 4)
		return func(s *state) {
			for l, on := range s.mask {
				if !on {
					continue
				}
				im := s.imageAt(s.r[img+l])
				var c [4]int32
				for i := range nc {
					c[i] = int32(uint32(s.r[coord+i*L+l]))
				}
				v := im.Fetch(c)
				for i := range n {
					s.r[dst+i*L+l] = uint64(v[i])
				}
			}
		}, nil
	case spirv.OpImageWrite:
		img, coord, texel, nc, nt := ops[0], ops[1], ops[2], comps(1), comps(2)
		return func(s *state) {
			for l, on := range s.mask {
				if !on {
					continue
				}
				im := s.imageAt(s.r[img+l])
				var c [4]int32
				for i := range nc {
					c[i] = int32(uint32(s.r[coord+i*L+l]))
				}
				var v [4]uint32
				for i := range nt {
					v[i] = uint32(s.r[texel+i*L+l])
				}
				im.Write(c, v)
			}
		}, nil
	case spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		dst, err := p.operand(in.id)
		if err != nil {
			return nil, err
		}
		img, n := ops[0], min(p.vtype[in.id].comps, 3)
		m := widthOf(p.vtype[in.id].scalar().width).m
		return func(s *state) {
			for l, on := range s.mask {
				if on {
					im := s.imageAt(s.r[img+l])
					for i := range n {
						s.r[dst+i*L+l] = uint64(im.Ext[i]) & m
					}
				}
			}
		}, nil
	}
	return nil, p.errorf("unsupported instruction")
}

// imageOperands is how many leading operands of an image instruction are
// values it reads (the image operands that follow, such as Lod 0, are
// ignored: images have one level).
func imageOperands(op spirv.Op) int {
	switch op {
	case spirv.OpImage, spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		return 1
	case spirv.OpSampledImage, spirv.OpImageSampleExplicitLod, spirv.OpImageFetch, spirv.OpImageRead:
		return 2
	case spirv.OpImageWrite:
		return 3
	}
	return 0
}
