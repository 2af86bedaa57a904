package vulkan

import (
	"fmt"
	"slices"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// Image and sampler arguments (docs/images.md): read_only images are
// SAMPLED_IMAGE descriptors of the image's sampled view, write_only and
// read_write ones STORAGE_IMAGE descriptors of its storage view, 1D buffer
// images UNIFORM_ or STORAGE_TEXEL_BUFFER descriptors of its buffer view,
// sampler_t arguments and literal samplers SAMPLER descriptors of the
// cached VkSampler of their state (sampler.go).

// imageVar is what a module declares at an image or sampler binding: the
// OpTypeImage's sampled type, Dim, Arrayed and Sampled operands.
type imageVar struct {
	known   bool // a UniformConstant image or sampler variable is there
	sampler bool
	dim     spirv.Dim
	arrayed bool
	sampled uint32 // 1: sampled image or uniform texel buffer, 2: storage
	kind    sampledKind
	// texels says whether the kernel reads or writes texels of the image
	// (sampling, fetch, read, write), not only queries its size: only
	// then must the format's numeric type be the sampled type.
	texels bool
}

// descriptorType is the Vulkan descriptor type the variable takes.
func (v imageVar) descriptorType() uint32 {
	switch {
	case v.sampler:
		return descriptorTypeSampler
	case v.dim == spirv.DimBuffer && v.sampled == 2:
		return descriptorTypeStorageTexelBuffer
	case v.dim == spirv.DimBuffer:
		return descriptorTypeUniformTexelBuffer
	case v.sampled == 2:
		return descriptorTypeStorageImage
	}
	return descriptorTypeSampledImage
}

// imageVars maps (set, binding) to the UniformConstant image and sampler
// variables that entry function entry uses. Only its own: the kernels of
// one module number their arguments' bindings alike, so two kernels may
// declare different image types at one binding (a write_only image2d_t
// argument 0 in one, a read_only one in the other).
func (p *program) imageVars(entry spirv.ID) map[[2]uint32]imageVar {
	x := p.index
	texels := texelAccesses(x.Module)
	out := map[[2]uint32]imageVar{}
	for _, id := range p.uses(entry) {
		in := x.Defs[id]
		if in == nil || in.Op != spirv.OpVariable || len(in.Operands) == 0 || spirv.StorageClass(in.Operands[0]) != spirv.StorageClassUniformConstant {
			continue
		}
		set, ok1 := x.DecorationValue(in.Result, spirv.DecorationDescriptorSet)
		bind, ok2 := x.DecorationValue(in.Result, spirv.DecorationBinding)
		pt := x.Defs[in.ResultType]
		if !ok1 || !ok2 || pt == nil || pt.Op != spirv.OpTypePointer || len(pt.Operands) < 2 {
			continue
		}
		t := x.Defs[spirv.ID(pt.Operands[1])]
		var v imageVar
		switch {
		case t == nil:
			continue
		case t.Op == spirv.OpTypeSampler:
			v = imageVar{known: true, sampler: true}
		case t.Op == spirv.OpTypeImage && len(t.Operands) >= 7:
			v = imageVar{known: true, dim: spirv.Dim(t.Operands[1]), arrayed: t.Operands[3] != 0, sampled: t.Operands[5], texels: texels[in.Result]}
			if st := x.Defs[spirv.ID(t.Operands[0])]; st != nil && st.Op == spirv.OpTypeInt && len(st.Operands) == 2 {
				v.kind = kindUint
				if st.Operands[1] != 0 {
					v.kind = kindInt
				}
			}
		default:
			continue
		}
		out[[2]uint32{set, bind}] = v
	}
	return out
}

// texelAccesses returns the UniformConstant variables whose loaded
// handles reach an instruction other than OpImageQuery*: a kernel that
// only asks an image's size (get_image_width, get_image_dim) declares it
// with the default float sampled type whatever its format, and Vulkan's
// rule that the format's numeric type match the sampled type is about
// accessing texels. Any other use (OpSampledImage, fetch, read, write, a
// copy) counts as an access.
func texelAccesses(m *spirv.Module) map[spirv.ID]bool {
	loads := map[spirv.ID]spirv.ID{} // loaded handle -> variable
	for _, fn := range m.Functions {
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if in.Op == spirv.OpLoad && len(in.Operands) > 0 {
					loads[in.Result] = spirv.ID(in.Operands[0])
				}
			}
		}
	}
	out := map[spirv.ID]bool{}
	for _, fn := range m.Functions {
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				switch in.Op {
				case spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod, spirv.OpImageQueryLevels, spirv.OpImageQuerySamples:
					continue
				}
				for _, w := range in.Operands {
					if v, ok := loads[spirv.ID(w)]; ok {
						out[v] = true
					}
				}
			}
		}
	}
	return out
}

