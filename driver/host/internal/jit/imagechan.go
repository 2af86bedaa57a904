package jit

import (
	"math"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/imageformat"
)

// The general texel kind, texChannels: a pixel of 1, 2, 4 or 8 bytes
// holding one to four channels of one type (8-, 16- or 32-bit integers,
// normalized integers, halves or floats) in any of OpenCL's orders (R,
// A, RG, RA, RGBA, BGRA, ARGB, ABGR, INTENSITY, LUMINANCE, DEPTH). Native
// code has one path for all of them; the descriptor (chanMem) says where
// each component's channel lies in the pixel's one or two aligned words
// and how a channel converts, as imageformat.Read and Write define it.

// chanMem is a texChannels image's layout and conversion.
type chanMem struct {
	conv int32 // chanRaw, chanUint, chanSint, chanNorm or chanHalf
	elem int32 // bytes a pixel
	// A read takes a component's word (word: -1 for the pixel's second),
	// shifts it right by shift plus the pixel's bit offset in the word,
	// then left and arithmetic right by ext (32 - the channel's bits)
	// and keeps rdMask (the channel's bits; all for signed types).
	ext    uint32
	rdMask uint32
	word   [4]int32
	shift  [4]uint32
	keep   [4]int32  // per component: -1 where a channel holds it
	def    [4]uint32 // per component: its value where none does (0; alpha 1)
	// normMax is the code of 1.0 of a normalized type (255, 65535, 127,
	// 32767) and normLo the least code a write saturates to (0, -128,
	// -32768); intLo and intHi an integer type's (intHi unsigned for
	// chanUint).
	normMax, normLo float32
	intLo, intHi    int32
	// A write puts component wcomp of channel c, masked to wmask (0
	// beyond the pixel's channels) and shifted left by wshift, in word
	// wword (-1: the second).
	wcomp  [4]int32
	wword  [4]int32
	wshift [4]uint32
	wmask  [4]uint32
}

// Channel conversions (chanMem.conv).
const (
	chanRaw  = iota // 32-bit channels: the bits as they are
	chanUint        // unsigned integers: zero-extended; writes saturate
	chanSint        // signed integers: sign-extended; writes saturate
	chanNorm        // UNORM and SNORM: code/max (at least -1); writes round to even
	chanHalf        // HALF_FLOAT: widened exactly; writes round to even
)

// Offsets of chanMem's fields in an imageMem.
var (
	offChConv    = offImCh + int32(unsafe.Offsetof(chanMem{}.conv))
	offChElem    = offImCh + int32(unsafe.Offsetof(chanMem{}.elem))
	offChExt     = offImCh + int32(unsafe.Offsetof(chanMem{}.ext))
	offChRdMask  = offImCh + int32(unsafe.Offsetof(chanMem{}.rdMask))
	offChWord    = offImCh + int32(unsafe.Offsetof(chanMem{}.word))
	offChShift   = offImCh + int32(unsafe.Offsetof(chanMem{}.shift))
	offChKeep    = offImCh + int32(unsafe.Offsetof(chanMem{}.keep))
	offChDef     = offImCh + int32(unsafe.Offsetof(chanMem{}.def))
	offChNormMax = offImCh + int32(unsafe.Offsetof(chanMem{}.normMax))
	offChNormLo  = offImCh + int32(unsafe.Offsetof(chanMem{}.normLo))
	offChIntLo   = offImCh + int32(unsafe.Offsetof(chanMem{}.intLo))
	offChIntHi   = offImCh + int32(unsafe.Offsetof(chanMem{}.intHi))
	offChWcomp   = offImCh + int32(unsafe.Offsetof(chanMem{}.wcomp))
	offChWword   = offImCh + int32(unsafe.Offsetof(chanMem{}.wword))
	offChWshift  = offImCh + int32(unsafe.Offsetof(chanMem{}.wshift))
	offChWmask   = offImCh + int32(unsafe.Offsetof(chanMem{}.wmask))
)

// chanType is what texChannels needs to know of a channel data type.
type chanType struct {
	conv    int32
	bits    int
	signed  bool
	normMax float32
	lo, hi  int32 // the codes' range
}

