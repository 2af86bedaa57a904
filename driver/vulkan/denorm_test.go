package vulkan

import "testing"

// TestDenormPreserveModes: the widths modules declare DenormPreserve for,
// under each denormBehaviorIndependence. Where 16- and 64-bit modes must
// agree, doubles keep subnormals only with 16 declared too.
func TestDenormPreserveModes(t *testing.T) {
	for _, c := range []struct {
		ind           uint32
		p16, p32, p64 bool
		fp64          bool
		d16, d32, d64 bool
	}{
		{fcIndependenceAll, true, true, true, true, false, true, true},
		{fcIndependenceAll, false, true, true, false, false, true, false},
		{fcIndependence32BitOnly, true, true, true, true, true, true, true},
		{fcIndependence32BitOnly, false, true, true, true, false, true, false},
		{fcIndependence32BitOnly, true, true, true, false, false, true, false},
		{2, true, true, true, true, true, true, true}, // NONE
		{2, true, false, true, true, false, false, false},
	} {
		var p physical
		p.floatCt.denormBehaviorIndependence = c.ind
		b := func(v bool) uint32 {
			if v {
				return 1
			}
			return 0
		}
		p.floatCt.b[fcDenormPreserveFloat16] = b(c.p16)
		p.floatCt.b[fcDenormPreserveFloat32] = b(c.p32)
		p.floatCt.b[fcDenormPreserveFloat64] = b(c.p64)
		d16, d32, d64 := p.denormPreserve(c.fp64)
		if d16 != c.d16 || d32 != c.d32 || d64 != c.d64 {
			t.Errorf("%+v: got %v %v %v", c, d16, d32, d64)
		}
	}
}
