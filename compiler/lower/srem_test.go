package lower_test

import (
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

// Signed % never reaches a driver as OpSRem, which Vulkan leaves undefined
// for negative operands (NVIDIA's H100 gave -777 for -1 % 7); the result
// has the dividend's sign, for every width and for vectors.
func TestSignedRemainder(t *testing.T) {
	src := `kernel void k(global int *o) {
		int g = get_global_id(0);
		int x = (g & 1) ? -(37 + g) : 37 + g, y = (g & 2) ? -7 : 7;
		o[g] = x % y;
		long lx = (long)x * 100000000L;
		o[g + 8] = (int)(lx % (long)y);
		short sx = (short)x;
		o[g + 16] = sx % (short)y;
		int2 v = (int2)(x, -x) % (int2)(y, y);
		o[g + 24] = v.x * 100 + v.y;
		o[g + 32] = (-2147483647 - 1) % y;
	}`
	res, err := compiler.Compile(src, compiler.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if dis := spirv.Disassemble(res.Module, spirv.DisOptions{}); strings.Contains(dis, "OpSRem") || strings.Contains(dis, "OpSMod") {
		t.Errorf("the module uses OpSRem or OpSMod")
	}
	got := runInts(t, src, "k", 4)
	// 37 % 7 = 2, -38 % 7 = -3, 39 % -7 = 4, -40 % -7 = -5.
	wantInts(t, got, 2, -3, 4, -5)
	// x * 10^8 % y: 3700000000 % 7 = 6, ...
	wantInts(t, got[8:], 3700000000%7, -(3800000000 % 7), 3900000000%7, -(4000000000 % 7))
	wantInts(t, got[16:], 2, -3, 4, -5)
	wantInts(t, got[24:], 2*100-2, -3*100+3, 4*100-4, -5*100+5)
	wantInts(t, got[32:], -2, -2, -2, -2)
}
