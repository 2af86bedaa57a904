// Package host executes Vulkan-flavoured SPIR-V compute modules on the host
// CPU, in pure Go.
//
// A Module is decoded once; Prepare turns one entry point, with its
// specialization constants fixed, into a Kernel: resolved types, every SSA id
// bound to a register row holding one value per lane, and every instruction
// bound to a closure that loops over the lanes of a work-group. Kernel.Run
// executes a dispatch: each work-group runs as lanes in lock step (SIMT)
// under an active-lane mask that structured control flow narrows and widens,
// and work-groups are spread over GOMAXPROCS goroutines. Barriers are then
// trivially satisfied, Workgroup memory is one allocation per worker, and
// buffer memory is used in place, every access bounds-checked. Small
// barrier-free groups run several at once (batch.go); lane-uniform values
// are computed once (uniform.go), also in place where no branch splits the
// lanes (uniflow.go); copies share rows (alias.go, loadalias.go); accesses
// whose indices grow with the local ids check bounds once per row
// (affine.go).
// Private arrays indexed by a variable live in rows, moved whole when the
// index is uniform (promotedyn.go); phis that read each other are set in
// dependency order rather than through temporaries (phiorder.go).
//
// Values whose live ranges do not overlap share rows (liverows.go): a
// first Prepare records where compiled code names each value's rows, and
// a second gives the rows out by a linear scan over the block order, so
// that the rows a kernel keeps live stay in cache.
//
// Before rows are given out, Prepare simplifies its copy of the
// instructions (extracts of constructs are folded earlier, by spirv/opt in
// compiler.Compile): a maximum feeding only a minimum is one clamp (clamp.go),
// and a construct's operands are laid out in its rows (alias.go).
//
// The lane loops are Go on every machine: where the CPU has AVX2 and FMA
// kernels run as native code (tier.go), and the interpreter is the
// portable reference that native code is tested against.
//
// Every optimization of Prepare can be turned off (opt.go):
// CLGO_HOST_OPT=0 runs every instruction in place over every lane with the
// generic loops, CLGO_HOST_OPT=-mad,-hoist leaves out the ones named; a
// differential test runs random kernels both ways (opt_test.go).
package host

//go:generate go run gen_arith.go
