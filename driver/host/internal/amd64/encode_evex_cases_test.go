package amd64

import "fmt"

// evexMems adds to allMems the displacements that disp8*N compression
// decides on: multiples of the operand size inside and just outside
// -128*N..127*N, and ones that are not multiples (disp32).
var evexMems = append(append([]Mem(nil), allMems...),
	M(RAX, 32), M(RAX, 4064), M(RAX, 4096), M(RAX, -4096), M(RAX, -4128), M(R9, 36),
	M(R13, 0x20), M(R12, 0x40), MI(R8, R15, 8, 0x60), M(RBX, 12), M(RBX, 508), M(RBX, 1016))

// evexPairs are register pairs with at least one of Y16-Y31, covering
// every combination of the register's bits 3 and 4 (EVEX.R/R', B/X).
var evexPairs = [][2]Y{{Y16, Y0}, {Y0, Y16}, {Y31, Y15}, {Y15, Y31}, {Y24, Y8}, {Y8, Y24},
	{Y17, Y23}, {Y28, Y19}, {Y6, Y29}, {Y20, Y3}}

// evexCases covers evex.go and the moves that switch to it for Y16-Y31.
func evexCases() []encCase {
	var cs []encCase
	for _, r := range evexPairs {
		cs = append(cs, encCase{
			fmt.Sprintf("vmovdqu64 ymm%d, ymm%d", r[0], r[1]),
			func(a *Assembler) { a.VMOVDQU(r[0], r[1]) },
		})
	}
	for _, y := range []Y{Y16, Y23, Y24, Y31, Y0, Y9} {
		for _, m := range evexMems {
			cs = append(cs,
				encCase{fmt.Sprintf("vmovdqu64 ymm%d, ymmword ptr %s", y, memText(m)),
					func(a *Assembler) { a.VMOVDQU64load(y, m) }},
				encCase{fmt.Sprintf("vmovdqu64 ymmword ptr %s, ymm%d", memText(m), y),
					func(a *Assembler) { a.VMOVDQU64store(m, y) }},
				encCase{fmt.Sprintf("{evex} vmovd dword ptr %s, xmm%d", memText(m), y),
					func(a *Assembler) { a.EVMOVDstore(m, y) }},
				encCase{fmt.Sprintf("{evex} vmovq qword ptr %s, xmm%d", memText(m), y),
					func(a *Assembler) { a.EVMOVQstore(m, y) }},
			)
		}
	}
	for _, y := range []Y{Y16, Y27, Y31} {
		for _, m := range fewMems {
			cs = append(cs,
				encCase{fmt.Sprintf("vmovdqu64 ymm%d, ymmword ptr %s", y, memText(m)),
					func(a *Assembler) { a.VMOVDQUload(y, m) }},
				encCase{fmt.Sprintf("vmovdqu64 ymmword ptr %s, ymm%d", memText(m), y),
					func(a *Assembler) { a.VMOVDQUstore(m, y) }},
				encCase{fmt.Sprintf("vmovd dword ptr %s, xmm%d", memText(m), y),
					func(a *Assembler) { a.VMOVDstore(m, y) }},
				encCase{fmt.Sprintf("vmovq qword ptr %s, xmm%d", memText(m), y),
					func(a *Assembler) { a.VMOVQstore(m, y) }},
			)
		}
	}
	for _, y := range []Y{Y16, Y24, Y31} {
		for _, m := range evexMems {
			cs = append(cs,
				encCase{fmt.Sprintf("vpbroadcastd ymm%d, dword ptr %s", y, memText(m)),
					func(a *Assembler) { a.VPBROADCASTDload(y, m) }},
				encCase{fmt.Sprintf("vpbroadcastq ymm%d, qword ptr %s", y, memText(m)),
					func(a *Assembler) { a.VPBROADCASTQload(y, m) }},
			)
		}
	}
	for _, f := range []struct {
		name string
		f    func(a *Assembler, d, x, y Y)
	}{
		{"vaddps", (*Assembler).VADDPS}, {"vaddpd", (*Assembler).VADDPD},
		{"vsubps", (*Assembler).VSUBPS}, {"vsubpd", (*Assembler).VSUBPD},
		{"vmulps", (*Assembler).VMULPS}, {"vmulpd", (*Assembler).VMULPD},
		{"vdivps", (*Assembler).VDIVPS}, {"vdivpd", (*Assembler).VDIVPD},
		{"vfmadd213ps", (*Assembler).VFMADD213PS}, {"vfmadd213pd", (*Assembler).VFMADD213PD},
		{"vfmadd231ps", (*Assembler).VFMADD231PS}, {"vfmadd231pd", (*Assembler).VFMADD231PD},
	} {
		for _, r := range evex3 {
			cs = append(cs, encCase{
				fmt.Sprintf("%s ymm%d, ymm%d, ymm%d", f.name, r[0], r[1], r[2]),
				func(a *Assembler) { f.f(a, r[0], r[1], r[2]) },
			})
		}
	}
	// The integer forms: the EVEX mnemonic of each (vpandd for vpand:
	// the same unmasked operation), register and memory operands.
	for _, f := range []struct {
		name string
		f    func(a *Assembler, d, x, y Y)
		m    func(a *Assembler, d, x Y, m Mem)
	}{
		{"vpaddd", (*Assembler).VPADDD, (*Assembler).VPADDDmem}, {"vpaddq", (*Assembler).VPADDQ, (*Assembler).VPADDQmem},
		{"vpsubd", (*Assembler).VPSUBD, (*Assembler).VPSUBDmem}, {"vpsubq", (*Assembler).VPSUBQ, (*Assembler).VPSUBQmem},
		{"vpmulld", (*Assembler).VPMULLD, (*Assembler).VPMULLDmem},
		{"vpandd", (*Assembler).VPAND, (*Assembler).VPANDmem}, {"vpandnd", (*Assembler).VPANDN, nil},
		{"vpord", (*Assembler).VPOR, (*Assembler).VPORmem}, {"vpxord", (*Assembler).VPXOR, (*Assembler).VPXORmem},
		{"vpsllvd", (*Assembler).VPSLLVD, nil}, {"vpsllvq", (*Assembler).VPSLLVQ, nil},
		{"vpsrlvd", (*Assembler).VPSRLVD, nil}, {"vpsrlvq", (*Assembler).VPSRLVQ, nil},
		{"vpsravd", (*Assembler).VPSRAVD, nil},
	} {
		for _, r := range evex3 {
			if !high(r[0], r[1], r[2]) {
				continue // vpandd and the like are EVEX-only mnemonics
			}
			cs = append(cs, encCase{
				fmt.Sprintf("%s ymm%d, ymm%d, ymm%d", f.name, r[0], r[1], r[2]),
				func(a *Assembler) { f.f(a, r[0], r[1], r[2]) },
			})
		}
		if f.m == nil {
			continue
		}
		for _, r := range [][2]Y{{Y16, Y0}, {Y0, Y16}, {Y31, Y24}, {Y9, Y20}} {
			for _, m := range append(fewMems, M(RBX, 4064), M(RBX, 4096), M(R13, -4096)) {
				cs = append(cs, encCase{
					fmt.Sprintf("%s ymm%d, ymm%d, ymmword ptr %s", f.name, r[0], r[1], memText(m)),
					func(a *Assembler) { f.m(a, r[0], r[1], m) },
				})
			}
		}
	}
	for _, f := range []struct {
		name string
		f    func(a *Assembler, d, x Y, n uint8)
	}{
		{"vpslld", (*Assembler).VPSLLD}, {"vpsrld", (*Assembler).VPSRLD}, {"vpsrad", (*Assembler).VPSRAD},
		{"vpsllq", (*Assembler).VPSLLQ}, {"vpsrlq", (*Assembler).VPSRLQ},
	} {
		for _, r := range evexPairs {
			cs = append(cs, encCase{
				fmt.Sprintf("%s ymm%d, ymm%d, 0x7", f.name, r[0], r[1]),
				func(a *Assembler) { f.f(a, r[0], r[1], 7) },
			})
		}
	}
	return cs
}

// evex3 are register triples with at least one of Y16-Y31: each
// position takes both values of its register's bits 3 and 4 (EVEX.R/R',
// vvvv/V', B/X).
var evex3 = [][3]Y{{Y16, Y0, Y1}, {Y0, Y16, Y1}, {Y0, Y1, Y16}, {Y31, Y15, Y7}, {Y7, Y31, Y15},
	{Y15, Y7, Y31}, {Y24, Y8, Y25}, {Y20, Y28, Y3}, {Y9, Y2, Y30}, {Y6, Y15, Y0}}
