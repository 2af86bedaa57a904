package host

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// glsl compiles an OpExtInst of GLSL.std.450.
func (p *prep) glsl(in *inst) (func(*state), error) {
	if len(in.args) < 2 {
		return nil, p.errorf("short instruction")
	}
	num := spirv.GLSLstd450(in.args[1])
	args := in.args[2:]
	if len(args) == 0 {
		return nil, p.errorf("GLSL.std.450 %d without operands", num)
	}
	t0 := p.vtype[args[0]]
	if t0 == nil {
		return nil, p.errorf("operand %%%d is not a value", args[0])
	}
	key := loopKey{op: uint32(num), k: numKind(t0), ext: true}
	w := widthOf(t0.scalar().width)
	if hasLoop(key, len(args)) {
		return p.elementwise(in, key, args, w)
	}
	name := glslName(uint32(num))
	switch num {
	case spirv.GLSLstd450Length, spirv.GLSLstd450Distance, spirv.GLSLstd450Cross, spirv.GLSLstd450Normalize, spirv.GLSLstd450FaceForward, spirv.GLSLstd450Reflect,
		spirv.GLSLstd450Refract, spirv.GLSLstd450Ldexp, spirv.GLSLstd450Modf, spirv.GLSLstd450ModfStruct, spirv.GLSLstd450Frexp, spirv.GLSLstd450FrexpStruct,
		spirv.GLSLstd450PackHalf2x16, spirv.GLSLstd450UnpackHalf2x16, spirv.GLSLstd450PackUnorm4x8, spirv.GLSLstd450PackSnorm4x8,
		spirv.GLSLstd450UnpackUnorm4x8, spirv.GLSLstd450UnpackSnorm4x8, spirv.GLSLstd450PackUnorm2x16, spirv.GLSLstd450PackSnorm2x16,
		spirv.GLSLstd450UnpackUnorm2x16, spirv.GLSLstd450UnpackSnorm2x16, spirv.GLSLstd450PackDouble2x32, spirv.GLSLstd450UnpackDouble2x32:
		return p.glslLane(in, num, args)
	}
	return nil, p.errorf("unsupported GLSL.std.450 instruction %s", name)
}

