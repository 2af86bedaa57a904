package host

import (
	"math"

	"github.com/clgo/clgo/spirv"
)

// convertFast binds straight loops for the conversions of 32- and 64-bit
// scalars that math libraries in double arithmetic use all the time (no
// call per lane), or returns nil. Results are those of convert's general
// forms.
func convertFast(op spirv.Op, dst, src, n int, sw, dw intw) func(*state) {
	switch {
	case op == spirv.OpFConvert && sw.bits == 32 && dw.bits == 64:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = math.Float64bits(float64(math.Float32frombits(uint32(x[i]))))
			}
		}
	case op == spirv.OpFConvert && sw.bits == 64 && dw.bits == 32:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = uint64(math.Float32bits(float32(math.Float64frombits(x[i]))))
			}
		}
	case op == spirv.OpConvertFToU && sw.bits == 64:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = fToU(math.Float64frombits(x[i]), dw)
			}
		}
	case op == spirv.OpConvertFToU && sw.bits == 32:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = fToU(float64(math.Float32frombits(uint32(x[i]))), dw)
			}
		}
	case op == spirv.OpConvertFToS && sw.bits == 64:
		lo := -math.Ldexp(1, dw.bits-1)
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = fToSLo(math.Float64frombits(x[i]), dw, lo)
			}
		}
	case op == spirv.OpConvertSToF && dw.bits == 64:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = math.Float64bits(float64(sx(x[i], sw)))
			}
		}
	case op == spirv.OpConvertUToF && dw.bits == 64:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = math.Float64bits(float64(x[i]))
			}
		}
	case op == spirv.OpUConvert:
		return func(s *state) {
			loopBitwiseAnd_i_vs(s.out(dst, n), s.r[src:src+n], dw.m, dw)
		}
	case op == spirv.OpSConvert:
		return func(s *state) {
			d, x := s.out(dst, n), s.r[src:src+n]
			x = x[:len(d)]
			for i := range d {
				d[i] = uint64(sx(x[i], sw)) & dw.m
			}
		}
	}
	return nil
}
