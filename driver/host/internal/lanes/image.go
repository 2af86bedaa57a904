package lanes

import (
	"fmt"

	"github.com/clgo/clgo/spirv"
)

// Images and samplers (docs/images.md). An image or sampler argument, or
// a literal sampler, is a UniformConstant variable at a DescriptorSet and
// Binding; Build gives it a RegionImage or RegionSampler region, and a
// value of an image, sampler or sampled-image type is the index of that
// region: a Uniform I32 constant per handle (a sampled image has two
// leaves, the image's and the sampler's). The image ops name their
// regions in Imm and Imm2, so a handle must be known when the program is
// built: calls are inlined, and OpenCL C cannot choose between images at
// run time.

// handleType resolves OpTypeImage, OpTypeSampler and OpTypeSampledImage.
func (ts *types) handleType(t *typ, in *spirv.Instruction) (*typ, error) {
	t.size, t.align = 4, 4
	t.leaves = []leaf{{kind: I32, size: 4, bits: 32}}
	if in.Op == spirv.OpTypeSampledImage {
		t.size = 8
		t.leaves = append(t.leaves, leaf{off: 4, kind: I32, size: 4, bits: 32})
	}
	return t, nil
}

// handleVar makes the region of an image or sampler variable, named as
// the driver's errors name it.
func (b *builder) handleVar(def *spirv.Instruction, t *typ, name string) (int, error) {
	kind := RegionImage
	switch t.op {
	case spirv.OpTypeImage:
	case spirv.OpTypeSampler:
		kind = RegionSampler
	default:
		return 0, unsupported("OpVariable", "a UniformConstant variable of type %s", t)
	}
	set, ok1 := b.x.DecorationValue(def.Result, spirv.DecorationDescriptorSet)
	bind, ok2 := b.x.DecorationValue(def.Result, spirv.DecorationBinding)
	if !ok1 || !ok2 {
		return 0, unsupported("OpVariable", "an image or sampler without a descriptor set and binding")
	}
	b.p.Regions = append(b.p.Regions, Region{Kind: kind, Set: int(set), Binding: int(bind),
		Name: fmt.Sprintf("%s (set %d, binding %d)", name, set, bind)})
	return len(b.p.Regions) - 1, nil
}

// handleLoad is OpLoad of an image or sampler variable: its region's
// index, and whether p is such a variable.
func (b *builder) handleLoad(p *ptr, t *typ) (*sval, bool) {
	if p.region < 0 {
		return nil, false
	}
	switch b.p.Regions[p.region].Kind {
	case RegionImage, RegionSampler:
		return &sval{t: t, leaves: []Value{b.konst(I32, uint64(p.region))}}, true
	}
	return nil, false
}

// handle is the region a handle leaf names, which must be a constant of
// the kind wanted.
func (b *builder) handle(v Value, kind RegionKind) (int64, error) {
	bits, ok := b.constBits(v)
	if !ok || bits >= uint64(len(b.p.Regions)) || b.p.Regions[bits].Kind != kind {
		return 0, unsupported(b.cur.Op.String(), "an image or sampler not known when the program is built")
	}
	return int64(bits), nil
}

