package texel

import (
	"encoding/binary"
	"math"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/imageformat"
)

// Pixels of the formats kernels read most (RGBA with 32-bit or UNORM_INT8
// channels) are decoded here, without imageformat.Read's general path
// (which finds each channel's slot by its order). The bits are
// imageformat.Read's: TestDecode compares every UNORM_INT8 code and
// random 32-bit channels.

// unorm8 is the float32 bits of c/255 for each UNORM_INT8 code c, as
// imageformat.Read converts it.
var unorm8 = func() (t [256]uint32) {
	for c := range t {
		t[c] = math.Float32bits(float32(c) / float32(255))
	}
	return t
}()

// decode is imageformat.Read(f, px).
func decode(f driver.ImageFormat, px []byte) [4]uint32 {
	if f.Order == imageformat.RGBA {
		switch f.DataType {
		case imageformat.Float, imageformat.SignedInt32, imageformat.UnsignedInt32:
			px = px[:16]
			return [4]uint32{binary.LittleEndian.Uint32(px), binary.LittleEndian.Uint32(px[4:]),
				binary.LittleEndian.Uint32(px[8:]), binary.LittleEndian.Uint32(px[12:])}
		case imageformat.UnormInt8:
			px = px[:4]
			return [4]uint32{unorm8[px[0]], unorm8[px[1]], unorm8[px[2]], unorm8[px[3]]}
		}
	}
	return imageformat.Read(f, px)
}
