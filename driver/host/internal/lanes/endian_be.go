//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package lanes

// nativeLE: the machine is big-endian (every little-endian GOARCH is in
// endian_le.go); the memory loops go through encoding/binary
// (execmem.go), Uniform operands read the low end of their word
// (opRowOf).
const nativeLE = false
