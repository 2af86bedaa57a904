package host

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/driver/printf"
	"github.com/clgo/clgo/spirv"
)

// printfBuffer is a fresh printf buffer (zeroed, so no words reserved)
// bound where the module reflects it, when kernel k may call printf.
func printfBuffer(refl *spirv.Reflection, k *spirv.Kernel) ([]byte, Resource, bool) {
	pb := refl.PrintfBuffer
	if pb == nil || pb.PushConstant || k.Flags&spirv.KernelMayUsePrintf == 0 {
		return nil, Resource{}, false
	}
	buf := make([]byte, printf.Size(refl))
	return buf, Resource{Set: int(pb.DescriptorSet), Binding: int(pb.Binding), Data: buf, Name: "printf buffer"}, true
}

// printOutput prints the records of a printf buffer once its dispatch is
// done. An overflow only loses output: those calls returned -1.
func printOutput(name string, buf []byte, refl *spirv.Reflection) error {
	err := printf.Print(buf, refl)
	if err == nil || errors.As(err, new(*printf.OverflowError)) {
		return nil
	}
	return fmt.Errorf("host: kernel %s: %w", name, err)
}
