package imageformat

import (
	"encoding/binary"
	"math"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// A texel value is four 32-bit words, red, green, blue, alpha: float32
// bits for KindFloat formats, int32 for KindInt, uint32 for KindUint, as
// read_image{f,i,ui} return them and as clEnqueueFillImage's fill_color
// holds them.

var le = binary.LittleEndian

var oneF = math.Float32bits(1)

// Read converts the pixel px (ElementSize(f) bytes) to the value
// read_image{f,i,ui} returns: the stored channels converted (§8.3 of the
// OpenCL C specification), in RGBA order, the missing ones 0 and alpha 1.
func Read(f driver.ImageFormat, px []byte) [4]uint32 {
	var ch [4]uint32 // stored channels, in memory order, converted
	n := channels(f.Order)
	switch f.DataType {
	case UnormShort565:
		v := uint32(le.Uint16(px))
		ch = [4]uint32{unorm(v>>11&31, 31), unorm(v>>5&63, 63), unorm(v&31, 31)}
	case UnormShort555:
		v := uint32(le.Uint16(px))
		ch = [4]uint32{unorm(v>>10&31, 31), unorm(v>>5&31, 31), unorm(v&31, 31)}
	case UnormInt101010:
		v := le.Uint32(px)
		ch = [4]uint32{unorm(v>>20&1023, 1023), unorm(v>>10&1023, 1023), unorm(v&1023, 1023)}
	default:
		for i := range n {
			ch[i] = readChannel(f.DataType, px[i*typeBytes(f.DataType):])
		}
	}
	kind := KindOf(f.DataType)
	one := uint32(1)
	if kind == KindFloat {
		one = oneF
	}
	out := [4]uint32{0, 0, 0, one}
	switch f.Order {
	case Intensity:
		return [4]uint32{ch[0], ch[0], ch[0], ch[0]}
	case Luminance:
		return [4]uint32{ch[0], ch[0], ch[0], one}
	}
	for i, s := range slots(f.Order) {
		if s >= 0 {
			out[s] = ch[i]
		}
	}
	if IsSRGB(f.Order) {
		for i := range 3 {
			out[i] = math.Float32bits(srgbToLinear(math.Float32frombits(out[i])))
		}
	}
	return out
}

// readChannel converts one stored channel of a non-packed type.
func readChannel(t uint32, b []byte) uint32 {
	switch t {
	case UnormInt8:
		return unorm(uint32(b[0]), 255)
	case UnormInt16:
		return unorm(uint32(le.Uint16(b)), 65535)
	case SnormInt8:
		return snorm(int32(int8(b[0])), 127)
	case SnormInt16:
		return snorm(int32(int16(le.Uint16(b))), 32767)
	case SignedInt8:
		return uint32(int32(int8(b[0])))
	case SignedInt16:
		return uint32(int32(int16(le.Uint16(b))))
	case UnsignedInt8:
		return uint32(b[0])
	case UnsignedInt16:
		return uint32(le.Uint16(b))
	case SignedInt32, UnsignedInt32, Float:
		return le.Uint32(b)
	case HalfFloat:
		return math.Float32bits(spirv.Float16Value(le.Uint16(b)))
	}
	return 0
}

// unorm is (float)c / max, the normalized value of an unsigned channel.
func unorm(c, max uint32) uint32 {
	return math.Float32bits(float32(c) / float32(max))
}

// snorm is max(-1.0f, (float)c / max), the normalized value of a signed
// channel (the most negative code is -1 as well).
func snorm(c int32, max int32) uint32 {
	return math.Float32bits(float32(math.Max(-1, float64(float32(c)/float32(max)))))
}

// Write converts v (the kind of f's data type) to the pixel at px, as
// write_image{f,i,ui} does: float to normalized with round to nearest even
// and saturation, integers with saturation (§8.3 of the OpenCL C
// specification). Padding bits of the packed formats are written 0; the
// padding channel of CL_sRGBx (8 bits, which reads ignore) holds the
// alpha written, unencoded, as a four-channel store of the same pixel
// would (the CTS's fill and write references expect that byte).
func Write(f driver.ImageFormat, px []byte, v [4]uint32) {
	if IsSRGB(f.Order) {
		for i := range 3 {
			v[i] = math.Float32bits(linearToSRGB(math.Float32frombits(v[i])))
		}
	}
	var ch [4]uint32 // stored channels, in memory order
	switch f.Order {
	case Intensity, Luminance:
		ch[0] = v[0]
	default:
		for i, s := range slots(f.Order) {
			if s < 0 {
				s = 3 // sRGBx's x
			}
			ch[i] = v[s]
		}
	}
	fl := func(i int) float32 { return math.Float32frombits(ch[i]) }
	switch f.DataType {
	case UnormShort565:
		le.PutUint16(px, uint16(satRTE(fl(0)*31, 0, 31)<<11|satRTE(fl(1)*63, 0, 63)<<5|satRTE(fl(2)*31, 0, 31)))
		return
	case UnormShort555:
		le.PutUint16(px, uint16(satRTE(fl(0)*31, 0, 31)<<10|satRTE(fl(1)*31, 0, 31)<<5|satRTE(fl(2)*31, 0, 31)))
		return
	case UnormInt101010:
		le.PutUint32(px, uint32(satRTE(fl(0)*1023, 0, 1023)<<20|satRTE(fl(1)*1023, 0, 1023)<<10|satRTE(fl(2)*1023, 0, 1023)))
		return
	}
	tb := typeBytes(f.DataType)
	for i := range channels(f.Order) {
		writeChannel(f.DataType, px[i*tb:], ch[i])
	}
}

// writeChannel converts one channel value to a non-packed type.
func writeChannel(t uint32, b []byte, c uint32) {
	x := math.Float32frombits(c)
	switch t {
	case UnormInt8:
		b[0] = byte(satRTE(x*255, 0, 255))
	case UnormInt16:
		le.PutUint16(b, uint16(satRTE(x*65535, 0, 65535)))
	case SnormInt8:
		b[0] = byte(int8(satRTE(x*127, -128, 127)))
	case SnormInt16:
		le.PutUint16(b, uint16(int16(satRTE(x*32767, -32768, 32767))))
	case SignedInt8:
		b[0] = byte(int8(min(max(int32(c), -128), 127)))
	case SignedInt16:
		le.PutUint16(b, uint16(int16(min(max(int32(c), -32768), 32767))))
	case UnsignedInt8:
		b[0] = byte(min(c, 255))
	case UnsignedInt16:
		le.PutUint16(b, uint16(min(c, 65535)))
	case SignedInt32, UnsignedInt32, Float:
		le.PutUint32(b, c)
	case HalfFloat:
		le.PutUint16(b, spirv.Float16Bits(x))
	}
}

// satRTE is convert_<type>_sat_rte(x) for an integer type of range
// [lo, hi]: NaN gives 0.
func satRTE(x float32, lo, hi float64) int64 {
	if x != x {
		return 0
	}
	return int64(math.RoundToEven(math.Min(math.Max(float64(x), lo), hi)))
}

// srgbToLinear is the sRGB decoding of a channel in [0, 1].
func srgbToLinear(c float32) float32 {
	x := float64(c)
	if x <= 0.04045 {
		return float32(x / 12.92)
	}
	return float32(math.Pow((x+0.055)/1.055, 2.4))
}

// linearToSRGB is the sRGB encoding of a linear value, clamped to [0, 1]
// (NaN gives 0).
func linearToSRGB(c float32) float32 {
	x := float64(c)
	switch {
	case x != x || x <= 0:
		return 0
	case x >= 1:
		return 1
	case x <= 0.0031308:
		return float32(x * 12.92)
	}
	return float32(1.055*math.Pow(x, 1/2.4) - 0.055)
}

// Border is the border color of CLK_ADDRESS_CLAMP for an image of format
// f, in f's kind: (0,0,0,0) for orders with alpha, (0,0,0,1) without.
func Border(f driver.ImageFormat) [4]uint32 {
	if HasAlpha(f.Order) {
		return [4]uint32{}
	}
	if KindOf(f.DataType) == KindFloat {
		return [4]uint32{0, 0, 0, oneF}
	}
	return [4]uint32{0, 0, 0, 1}
}
