#!/usr/bin/python3
"""Compare OpenMM's nonbonded forces on an OpenCL device with its Reference
platform (issue 14: the host device's forces were off; see
driver/host mad.go, TestFusedDifferenceOfFusedProduct).

Needs Debian's python3-openmm (python3-simtk) and libopenmm-plugins, and the
clgo ICD:

  go build -buildmode=c-shared -o /tmp/clgo/libclgo.so ./cmd/libclgo
  echo /tmp/clgo/libclgo.so > /tmp/clgo/vendors/clgo.icd
  OCL_ICD_VENDORS=/tmp/clgo/vendors OCL_ICD_FILENAMES=/tmp/clgo/libclgo.so \\
    /usr/bin/python3 scripts/openmm-forces.py [N [DEVICE [PRECISION [CHARGE]]]]

N particles (300) on a jittered grid in a 3 nm periodic box, Lennard-Jones
(sigma 0.3 nm, epsilon 0.5 kJ/mol) and charges +-CHARGE (0.5), cutoff
1 nm (CutoffPeriodic: reaction field). DEVICE is the index in the first
OpenCL platform (clgo: 0 host, 1 Vulkan), PRECISION single, mixed or
double. Prints the median and largest relative force error per particle.
"""
import sys

import numpy as np

try:
    import openmm as mm
    import openmm.unit as u
except ImportError:
    import simtk.openmm as mm
    import simtk.unit as u

N = int(sys.argv[1]) if len(sys.argv) > 1 else 300
dev = sys.argv[2] if len(sys.argv) > 2 else '0'
prec = sys.argv[3] if len(sys.argv) > 3 else 'single'
Q = float(sys.argv[4]) if len(sys.argv) > 4 else 0.5
L = 3.0

rng = np.random.default_rng(1)
system = mm.System()
system.setDefaultPeriodicBoxVectors(mm.Vec3(L, 0, 0), mm.Vec3(0, L, 0), mm.Vec3(0, 0, L))
nb = mm.NonbondedForce()
nb.setNonbondedMethod(mm.NonbondedForce.CutoffPeriodic)
nb.setCutoffDistance(1.0)
g = int(np.ceil(N ** (1 / 3)))
pos = []
for i in range(N):
    cell = np.array([i % g, (i // g) % g, i // (g * g)])
    pos.append((cell + 0.5) * L / g + rng.uniform(-0.05, 0.05, 3))
    system.addParticle(20.0)
    nb.addParticle(Q if i % 2 else -Q, 0.3, 0.5)
system.addForce(nb)


def forces(platform, props):
    ctx = mm.Context(system, mm.VerletIntegrator(0.001), mm.Platform.getPlatformByName(platform), props)
    ctx.setPositions([mm.Vec3(*p) for p in pos])
    st = ctx.getState(getForces=True, getEnergy=True)
    f = np.array(st.getForces(asNumpy=True).value_in_unit(u.kilojoule_per_mole / u.nanometer))
    return f, st.getPotentialEnergy().value_in_unit(u.kilojoule_per_mole)


fr, er = forces('Reference', {})
fo, eo = forces('OpenCL', {'OpenCLPlatformIndex': '0', 'OpenCLDeviceIndex': dev, 'Precision': prec})
rel = np.linalg.norm(fo - fr, axis=1) / np.linalg.norm(fr, axis=1)
print(f"device {dev}, {N} particles, {prec}: energy {eo:.6f} (reference {er:.6f}), "
      f"force error median {np.median(rel):.3g}, max {rel.max():.3g}")
