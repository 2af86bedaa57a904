package spirvtest

import "math/rand/v2"

// MutateWords returns a copy of a module's words with one to three
// instruction words (never the header) changed: a word count or opcode's
// low half set, a bit flipped, a small id or literal written, or another
// word of the module copied in. The mutation campaigns of spirv/validate
// and both drivers share it.
func MutateWords(rng *rand.Rand, seed []uint32) []uint32 {
	w := append([]uint32(nil), seed...)
	for range 1 + rng.IntN(3) {
		at := 5 + rng.IntN(len(w)-5)
		switch rng.IntN(4) {
		case 0:
			w[at] = w[at]&0xffff0000 | uint32(rng.IntN(400))
		case 1:
			w[at] ^= 1 << rng.IntN(32)
		case 2:
			w[at] = uint32(rng.IntN(64))
		case 3:
			w[at] = w[5+rng.IntN(len(w)-5)]
		}
	}
	return w
}