// glslLane compiles the GLSL.std.450 instructions that work on whole
// vectors or mix types, one lane at a time through float64 scratch.
func (p *prep) glslLane(in *inst, num spirv.GLSLstd450, args []uint32) (func(*state), error) {
	offs, err := p.operands(args...)
	if err != nil {
		return nil, err
	}
	dst, err := p.operand(in.id)
	if err != nil {
		return nil, err
	}
	L := p.lanes
	rt := p.vtype[in.id]
	n := rt.comps * L
	types := make([]*typ, len(args))
	for i, id := range args {
		types[i] = p.vtype[id]
	}
	fb := types[0].scalar().width
	rb := rt.scalar().width
	if rt.op == spirv.OpTypeStruct { // ModfStruct, FrexpStruct
		rb = rt.members[0].scalar().width
	}
	comps := types[0].comps
	// Modf and Frexp also store through a pointer.
	var store func(*state)
	if num == spirv.GLSLstd450Modf || num == spirv.GLSLstd450Frexp {
		if len(args) < 2 || types[1].op != spirv.OpTypePointer {
			return nil, p.errorf("second operand is not a pointer")
		}
		tmpRow := p.nrows
		p.nrows += comps
		p.k.rows = max(p.k.rows, p.nrows)
		if p.physical(args[1]) {
			store = p.physStore(offs[1], types[1].elem, tmpRow*L)
		} else {
			store = p.store(offs[1], types[1].elem, tmpRow*L, -1)
		}
		offs = append(offs, tmpRow*L)
	}
	f := func(s *state, l int) {
		get := func(i int) []float64 {
			v := s.f64[i][:types[i].comps]
			fbi := types[i].scalar().width
			for c := range v {
				v[c] = decodeF(s.r[offs[i]+c*L+l], fbi)
			}
			return v
		}
		out := s.f64[3][:rt.comps]
		switch num {
		case spirv.GLSLstd450Length:
			out[0] = norm(get(0))
		case spirv.GLSLstd450Distance:
			x, y := get(0), get(1)
			for c := range x {
				x[c] -= y[c]
			}
			out[0] = norm(x)
		case spirv.GLSLstd450Cross:
			x, y := get(0), get(1)
			out[0], out[1], out[2] = x[1]*y[2]-y[1]*x[2], x[2]*y[0]-y[2]*x[0], x[0]*y[1]-y[0]*x[1]
		case spirv.GLSLstd450Normalize:
			x := get(0)
			m := norm(x)
			for c := range x {
				out[c] = x[c] / m
			}
		case spirv.GLSLstd450FaceForward:
			nn, i, nref := get(0), get(1), get(2)
			sign := 1.0
			if dot(nref, i) >= 0 {
				sign = -1
			}
			for c := range nn {
				out[c] = sign * nn[c]
			}
		case spirv.GLSLstd450Reflect:
			i, nn := get(0), get(1)
			d := dot(nn, i)
			for c := range i {
				out[c] = i[c] - 2*d*nn[c]
			}
		case spirv.GLSLstd450Refract:
			i, nn := get(0), get(1)
			eta := decodeF(s.r[offs[2]+l], types[2].width)
			d := dot(nn, i)
			k := 1 - eta*eta*(1-d*d)
			for c := range i {
				if k < 0 {
					out[c] = 0
				} else {
					out[c] = eta*i[c] - (eta*d+math.Sqrt(k))*nn[c]
				}
			}
		case spirv.GLSLstd450Ldexp:
			x := get(0)
			ew := widthOf(types[1].scalar().width)
			for c := range x {
				e := offs[1] + l
				if types[1].comps > 1 {
					e += c * L
				}
				out[c] = math.Ldexp(x[c], int(max(min(sx(s.r[e], ew), 1<<20), -1<<20)))
			}
		case spirv.GLSLstd450Modf, spirv.GLSLstd450ModfStruct:
			x := get(0)
			for c := range x {
				ip, fr := math.Modf(x[c])
				out[c] = fr
				if num == spirv.GLSLstd450Modf {
					s.r[offs[len(offs)-1]+c*L+l] = encodeF(ip, fb)
				} else {
					out[comps+c] = ip
				}
			}
		case spirv.GLSLstd450Frexp, spirv.GLSLstd450FrexpStruct:
			x := get(0)
			for c := range x {
				fr, e := math.Frexp(x[c])
				if math.IsInf(x[c], 0) || x[c] != x[c] {
					e = 0
				}
				out[c] = fr
				ev := uint64(int64(e)) & 0xffffffff
				if num == spirv.GLSLstd450Frexp {
					s.r[offs[len(offs)-1]+c*L+l] = ev
				} else {
					out[comps+c] = math.Float64frombits(ev) // raw bits, see below
				}
			}
		}
	}
	// Integer-valued results (packing) are handled apart from the float path.
	switch num {
	case spirv.GLSLstd450PackHalf2x16, spirv.GLSLstd450UnpackHalf2x16, spirv.GLSLstd450PackUnorm4x8, spirv.GLSLstd450PackSnorm4x8,
		spirv.GLSLstd450UnpackUnorm4x8, spirv.GLSLstd450UnpackSnorm4x8, spirv.GLSLstd450PackUnorm2x16, spirv.GLSLstd450PackSnorm2x16,
		spirv.GLSLstd450UnpackUnorm2x16, spirv.GLSLstd450UnpackSnorm2x16, spirv.GLSLstd450PackDouble2x32, spirv.GLSLstd450UnpackDouble2x32:
		return p.glslPack(in, num, offs[0], types[0], dst, rt), nil
	}
	structInt := num == spirv.GLSLstd450FrexpStruct
	return func(s *state) {
		d := s.out(dst, n)
		for l := 0; l < L; l++ {
			if !s.full && !s.mask[l] {
				continue
			}
			f(s, l)
			out := s.f64[3][:rt.comps]
			for c, v := range out {
				if structInt && c >= comps {
					d[c*L+l] = math.Float64bits(v)
				} else {
					d[c*L+l] = encodeF(v, rb)
				}
			}
		}
		if store != nil {
			store(s)
		}
	}, nil
}

