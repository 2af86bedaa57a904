package host

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestOutOfBounds(t *testing.T) {
	k := prepare(t, glsl(t, "triad.comp"), "main", nil)
	const n = 256
	a, b := f32s(make([]float32, n)), f32s(make([]float32, n))
	c := make([]byte, 4*(n-1)) // one element short
	push := append(f32s([]float32{1}), u32s([]uint32{n})...)
	d := dispatch([3]int{n / 64, 1, 1}, push, a, b, c)
	d.Resources[2].Name = "c"
	err := k.Run(context.Background(), d)
	var ae *AccessError
	if !errors.As(err, &ae) {
		t.Fatalf("got %v, want an AccessError", err)
	}
	if ae.Binding != 2 || ae.Offset != 4*(n-1) || !strings.Contains(err.Error(), "c (set 0, binding 2)") {
		t.Fatalf("wrong error: %v", err)
	}
	t.Log(err)
}

// TestMissingBinding: a buffer the kernel uses but nobody bound fails the
// first access to it, naming the binding.
func TestMissingBinding(t *testing.T) {
	k := prepare(t, glsl(t, "triad.comp"), "main", nil)
	push := append(f32s([]float32{1}), u32s([]uint32{64})...)
	err := k.Run(context.Background(), dispatch([3]int{1, 1, 1}, push, make([]byte, 4*64)))
	var ae *AccessError
	if !errors.As(err, &ae) || ae.Binding == 0 || !strings.Contains(err.Error(), "binding") {
		t.Fatalf("got %v, want an AccessError on an unbound binding", err)
	}
	t.Log(err)
}

func TestCancel(t *testing.T) {
	k := prepare(t, glsl(t, "spin.comp"), "main", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	buf := make([]byte, 4+4*4) // the flag, then one count per group
	start := time.Now()
	err := k.Run(ctx, dispatch([3]int{4, 1, 1}, nil, buf))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want deadline exceeded", err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Fatalf("cancellation took %v", el)
	}
	if getU32(buf, 1) == 0 {
		t.Fatalf("the loop did not run")
	}
}

func TestHistogramAtomics(t *testing.T) {
	k := prepare(t, glsl(t, "histogram.comp"), "main", nil)
	const perItem, groups = 16, 32
	n := perItem * groups * 64
	data := make([]uint32, n)
	want := make([]uint32, 256)
	x := uint32(1)
	for i := range data {
		x = x*1664525 + 1013904223
		data[i] = x >> 8
		want[data[i]&255]++
	}
	bins := make([]byte, 4*256)
	run(t, k, [3]int{groups, 1, 1}, u32s([]uint32{perItem}), u32s(data), bins)
	for i := range want {
		if got := getU32(bins, i); got != want[i] {
			t.Fatalf("bin %d = %d, want %d", i, got, want[i])
		}
	}
}

func TestUnsupported(t *testing.T) {
	m := asm(t, `
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
        %fnv = OpTypeFunction %void
      %float = OpTypeFloat 32
         %f1 = OpConstant %float 1
       %main = OpFunction %void None %fnv
      %entry = OpLabel
          %x = OpDPdx %float %f1
               OpReturn
               OpFunctionEnd
`)
	_, err := m.Prepare("main", nil)
	if err == nil || !strings.Contains(err.Error(), "OpDPdx") {
		t.Fatalf("got %v", err)
	}
	if _, err := m.Prepare("nope", nil); err == nil {
		t.Fatal("no error for a missing entry point")
	}
}
