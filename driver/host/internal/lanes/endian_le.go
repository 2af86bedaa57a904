//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package lanes

// nativeLE: the machine is little-endian, as memory is (ir.go), so the
// memory loops load and store leaves in place (execmem.go).
const nativeLE = true
