//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package lanes

// nativeLE: the machine is not known to be little-endian; the memory
// loops go through encoding/binary (execmem.go).
const nativeLE = false