// chanTypes are the channel data types of texChannels.
var chanTypes = map[uint32]chanType{
	imageformat.UnormInt8:     {chanNorm, 8, false, 255, 0, 255},
	imageformat.UnormInt16:    {chanNorm, 16, false, 65535, 0, 65535},
	imageformat.SnormInt8:     {chanNorm, 8, true, 127, -128, 127},
	imageformat.SnormInt16:    {chanNorm, 16, true, 32767, -32768, 32767},
	imageformat.SignedInt8:    {chanSint, 8, true, 0, -128, 127},
	imageformat.SignedInt16:   {chanSint, 16, true, 0, -32768, 32767},
	imageformat.UnsignedInt8:  {chanUint, 8, false, 0, 0, 255},
	imageformat.UnsignedInt16: {chanUint, 16, false, 0, 0, 65535},
	imageformat.HalfFloat:     {chanHalf, 16, false, 0, 0, 0},
	imageformat.SignedInt32:   {chanRaw, 32, false, 0, 0, 0},
	imageformat.UnsignedInt32: {chanRaw, 32, false, 0, 0, 0},
	imageformat.Float:         {chanRaw, 32, false, 0, 0, 0},
}

// chanSlots is, per channel order of texChannels, the component each
// stored channel holds (imageformat's slots); INTENSITY also gives its
// channel to green, blue and alpha, LUMINANCE to green and blue.
var chanSlots = map[uint32][]int{
	imageformat.R: {0}, imageformat.A: {3}, imageformat.RG: {0, 1}, imageformat.RA: {0, 3},
	imageformat.RGBA: {0, 1, 2, 3}, imageformat.BGRA: {2, 1, 0, 3}, imageformat.ARGB: {3, 0, 1, 2},
	imageformat.ABGR: {3, 2, 1, 0}, imageformat.Intensity: {0}, imageformat.Luminance: {0},
	imageformat.Depth: {0},
}

// chanOf is f's channel type, if f is of kind texChannels: a valid
// format of an order above and a type of chanTypes, 8 bytes a pixel at
// most (halves only where the CPU has F16C).
func chanOf(f driver.ImageFormat) (chanType, bool) {
	t, ok := chanTypes[f.DataType]
	slots, ok2 := chanSlots[f.Order]
	if !ok || !ok2 || !imageformat.Valid(f) || len(slots)*t.bits > 64 || t.conv == chanHalf && !amd64.HasF16C() {
		return chanType{}, false
	}
	return t, true
}

// chanLayout is the chanMem of a format of kind texChannels (one: the
// alpha of orders without one).
func chanLayout(f driver.ImageFormat, one uint32) chanMem {
	t, _ := chanOf(f)
	slots := chanSlots[f.Order]
	m := chanMem{conv: t.conv, elem: int32(len(slots) * t.bits / 8), ext: uint32(32 - t.bits),
		rdMask: uint32(1<<t.bits - 1), normMax: t.normMax, normLo: float32(t.lo), intLo: t.lo, intHi: t.hi}
	if t.signed {
		m.rdMask = math.MaxUint32
	}
	m.def[3] = one
	// where is the word (-1: the second) and bit offset of channel c.
	where := func(c int) (int32, uint32) {
		bit := c * t.bits
		return -int32(bit / 32), uint32(bit % 32)
	}
	for c, k := range slots {
		w, sh := where(c)
		m.word[k], m.shift[k], m.keep[k], m.def[k] = w, sh, -1, 0
		m.wcomp[c], m.wword[c], m.wshift[c], m.wmask[c] = int32(k), w, sh, uint32(1<<t.bits-1)
	}
	switch f.Order {
	case imageformat.Intensity:
		for k := range 4 {
			m.word[k], m.shift[k], m.keep[k], m.def[k] = 0, 0, -1, 0
		}
	case imageformat.Luminance:
		for k := range 3 {
			m.word[k], m.shift[k], m.keep[k], m.def[k] = 0, 0, -1, 0
		}
	}
	return m
}
