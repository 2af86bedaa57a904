package kspec

import (
	"fmt"
	"strconv"
	"strings"
)

// Image and sampler arguments (docs/kspec.md):
//
//	//! arg image2d<rgba,unorm8> 64x32 random
//	//! arg image3d<r,float> 16x16x8 out
//	//! arg sampler normalized,clamp_to_edge,linear
//
// An image's pixels are made and compared as a buffer of N = pixel count
// elements whose type is the channel's storage scalar with one component
// per channel (rgba,unorm8 is uchar4; r,float is float), tightly packed
// in x, then y, then z (layers last for arrays): every buffer init works
// and Compare compares them, normalized channels allowing a difference of
// 1 (the float-to-normalized conversion may round either way, OpenCL C
// §8.3.1.1).

// Image types, as cl_mem_object_type.
const (
	Image2D       uint32 = 0x10F1
	Image3D       uint32 = 0x10F2
	Image2DArray  uint32 = 0x10F3
	Image1D       uint32 = 0x10F4
	Image1DArray  uint32 = 0x10F5
	Image1DBuffer uint32 = 0x10F6
)

// Image is the image of an ArgImage line.
type Image struct {
	MemType  uint32 // Image*
	Order    uint32 // cl_channel_order
	DataType uint32 // cl_channel_type
	// Width, Height, Depth as cl_image_desc has them (0 where the type has
	// none), and ArraySize for the array types.
	Width, Height, Depth, ArraySize uint64
	Normalized                      bool // a normalized channel type: compared within 1
}

// Sampler is the sampler of an ArgSampler line.
type Sampler struct {
	Normalized bool
	Addressing uint32 // CL_ADDRESS_*
	Filter     uint32 // CL_FILTER_*
}

var imageTypes = map[string]struct {
	mem  uint32
	dims int
}{
	"image1d": {Image1D, 1}, "image1d_buffer": {Image1DBuffer, 1}, "image1d_array": {Image1DArray, 2},
	"image2d": {Image2D, 2}, "image2d_array": {Image2DArray, 3}, "image3d": {Image3D, 3},
}

var channelOrders = map[string]struct {
	code     uint32
	channels int
}{
	"r": {0x10B0, 1}, "a": {0x10B1, 1}, "rg": {0x10B2, 2}, "ra": {0x10B3, 2},
	"rgba": {0x10B5, 4}, "bgra": {0x10B6, 4}, "argb": {0x10B7, 4}, "abgr": {0x10C3, 4},
	"intensity": {0x10B8, 1}, "luminance": {0x10B9, 1}, "depth": {0x10BD, 1},
	"srgba": {0x10C1, 4}, "sbgra": {0x10C2, 4},
}

var channelTypes = map[string]struct {
	code   uint32
	scalar string
	norm   bool
}{
	"snorm8": {0x10D0, "char", true}, "snorm16": {0x10D1, "short", true},
	"unorm8": {0x10D2, "uchar", true}, "unorm16": {0x10D3, "ushort", true},
	"int8": {0x10D7, "char", false}, "int16": {0x10D8, "short", false}, "int32": {0x10D9, "int", false},
	"uint8": {0x10DA, "uchar", false}, "uint16": {0x10DB, "ushort", false}, "uint32": {0x10DC, "uint", false},
	"half": {0x10DD, "half", false}, "float": {0x10DE, "float", false},
}

// parseImageArg parses "image2d<ORDER,TYPE> WxH INIT" (kind and elem are
// the parts before and inside the angle brackets).
func parseImageArg(kind, elem string, fields []string) (Arg, error) {
	a := Arg{Kind: ArgImage}
	it := imageTypes[kind]
	o, t, ok := strings.Cut(elem, ",")
	if !ok {
		return a, fmt.Errorf("want %s<ORDER,TYPE>, got %s<%s>", kind, kind, elem)
	}
	order, ok := channelOrders[strings.TrimSpace(o)]
	if !ok {
		return a, fmt.Errorf("unknown channel order %q (want r, rg, rgba, bgra, ...)", o)
	}
	ct, ok := channelTypes[strings.TrimSpace(t)]
	if !ok {
		return a, fmt.Errorf("unknown channel type %q (want unorm8, float, uint32, ...)", t)
	}
	if len(fields) != 2 {
		return a, fmt.Errorf("want: %s<ORDER,TYPE> %s INIT", kind, strings.Repeat("Nx", it.dims)[:it.dims*2-1])
	}
	sizes := strings.Split(fields[0], "x")
	if len(sizes) != it.dims {
		return a, fmt.Errorf("%s wants %d sizes (WxH...), got %q", kind, it.dims, fields[0])
	}
	var dims [3]uint64
	n := uint64(1)
	for i, s := range sizes {
		v, err := strconv.ParseUint(s, 10, 32)
		if err != nil || v == 0 {
			return a, fmt.Errorf("bad image size %q", s)
		}
		dims[i] = v
		n *= v
	}
	img := &Image{MemType: it.mem, Order: order.code, DataType: ct.code, Width: dims[0], Normalized: ct.norm}
	switch it.mem {
	case Image1DArray:
		img.ArraySize = dims[1]
	case Image2D:
		img.Height = dims[1]
	case Image2DArray:
		img.Height, img.ArraySize = dims[1], dims[2]
	case Image3D:
		img.Height, img.Depth = dims[1], dims[2]
	}
	st := scalars[ct.scalar]
	st.Width = order.channels
	a.Type, a.N, a.Image = st, n, img
	if err := parseInit(&a, fields[1]); err != nil {
		return a, err
	}
	return a, nil
}

var addressingModes = map[string]uint32{
	"none": 0x1130, "clamp_to_edge": 0x1131, "clamp": 0x1132, "repeat": 0x1133, "mirrored_repeat": 0x1134,
}

// parseSamplerArg parses "normalized|unnormalized,ADDRESSING,nearest|linear".
func parseSamplerArg(v string) (Arg, error) {
	a := Arg{Kind: ArgSampler}
	parts := strings.Split(v, ",")
	if len(parts) != 3 {
		return a, fmt.Errorf("want: sampler normalized|unnormalized,ADDRESSING,nearest|linear")
	}
	s := &Sampler{}
	switch strings.TrimSpace(parts[0]) {
	case "normalized":
		s.Normalized = true
	case "unnormalized":
	default:
		return a, fmt.Errorf("sampler coordinates %q (want normalized or unnormalized)", parts[0])
	}
	am, ok := addressingModes[strings.TrimSpace(parts[1])]
	if !ok {
		return a, fmt.Errorf("sampler addressing %q (want none, clamp_to_edge, clamp, repeat or mirrored_repeat)", parts[1])
	}
	s.Addressing = am
	switch strings.TrimSpace(parts[2]) {
	case "nearest":
		s.Filter = 0x1140
	case "linear":
		s.Filter = 0x1141
	default:
		return a, fmt.Errorf("sampler filter %q (want nearest or linear)", parts[2])
	}
	a.Sampler = s
	return a, nil
}