// imageDims is the (Dim, Arrayed) an image of type t is declared with.
func imageDims(t driver.ImageType) (spirv.Dim, bool) {
	switch t {
	case driver.Image1DArray:
		return spirv.Dim1D, true
	case driver.Image2D:
		return spirv.Dim2D, false
	case driver.Image2DArray:
		return spirv.Dim2D, true
	case driver.Image3D:
		return spirv.Dim3D, false
	case driver.Image1DBuffer:
		return spirv.DimBuffer, false
	}
	return spirv.Dim1D, false
}

// isImageDescriptor reports whether descriptors of type typ hold images,
// samplers or texel buffers.
func isImageDescriptor(typ uint32) bool {
	switch typ {
	case descriptorTypeSampler, descriptorTypeSampledImage, descriptorTypeStorageImage,
		descriptorTypeUniformTexelBuffer, descriptorTypeStorageTexelBuffer:
		return true
	}
	return false
}

// imageLayout completes the image side of a kernel's layout once its
// argument bindings are known: the declared types of image bindings, the
// literal samplers of the module (made now), and the device's per-stage
// descriptor limits.
func (k *kernel) imageLayout(entry spirv.ID, add func(binding) *binding) error {
	p := k.p
	l := p.l
	vars := p.imageVars(entry)
	for _, ic := range k.refl.ImageChannelInfo {
		if !ic.PushConstant {
			k.unsupported = fmt.Sprintf("argument %d: image channel info in a uniform buffer", ic.Ordinal)
		}
	}
	// The border's type follows the kernel's sampled images (sampler.go).
	var ints, floats int
	for i := range k.bindings {
		b := &k.bindings[i]
		b.img = vars[[2]uint32{b.set, b.binding}]
		if b.typ == descriptorTypeSampledImage && b.img.known && b.img.texels {
			if b.img.kind == kindFloat {
				floats++
			} else {
				ints++
			}
		}
	}
	k.intBorder = ints > 0 && floats == 0
	for _, ls := range p.refl.LiteralSamplers {
		h, err := l.sampler(driver.SamplerFromMask(ls.Mask), k.intBorder)
		if err != nil {
			return fmt.Errorf("vulkan: kernel %s: literal sampler %#x: %w", k.refl.Name, ls.Mask, err)
		}
		add(binding{set: ls.DescriptorSet, binding: ls.Binding, typ: descriptorTypeSampler, source: srcLiteral, sampler: h, img: imageVar{known: true, sampler: true}})
	}
	var samplers, sampled, storage, all uint32
	for _, b := range k.bindings {
		all++
		switch b.typ {
		case descriptorTypeSampler:
			samplers++
		case descriptorTypeSampledImage, descriptorTypeUniformTexelBuffer:
			sampled++
		case descriptorTypeStorageImage, descriptorTypeStorageTexelBuffer:
			storage++
		}
		if isImageDescriptor(b.typ) {
			k.hasImages = true
		}
	}
	lim := &l.phys.props.limits
	for _, c := range []struct {
		what     string
		n, limit uint32
	}{
		{"samplers (arguments and literal samplers)", samplers, lim.maxPerStageDescriptorSamplers},
		{"read-only images", sampled, lim.maxPerStageDescriptorSampledImages},
		{"write-only and read-write images", storage, lim.maxPerStageDescriptorStorageImages},
		{"resources (buffers, images and samplers)", all, lim.maxPerStageResources},
	} {
		if c.n > c.limit {
			return fmt.Errorf("vulkan: kernel %s uses %d %s, the device binds %d: %w", k.refl.Name, c.n, c.what, c.limit, driver.ErrOutOfResources)
		}
	}
	return nil
}

