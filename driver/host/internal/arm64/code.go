package arm64

import "github.com/clgo/clgo/driver/host/internal/execmem"

// Code is machine code in executable memory, from Alloc.
type Code = execmem.Code