// image emits the image instructions the host runs: OpSampledImage
// and OpImage (handles), OpImageSampleExplicitLod, OpImageFetch,
// OpImageRead, OpImageWrite and OpImageQuerySize(Lod). Their image
// operands past the coordinate (Lod 0) are ignored: images have one
// level.
func (b *builder) image(in *instance, x *spirv.Instruction, cur Value) error {
	a := x.Operands
	if len(a) < imageOperands(x.Op) {
		return fmt.Errorf("short instruction")
	}
	args := make([][]Value, imageOperands(x.Op))
	for i := range args {
		l, _, err := b.scalars(in, spirv.ID(a[i]))
		if err != nil {
			return err
		}
		args[i] = l
	}
	if x.Op == spirv.OpImageWrite {
		return b.imageWrite(args, cur)
	}
	t, err := b.types.get(x.ResultType)
	if err != nil {
		return err
	}
	set := func(vs ...Value) error {
		in.env[x.Result] = &sval{t: t, leaves: vs}
		return nil
	}
	switch x.Op {
	case spirv.OpSampledImage:
		if len(args[0]) != 1 || len(args[1]) != 1 {
			return unsupported(x.Op.String(), "operands")
		}
		return set(args[0][0], args[1][0])
	case spirv.OpImage:
		if len(args[0]) != 2 {
			return unsupported(x.Op.String(), "operand")
		}
		return set(args[0][0])
	case spirv.OpImageQuerySize, spirv.OpImageQuerySizeLod:
		img, err := b.handle(args[0][0], RegionImage)
		if err != nil {
			return err
		}
		var vs []Value
		for i, lf := range t.leaves {
			if i >= 3 {
				vs = append(vs, b.konst(lf.kind, 0))
				continue
			}
			v := b.newValue(lf.kind, Uniform)
			b.emit(Op{Code: ImageSize, Kind: lf.kind, Dst: v, A: NoValue, B: NoValue, C: NoValue, M: cur, Imm: img, Imm2: int64(i)})
			vs = append(vs, v)
		}
		return set(vs...)
	}
	// OpImageSampleExplicitLod, OpImageFetch, OpImageRead: one op for
	// the texel, its component 0, and an ImagePart for each other one.
	if len(t.leaves) == 0 || len(t.leaves) > 4 || t.leaves[0].kind.Bytes() != 4 {
		return unsupported(x.Op.String(), "a result of type %s", t)
	}
	op := Op{Code: ImageFetch, Kind: I32, M: cur}
	if x.Op == spirv.OpImageSampleExplicitLod {
		if len(args[0]) != 2 {
			return unsupported(x.Op.String(), "operand")
		}
		op.Code, op.Kind = ImageSample, F32
		if op.Imm2, err = b.handle(args[0][1], RegionSampler); err != nil {
			return err
		}
	}
	if op.Imm, err = b.handle(args[0][0], RegionImage); err != nil {
		return err
	}
	if err := b.coords(&op, args[1]); err != nil {
		return err
	}
	first := b.newValue(t.leaves[0].kind, Varying)
	op.Dst = first
	b.emit(op)
	vs := []Value{first}
	for i := 1; i < len(t.leaves); i++ {
		v := b.newValue(t.leaves[i].kind, Varying)
		b.emit(Op{Code: ImagePart, Kind: t.leaves[i].kind, Dst: v, A: first, B: NoValue, C: NoValue, M: cur, Imm: int64(i)})
		vs = append(vs, v)
	}
	return set(vs...)
}

// coords puts up to three coordinate components in A, B and C (more are
// never read: a layer follows at most two spatial coordinates).
func (b *builder) coords(op *Op, c []Value) error {
	op.A, op.B, op.C = NoValue, NoValue, NoValue
	for i, v := range c {
		if b.kindOf(v).Bytes() != 4 {
			return unsupported(b.cur.Op.String(), "a coordinate of kind %s", b.kindOf(v))
		}
		switch i {
		case 0:
			op.A = v
		case 1:
			op.B = v
		case 2:
			op.C = v
		}
	}
	return nil
}

// imageWrite is OpImageWrite: the texel's components into the texel
// register, then the write.
func (b *builder) imageWrite(args [][]Value, cur Value) error {
	img, err := b.handle(args[0][0], RegionImage)
	if err != nil {
		return err
	}
	if len(args[2]) > 4 {
		return unsupported("OpImageWrite", "a texel of %d components", len(args[2]))
	}
	for i, v := range args[2] {
		if b.kindOf(v).Bytes() != 4 {
			return unsupported("OpImageWrite", "a texel of kind %s", b.kindOf(v))
		}
		b.emit(Op{Code: ImageTexel, Kind: b.kindOf(v), Dst: NoValue, A: v, B: NoValue, C: NoValue, M: NoValue, Imm: int64(i)})
	}
	for i := len(args[2]); i < 4; i++ {
		b.emit(Op{Code: ImageTexel, Kind: I32, Dst: NoValue, A: b.konst(I32, 0), B: NoValue, C: NoValue, M: NoValue, Imm: int64(i)})
	}
	op := Op{Code: ImageWrite, Kind: I32, Dst: NoValue, M: cur, Imm: img}
	if err := b.coords(&op, args[1]); err != nil {
		return err
	}
	b.emit(op)
	// An Image1DBuffer views a buffer's bytes: loads of buffers before
	// the write are not its values after it.
	if len(b.loads) > 0 {
		b.loads = map[loadKey]Value{}
	}
	return nil
}

// imageOperands is how many leading operands of an image instruction are
// values it reads.
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
