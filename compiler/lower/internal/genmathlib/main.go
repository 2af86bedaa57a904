// Command genmathlib writes the precompiled math library
// (compiler/lower/mathlib/*.spv, one module per lower.LibraryKey) from
// the library's source; `go generate ./compiler/lower` runs it.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/clgo/clgo/compiler/lower"
)

func main() {
	for _, k := range lower.LibraryKeys() {
		data, err := lower.PrecompileLibrary(k)
		if err != nil {
			fmt.Fprintf(os.Stderr, "genmathlib: %s: %v\n", k.FileName(), err)
			os.Exit(1)
		}
		if err := os.WriteFile(filepath.Join("mathlib", k.FileName()), data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "genmathlib:", err)
			os.Exit(1)
		}
	}
}