// descImage is the image, view or sampler of one binding of a dispatch.
type descImage struct {
	im      *Image // holds a reference
	view    uint64 // VkImageView
	bufView uint64 // VkBufferView
	sampler uint64
}

// imageDescriptor resolves argument v for image or sampler binding b.
func (q *queue) imageDescriptor(k *kernel, b *binding, v driver.Arg) (descImage, error) {
	name := k.refl.Name
	if b.typ == descriptorTypeSampler {
		if v.Kind != driver.ArgSampler {
			return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d is a sampler, not %v: %w", name, b.arg, v.Kind, driver.ErrInvalidArgValue)
		}
		s := v.Sampler
		if slices.ContainsFunc(k.refl.SamplerMasks, func(sm spirv.SamplerMask) bool { return int(sm.Ordinal) == b.arg }) {
			// The kernel reads the state in push constants and divides
			// unnormalized coordinates itself where it samples through
			// this sampler (docs/images.md): Vulkan's unnormalized
			// samplers take no 3D or array image.
			s.NormalizedCoords = true
		}
		h, err := q.d.sampler(s, k.intBorder)
		if err != nil {
			return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: %w", name, b.arg, err)
		}
		return descImage{sampler: h}, nil
	}
	if v.Kind != driver.ArgImage || v.Image == nil {
		return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d is an image, not %v: %w", name, b.arg, v.Kind, driver.ErrInvalidArgValue)
	}
	im, err := imageOf(v.Image, q.d)
	if err != nil {
		return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: %w", name, b.arg, err)
	}
	t := im.desc.Type
	if b.img.known {
		dim, arrayed := imageDims(t)
		if dim != b.img.dim || arrayed != b.img.arrayed {
			return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: an image of type %#x where the kernel declares Dim %v, Arrayed %v: %w", name, b.arg, uint32(t), b.img.dim, b.img.arrayed, driver.ErrInvalidArgValue)
		}
		if b.img.texels && b.img.kind != im.fmt.kind {
			// Vulkan leaves reading a format through another numeric
			// type undefined; OpenCL calls it undefined too.
			return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: image format %#x/%#x read or written as %s: %w", name, b.arg, im.desc.Format.Order, im.desc.Format.DataType, b.img.kind, driver.ErrInvalidArgValue)
		}
	}
	d := descImage{im: im}
	switch b.typ {
	case descriptorTypeSampledImage:
		d.view = im.sampledView
	case descriptorTypeStorageImage:
		d.view = im.storageView
		if !im.storage {
			return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: image format %#x/%#x cannot be written by kernels on %s: %w", name, b.arg, im.desc.Format.Order, im.desc.Format.DataType, q.d.info.Name, driver.ErrInvalidArgValue)
		}
	default:
		d.bufView = im.bufView
	}
	if (d.view == 0) == (d.bufView == 0) {
		return descImage{}, fmt.Errorf("vulkan: kernel %s: argument %d: an image of type %#x for a %s: %w", name, b.arg, uint32(t), descriptorName(b.typ), driver.ErrInvalidArgValue)
	}
	im.ref()
	return d, nil
}

func (k sampledKind) String() string {
	switch k {
	case kindInt:
		return "int"
	case kindUint:
		return "uint"
	}
	return "float"
}

func descriptorName(typ uint32) string {
	switch typ {
	case descriptorTypeSampler:
		return "sampler"
	case descriptorTypeSampledImage:
		return "read-only image"
	case descriptorTypeStorageImage:
		return "writable image"
	case descriptorTypeUniformTexelBuffer:
		return "read-only 1D buffer image"
	case descriptorTypeStorageTexelBuffer:
		return "writable 1D buffer image"
	}
	return "buffer"
}
