package printf_test

import (
	"fmt"
	"strings"
	"testing"
)

// %p prints a pointer as (uintptr_t)p's value in glibc's form, 0x and
// lowercase hex, and the null pointer as "(nil)"; every clgo device prints
// the same text. (PoCL prints its real addresses, so it is no reference.)
func TestPointer(t *testing.T) {
	k := kernelSpec{name: "ptr", global: 1, src: `
constant int table[4] = {1, 2, 3, 4};
kernel void ptr(global int *ret) {
	local int l[8];
	int priv[3] = {ret[0], 0, 0};
	global int *q = ret + 3;
	printf("%p|%p\n", (global void *)0, (constant char *)0);
	printf("%p %lx\n", ret, (ulong)(uintptr_t)ret);
	printf("%p %lx\n", q, (ulong)(uintptr_t)q);
	printf("%p %lx\n", &table[2], (ulong)(uintptr_t)&table[2]);
	printf("%p %lx\n", l + 5, (ulong)(uintptr_t)(l + 5));
	printf("%p %lx\n", &priv[1], (ulong)(uintptr_t)&priv[1]);
	printf("[%20p]\n", q);
	ret[1] = priv[0] + l[0] * 0;
}`}
	var first string
	for _, dev := range devices(t) {
		out, _ := clgoOutput(t, dev, k)
		t.Logf("%s:\n%s", dev.Name(), out)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 7 {
			t.Fatalf("%s: %d lines:\n%s", dev.Name(), len(lines), out)
		}
		if lines[0] != "(nil)|(nil)" {
			t.Errorf("%s: null pointers print %q, want (nil)|(nil)", dev.Name(), lines[0])
		}
		var q string
		for i, l := range lines[1:6] {
			var p, x string
			if _, err := fmt.Sscanf(l, "%s %s", &p, &x); err != nil || p != "0x"+x {
				t.Errorf("%s: line %d: %%p and (uintptr_t) disagree: %q", dev.Name(), i+2, l)
			}
			if i == 1 {
				q = p
			}
		}
		if want := fmt.Sprintf("[%20s]", q); lines[6] != want {
			t.Errorf("%s: padded %%p: %q, want %q", dev.Name(), lines[6], want)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("%s prints differently from the first device:\n%s\nand\n%s", dev.Name(), out, first)
		}
	}
}