func dot(x, y []float64) float64 {
	var s float64
	for i := range x {
		s += x[i] * y[i]
	}
	return s
}

func norm(x []float64) float64 { return math.Sqrt(dot(x, x)) }

// glslPack compiles the packing and unpacking instructions.
func (p *prep) glslPack(in *inst, num spirv.GLSLstd450, src int, st *typ, dst int, rt *typ) func(*state) {
	L := p.lanes
	n := rt.comps * L
	clamp := func(v, lo, hi float64) float64 { return math.Min(math.Max(v, lo), hi) }
	return func(s *state) {
		d := s.out(dst, n)
		for l := 0; l < L; l++ {
			x := func(c int) uint64 { return s.r[src+c*L+l] }
			xf := func(c int) float64 { return decodeF(x(c), 32) }
			switch num {
			case spirv.GLSLstd450PackHalf2x16:
				d[l] = uint64(f2h(float32(xf(0)))) | uint64(f2h(float32(xf(1))))<<16
			case spirv.GLSLstd450UnpackHalf2x16:
				d[l] = encodeF(float64(h2f(uint16(x(0)))), 32)
				d[L+l] = encodeF(float64(h2f(uint16(x(0)>>16))), 32)
			case spirv.GLSLstd450PackUnorm4x8, spirv.GLSLstd450PackSnorm4x8:
				var v uint64
				for c := range 4 {
					var b uint64
					if num == spirv.GLSLstd450PackUnorm4x8 {
						b = uint64(math.RoundToEven(clamp(xf(c), 0, 1) * 255))
					} else {
						b = uint64(int64(math.RoundToEven(clamp(xf(c), -1, 1)*127))) & 0xff
					}
					v |= b << (8 * c)
				}
				d[l] = v
			case spirv.GLSLstd450PackUnorm2x16, spirv.GLSLstd450PackSnorm2x16:
				var v uint64
				for c := range 2 {
					var b uint64
					if num == spirv.GLSLstd450PackUnorm2x16 {
						b = uint64(math.RoundToEven(clamp(xf(c), 0, 1) * 65535))
					} else {
						b = uint64(int64(math.RoundToEven(clamp(xf(c), -1, 1)*32767))) & 0xffff
					}
					v |= b << (16 * c)
				}
				d[l] = v
			case spirv.GLSLstd450UnpackUnorm4x8, spirv.GLSLstd450UnpackSnorm4x8:
				for c := range 4 {
					b := x(0) >> (8 * c) & 0xff
					if num == spirv.GLSLstd450UnpackUnorm4x8 {
						d[c*L+l] = encodeF(float64(b)/255, 32)
					} else {
						d[c*L+l] = encodeF(clamp(float64(int8(b))/127, -1, 1), 32)
					}
				}
			case spirv.GLSLstd450UnpackUnorm2x16, spirv.GLSLstd450UnpackSnorm2x16:
				for c := range 2 {
					b := x(0) >> (16 * c) & 0xffff
					if num == spirv.GLSLstd450UnpackUnorm2x16 {
						d[c*L+l] = encodeF(float64(b)/65535, 32)
					} else {
						d[c*L+l] = encodeF(clamp(float64(int16(b))/32767, -1, 1), 32)
					}
				}
			case spirv.GLSLstd450PackDouble2x32:
				d[l] = x(0) | x(1)<<32
			case spirv.GLSLstd450UnpackDouble2x32:
				d[l], d[L+l] = x(0)&0xffffffff, x(0)>>32
			}
		}
	}
}
