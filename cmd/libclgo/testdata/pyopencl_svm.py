"""Coarse-grained SVM from pyopencl through the clgo ICD: an allocation
written in a map, doubled by a kernel, read in a map and copied out.
Usage: pyopencl_svm.py DEVICE-INDEX; prints PASS."""
import sys

import numpy as np
import pyopencl as cl

plat = [p for p in cl.get_platforms() if p.name == "clgo"][0]
devs = plat.get_devices()
index = int(sys.argv[1])
if index >= len(devs):
    print("no device", index)
    sys.exit(1)
dev = devs[index]
assert dev.svm_capabilities & cl.device_svm_capabilities.COARSE_GRAIN_BUFFER, dev.svm_capabilities
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx)
prg = cl.Program(ctx, "kernel void twice(global float *a) { a[get_global_id(0)] *= 2; }").build()
svm = cl.SVM(cl.svm_empty(ctx, cl.svm_mem_flags.READ_WRITE, 16, np.float32, alignment=0))
with svm.map_rw(q) as ary:
    ary[:] = np.arange(16, dtype=np.float32)
prg.twice(q, (16,), None, svm)
with svm.map_ro(q) as ary:
    got = ary.copy()
assert (got == 2 * np.arange(16)).all(), got
dst = np.empty(16, np.float32)
cl.enqueue_copy(q, dst, svm)
assert (dst == 2 * np.arange(16)).all(), dst
print("PASS")
