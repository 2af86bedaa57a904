// Command genprelude writes compiler/cpp/prelude_gen.go, the macros of
// opencl.h as Go data (cpp.PreludeSource); `go generate ./compiler/cpp`
// runs it.
package main

import (
	"fmt"
	"go/format"
	"os"

	"github.com/clgo/clgo/compiler/cpp"
)

func main() {
	src, err := cpp.PreludeSource()
	if err == nil {
		src, err = format.Source(src)
	}
	if err == nil {
		err = os.WriteFile("prelude_gen.go", src, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genprelude:", err)
		os.Exit(1)
	}
}
