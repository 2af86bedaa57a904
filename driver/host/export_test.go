package host

// CPUTime lets the external benchmarks measure CPU time.
var CPUTime = cpuTime

// SetGlobalMem makes the device's global memory n bytes, so that tests can
// exhaust it cheaply; it returns the previous size.
func SetGlobalMem(n uint64) uint64 {
	memSizes()
	old := globalMem
	globalMem = n
	return old
}

// AllocatedBytes is the bytes of the live buffers.
func AllocatedBytes() uint64 { return allocated.Load() }

// AsmProgram assembles testdata/name and adds the kernel interface r
// (image_test.go).
var AsmProgram = asmProgram

// SetClaimSplit turns the workers' spans of claims (claim.go) on or off
// (one counter shared by every worker) and returns the setting before.
func SetClaimSplit(on bool) bool {
	old := claimSplit
	claimSplit = on
	return old
}

// SetPackGroups turns the packing of narrow work-groups (pack.go) on or
// off and returns the setting before.
func SetPackGroups(on bool) bool {
	old := packGroups
	packGroups = on
	return old
}

// PackedDispatches is how many dispatches have run packed work-groups.
func PackedDispatches() int64 { return packedDispatches.Load() }
