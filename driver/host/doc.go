// Package host executes Vulkan-flavoured SPIR-V compute modules on the host
// CPU, in pure Go.
//
// A Module is decoded once; Prepare turns one entry point, with its
// specialization constants fixed, into a Kernel: a lane program (package
// internal/lanes: every value a virtual register with a width and a
// shape, control flow linearized under lane masks, barriers as yield
// points) run a chunk of lanes at a time, as native code where the CPU
// has AVX2 and FMA and package internal/jit compiles it, else by the lane
// tier's Go executor (tier.go). The Go executor is the portable tier and
// the reference native code is tested against, bit for bit.
//
// Kernel.Run executes a dispatch: work-groups are claimed by GOMAXPROCS
// workers (claim.go), each with a runner of its own; Workgroup memory is
// one allocation per runner, and buffer memory is used in place, every
// access bounds-checked (a trap becomes an AccessError naming the
// argument). Private and local memory are bounded before anything is
// allocated (memlimit.go).
//
// CLGO_HOST_TIER=lanes forces the Go executor (docs/hosttier.md).
package host
