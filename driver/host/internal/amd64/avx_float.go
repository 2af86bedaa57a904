package amd64

// AVX/FMA floating-point arithmetic, compares, rounding and conversions
// (8 x float32 or 4 x float64 lanes), and VZEROUPPER.

// VCVTDQ2PS is vcvtdq2ps dst, src (int32 -> float, rounding by MXCSR).
func (a *Assembler) VCVTDQ2PS(dst, src Y) { a.rm2(opVCVTDQ2PS, 1, dst, a.yr(src)) }

// VCVTTPS2DQ is vcvttps2dq dst, src (float -> int32, truncating; out of
// range gives 0x80000000).
func (a *Assembler) VCVTTPS2DQ(dst, src Y) { a.rm2(opVCVTTPS2DQ, 1, dst, a.yr(src)) }

// VCVTPS2DQ is vcvtps2dq dst, src (float -> int32, rounding by MXCSR).
func (a *Assembler) VCVTPS2DQ(dst, src Y) { a.rm2(opVCVTPS2DQ, 1, dst, a.yr(src)) }

// VCVTPS2PD is vcvtps2pd dst, xmm src (4 floats -> 4 doubles).
func (a *Assembler) VCVTPS2PD(dst, src Y) { a.rm2(opVCVTPS2PD, 1, dst, a.yr(src)) }

// VCVTPD2PS is vcvtpd2ps xmm dst, src (4 doubles -> 4 floats).
func (a *Assembler) VCVTPD2PS(dst, src Y) { a.rm2(opVCVTPD2PS, 1, dst, a.yr(src)) }

// VCVTDQ2PD is vcvtdq2pd dst, xmm src (4 int32 -> 4 doubles).
func (a *Assembler) VCVTDQ2PD(dst, src Y) { a.rm2(opVCVTDQ2PD, 1, dst, a.yr(src)) }

// VCVTTPD2DQ is vcvttpd2dq xmm dst, src (4 doubles -> 4 int32, truncating).
func (a *Assembler) VCVTTPD2DQ(dst, src Y) { a.rm2(opVCVTTPD2DQ, 1, dst, a.yr(src)) }

// VADDPS is vaddps dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VADDPS(dst, x, y Y) { a.rvmE(opVADDPS, 0, dst, x, y) }

// VADDPD is vaddpd dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VADDPD(dst, x, y Y) { a.rvmE(opVADDPD, 1, dst, x, y) }

// VSUBPS is vsubps dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VSUBPS(dst, x, y Y) { a.rvmE(opVSUBPS, 0, dst, x, y) }

// VSUBPD is vsubpd dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VSUBPD(dst, x, y Y) { a.rvmE(opVSUBPD, 1, dst, x, y) }

// VMULPS is vmulps dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VMULPS(dst, x, y Y) { a.rvmE(opVMULPS, 0, dst, x, y) }

// VMULPD is vmulpd dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VMULPD(dst, x, y Y) { a.rvmE(opVMULPD, 1, dst, x, y) }

// VDIVPS is vdivps dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VDIVPS(dst, x, y Y) { a.rvmE(opVDIVPS, 0, dst, x, y) }

// VDIVPD is vdivpd dst, a, b (EVEX for Y16-Y31).
func (a *Assembler) VDIVPD(dst, x, y Y) { a.rvmE(opVDIVPD, 1, dst, x, y) }

// VSQRTPS is vsqrtps dst, src.
func (a *Assembler) VSQRTPS(dst, src Y) { a.rm2(opVSQRTPS, 1, dst, a.yr(src)) }

// VSQRTPD is vsqrtpd dst, src.
func (a *Assembler) VSQRTPD(dst, src Y) { a.rm2(opVSQRTPD, 1, dst, a.yr(src)) }

// VMINPS is vminps dst, a, b (b where either is NaN or both are zeros).
func (a *Assembler) VMINPS(dst, x, y Y) { a.rvm(opVMINPS, dst, x, y) }

