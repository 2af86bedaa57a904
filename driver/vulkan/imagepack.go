package vulkan

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/clgo/clgo/driver"
)

// packPixel converts a clEnqueueFillImage color to one pixel of format f,
// as write_image{f,i,ui} would store it (OpenCL C §8.3): normalized types
// round to nearest even and saturate, half rounds to nearest even, sRGB
// encodes red, green and blue, integer types saturate. color holds float32
// bits for float and normalized formats, int32 for signed integer ones and
// uint32 for unsigned ones. (The driver/imageformat package of the host
// driver does the same for every format; this one covers the formats of
// lookupFormat.)
func packPixel(f driver.ImageFormat, color [4]uint32) ([]byte, error) {
	v, ok := lookupFormat(f)
	if !ok {
		return nil, fmt.Errorf("vulkan: image format %#x/%#x: %w", f.Order, f.DataType, driver.ErrInvalidValue)
	}
	fl := func(i int) float32 { return math.Float32frombits(color[i]) }
	switch f.DataType {
	case clUnormShort565:
		p := unorm(fl(0), 31)<<11 | unorm(fl(1), 63)<<5 | unorm(fl(2), 31)
		return binary.LittleEndian.AppendUint16(nil, uint16(p)), nil
	case clUnormInt101010:
		p := unorm(fl(0), 1023)<<20 | unorm(fl(1), 1023)<<10 | unorm(fl(2), 1023)
		return binary.LittleEndian.AppendUint32(nil, uint32(p)), nil
	}
	var comps []int // which color components, in memory order
	switch f.Order {
	case clR, clINTENSITY, clLUMINANCE:
		comps = []int{0}
	case clA:
		comps = []int{3}
	case clRG:
		comps = []int{0, 1}
	case clRA:
		comps = []int{0, 3}
	case clBGRA, clSBGRA:
		comps = []int{2, 1, 0, 3}
	default:
		comps = []int{0, 1, 2, 3}
	}
	srgb := f.Order == clSRGBA || f.Order == clSBGRA
	out := make([]byte, 0, v.size)
	for _, c := range comps {
		switch f.DataType {
		case clUnormInt8:
			x := fl(c)
			if srgb && c != 3 {
				x = srgbEncode(x)
			}
			out = append(out, byte(unorm(x, 255)))
		case clUnormInt16:
			out = binary.LittleEndian.AppendUint16(out, uint16(unorm(fl(c), 65535)))
		case clSnormInt8:
			out = append(out, byte(int8(snorm(fl(c), 127))))
		case clSnormInt16:
			out = binary.LittleEndian.AppendUint16(out, uint16(int16(snorm(fl(c), 32767))))
		case clHalfFloat:
			out = binary.LittleEndian.AppendUint16(out, halfRTE(fl(c)))
		case clFloat:
			out = binary.LittleEndian.AppendUint32(out, color[c])
		case clSignedInt8:
			out = append(out, byte(int8(clampInt(int32(color[c]), math.MinInt8, math.MaxInt8))))
		case clSignedInt16:
			out = binary.LittleEndian.AppendUint16(out, uint16(int16(clampInt(int32(color[c]), math.MinInt16, math.MaxInt16))))
		case clSignedInt32:
			out = binary.LittleEndian.AppendUint32(out, color[c])
		case clUnsignedInt8:
			out = append(out, byte(min(color[c], math.MaxUint8)))
		case clUnsignedInt16:
			out = binary.LittleEndian.AppendUint16(out, uint16(min(color[c], math.MaxUint16)))
		case clUnsignedInt32:
			out = binary.LittleEndian.AppendUint32(out, color[c])
		}
	}
	return out, nil
}

// unorm is convert_*_sat_rte(x * scale) for an unsigned normalized type.
func unorm(x float32, scale float64) uint64 {
	if x != x {
		return 0
	}
	return uint64(math.RoundToEven(min(max(float64(x)*scale, 0), scale)))
}

// snorm is convert_*_sat_rte(x * scale) for a signed normalized type
// (OpenCL C clamps to -scale, so -1.0 and below give -scale).
func snorm(x float32, scale float64) int64 {
	if x != x {
		return 0
	}
	return int64(math.RoundToEven(min(max(float64(x)*scale, -scale), scale)))
}

func clampInt(x, lo, hi int32) int32 { return min(max(x, lo), hi) }

// srgbEncode is the linear to sRGB transfer function of OpenCL C §8.3.
func srgbEncode(x float32) float32 {
	c := float64(x)
	switch {
	case c != c:
		return 0
	case c <= 0.0031308:
		return float32(max(12.92*c, 0))
	}
	return float32(1.055*math.Pow(min(c, 1), 1/2.4) - 0.055)
}

// halfRTE converts to IEEE half with round to nearest even.
func halfRTE(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23&0xff) - 127
	mant := b & 0x7fffff
	switch {
	case exp == 128: // inf, NaN
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	case exp > 15:
		return sign | 0x7c00
	case exp >= -14: // normal
		m := mant >> 13
		rest := mant & 0x1fff
		h := uint32(exp+15)<<10 | m
		if rest > 0x1000 || rest == 0x1000 && m&1 == 1 {
			h++ // may carry into the exponent, up to infinity: right
		}
		return sign | uint16(h)
	case exp >= -25: // subnormal
		full := mant | 0x800000
		shift := uint32(-exp - 14 + 13)
		m := full >> shift
		rest := full & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rest > half || rest == half && m&1 == 1 {
			m++
		}
		return sign | uint16(m)
	}
	return sign
}
