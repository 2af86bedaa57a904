package jit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/clgo/clgo/internal/config"
)

// Generated code has no symbols, so a profile of it names addresses
// only. With $CLGO_JIT_DUMP naming a directory, Compile writes there,
// for every kernel it compiles, the code's address and size, each op's
// code offset and the op itself (the lane program's listing), one op a
// line, so that a tool can turn perf's sample addresses into ops, and
// the code's bytes beside it (.bin, for a disassembler)
// (docs/hosttier.md, "Profiling generated code").
func dumpForProfile(k *Kernel) {
	dir := config.Get(config.JITDump)
	if dir == "" {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "code %#x %d\n", k.code.Addr(), k.code.Len())
	listing := strings.Split(k.p.String(), "\n")
	for i, off := range k.opStart {
		line := ""
		if i < len(listing) {
			line = strings.TrimSpace(listing[i])
		}
		fmt.Fprintf(&b, "op %d %d %s\n", i, off, line)
	}
	name := filepath.Join(dir, fmt.Sprintf("jit-%d-%x.txt", os.Getpid(), k.code.Addr()))
	// A debugging aid: a failed write loses the dump, nothing else.
	_ = os.WriteFile(name, []byte(b.String()), 0o644)
	_ = os.WriteFile(strings.TrimSuffix(name, ".txt")+".bin", k.bytes, 0o644)
}
