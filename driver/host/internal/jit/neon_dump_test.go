package jit

import (
	"os"
	"testing"
)

func TestNEONDump(t *testing.T) {
	out := os.Getenv("NEON_DUMP")
	if out == "" {
		t.Skip()
	}
	p := buildOpProg(i32(17, 2), 0, 61)
	t.Log(p)
	_, code, err := generateNEON(p)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(out, code, 0o644)
}
