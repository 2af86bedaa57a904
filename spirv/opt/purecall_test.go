package opt_test

import (
	"testing"

	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/opt"
	"github.com/clgo/clgo/spirv/spirvtest"
)

// Calls of a read-none function (%sq: arithmetic on its argument, through
// a Function variable of its own) with the same argument are made once,
// and a call whose result is unused goes; calls of %rd, which loads from a
// storage buffer, stay, both of them (the buffer may change between
// them), and so do calls of %wr, which stores into one, even unused.
func TestReadNoneCalls(t *testing.T) {
	m := assemble(t, header+`
%fnu = OpTypeFunction %uint %uint
%sq = OpFunction %uint None %fnu
%sp = OpFunctionParameter %uint
%sl = OpLabel
%sv = OpVariable %pfu Function
OpStore %sv %sp
%sx = OpLoad %uint %sv
%sr = OpIMul %uint %sx %sx
OpReturnValue %sr
OpFunctionEnd
%rd = OpFunction %uint None %fnu
%rp = OpFunctionParameter %uint
%rl = OpLabel
%ra = OpAccessChain %pu %buf %u0 %rp
%rx = OpLoad %uint %ra
OpReturnValue %rx
OpFunctionEnd
%wr = OpFunction %uint None %fnu
%wp = OpFunctionParameter %uint
%wl = OpLabel
%wa = OpAccessChain %pu %buf %u0 %wp
OpStore %wa %wp
OpReturnValue %wp
OpFunctionEnd
%main = OpFunction %void None %fnv
%l0 = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%c1 = OpFunctionCall %uint %sq %x
%c2 = OpFunctionCall %uint %sq %x
%unused = OpFunctionCall %uint %sq %u3
%r1 = OpFunctionCall %uint %rd %x
%r2 = OpFunctionCall %uint %rd %x
%w1 = OpFunctionCall %uint %wr %x
%s = OpIAdd %uint %c1 %c2
%s2 = OpIAdd %uint %s %r1
%s3 = OpIAdd %uint %s2 %r2
%p = OpAccessChain %pu %buf %u0 %u1
OpStore %p %s3
OpReturn
OpFunctionEnd
`)
	name := map[spirv.ID]string{}
	for i, n := range []string{"sq", "rd", "wr"} {
		name[m.Functions[i].ID] = n
	}
	if err := opt.Run(m); err != nil {
		t.Fatal(err)
	}
	spirvtest.ValidateModule(t, m, "")
	calls := map[string]int{}
	for _, fn := range m.Functions {
		for _, b := range fn.Blocks {
			for _, in := range b.Insts {
				if in.Op == spirv.OpFunctionCall {
					calls[name[spirv.ID(in.Operands[0])]]++
				}
			}
		}
	}
	if calls["sq"] != 1 || calls["rd"] != 2 || calls["wr"] != 1 {
		t.Errorf("calls %v, want sq 1 (merged, the unused one gone), rd 2, wr 1:\n%s", calls, dis(m))
	}
}