// VMINPD is vminpd dst, a, b.
func (a *Assembler) VMINPD(dst, x, y Y) { a.rvm(opVMINPD, dst, x, y) }

// VMAXPS is vmaxps dst, a, b (b where either is NaN or both are zeros).
func (a *Assembler) VMAXPS(dst, x, y Y) { a.rvm(opVMAXPS, dst, x, y) }

// VMAXPD is vmaxpd dst, a, b.
func (a *Assembler) VMAXPD(dst, x, y Y) { a.rvm(opVMAXPD, dst, x, y) }

// VCMPPS is vcmpps dst, a, b, pred (one of the Cmp* predicates).
func (a *Assembler) VCMPPS(dst, x, y Y, pred uint8) { a.rvmi(opVCMPPS, dst, x, a.yr(y), pred) }

// VCMPPD is vcmppd dst, a, b, pred.
func (a *Assembler) VCMPPD(dst, x, y Y, pred uint8) { a.rvmi(opVCMPPD, dst, x, a.yr(y), pred) }

// VANDPS is vandps dst, a, b.
func (a *Assembler) VANDPS(dst, x, y Y) { a.rvm(opVANDPS, dst, x, y) }

// VANDPD is vandpd dst, a, b.
func (a *Assembler) VANDPD(dst, x, y Y) { a.rvm(opVANDPD, dst, x, y) }

// VXORPS is vxorps dst, a, b.
func (a *Assembler) VXORPS(dst, x, y Y) { a.rvm(opVXORPS, dst, x, y) }

// VXORPD is vxorpd dst, a, b.
func (a *Assembler) VXORPD(dst, x, y Y) { a.rvm(opVXORPD, dst, x, y) }

// VROUNDPS is vroundps dst, src, mode (a Round* control).
func (a *Assembler) VROUNDPS(dst, src Y, mode uint8) { a.rm2i(opVROUNDPS, 1, dst, a.yr(src), mode) }

// VROUNDPD is vroundpd dst, src, mode.
func (a *Assembler) VROUNDPD(dst, src Y, mode uint8) { a.rm2i(opVROUNDPD, 1, dst, a.yr(src), mode) }

// VFMADD213PS is vfmadd213ps dst, a, b: dst = a*dst + b.
func (a *Assembler) VFMADD213PS(dst, x, y Y) { a.rvmE(opVFMADD213PS, opVFMADD213PS.w, dst, x, y) }

// VFMADD231PS is vfmadd231ps dst, a, b: dst = a*b + dst.
func (a *Assembler) VFMADD231PS(dst, x, y Y) { a.rvmE(opVFMADD231PS, opVFMADD231PS.w, dst, x, y) }

// VFMADD213PD is vfmadd213pd dst, a, b: dst = a*dst + b.
func (a *Assembler) VFMADD213PD(dst, x, y Y) { a.rvmE(opVFMADD213PD, opVFMADD213PD.w, dst, x, y) }

// VFMADD231PD is vfmadd231pd dst, a, b: dst = a*b + dst.
func (a *Assembler) VFMADD231PD(dst, x, y Y) { a.rvmE(opVFMADD231PD, opVFMADD231PD.w, dst, x, y) }

// VFNMADD231PD is vfnmadd231pd dst, a, b: dst = -(a*b) + dst.
func (a *Assembler) VFNMADD231PD(dst, x, y Y) { a.rvm(opVFNMADD231PD, dst, x, y) }

// VZEROUPPER is vzeroupper (required before returning to Go code).
func (a *Assembler) VZEROUPPER() { a.buf = append(a.buf, 0xc5, 0xf8, 0x77) }

// VORPD is vorpd dst, a, b.
func (a *Assembler) VORPD(dst, x, y Y) { a.rvm(opVORPD, dst, x, y) }

// VANDNPD is vandnpd dst, a, b (^a & b).
func (a *Assembler) VANDNPD(dst, x, y Y) { a.rvm(opVANDNPD, dst, x, y) }
