package jit

import (
	"github.com/clgo/clgo/driver/host/internal/amd64"
	"github.com/clgo/clgo/driver/host/internal/lanes"
)

// A buffer access reads its region's entry (base address and bounds,
// regionMem) from the runner's table, whose address is in ctx: two
// dependent loads (the table, then the field) before the bound check,
// in every chunk and access. The entries are the same for the whole
// call (a group), so the group prologue copies the table into the group
// area, and accesses read their entry at a constant offset from rGroup:
// one load fewer per access, and the base no longer waits on the
// table's address.

// analyzeRegionTable places the copy of the region table from off in
// the group area, where the program has memory regions that accesses
// read entries of; it returns the area's new end.
func (g *gen) analyzeRegionTable(off int32) int32 {
	g.regTab = 0
	if sizeRegMem != 32 {
		return off // one ymm per entry below
	}
	any := false
	for _, rg := range g.p.Regions {
		any = any || tabled(rg.Kind)
	}
	if !any {
		return off
	}
	off = (off + 31) &^ 31
	g.regTab = off + 1 // 0: none
	return off + int32(len(g.p.Regions))*sizeRegMem
}

// tabled reports whether a region of kind k has an entry in the runner's
// table that the code reads (private regions live in the frame; image
// and sampler regions have tables of their own).
func tabled(k lanes.RegionKind) bool {
	return k == lanes.RegionBuffer || k == lanes.RegionPush || k == lanes.RegionWorkgroup
}

// emitRegionTable copies the entries into the group area (rGroup set).
func (g *gen) emitRegionTable() {
	if g.regTab == 0 {
		return
	}
	a := &g.a
	a.MOVQload(amd64.RAX, amd64.M(rCtx, offRegions))
	for r, rg := range g.p.Regions {
		if !tabled(rg.Kind) {
			continue
		}
		a.VMOVDQUload(amd64.Y0, amd64.M(amd64.RAX, int32(r)*sizeRegMem))
		a.VMOVDQUstore(amd64.M(rGroup, g.regTab-1+int32(r)*sizeRegMem), amd64.Y0)
	}
}

// tabledEntry is region r's entry in the group area's copy, if there.
func (g *gen) tabledEntry(r int) (amd64.Mem, bool) {
	if g.regTab == 0 || r < 0 || r >= len(g.p.Regions) || !tabled(g.p.Regions[r].Kind) {
		return amd64.Mem{}, false
	}
	return amd64.M(rGroup, g.regTab-1+int32(r)*sizeRegMem), true
}
