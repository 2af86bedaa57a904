import sys
import numpy as np
import pyopencl as cl

plat = [p for p in cl.get_platforms() if p.name == "clgo"]
assert plat, "no clgo platform: %r" % [p.name for p in cl.get_platforms()]
dev = plat[0].get_devices()[0]
print("device:", dev.name, "|", dev.version, "|", dev.opencl_c_version)
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)

src = """
kernel void saxpy(float a, global const float *x, global float *y) {
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
"""
prg = cl.Program(ctx, src).build()
n = 4096
x = np.random.rand(n).astype(np.float32)
y = np.random.rand(n).astype(np.float32)
mf = cl.mem_flags
bx = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
by = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
ev = prg.saxpy(q, (n,), (64,), np.float32(3.0), bx, by)
ev.wait()
out = np.empty_like(y)
cl.enqueue_copy(q, out, by)
assert np.allclose(out, 3.0 * x + y), "saxpy results"
assert ev.profile.end >= ev.profile.start

# A second program from the same source comes from pyopencl's binary cache.
prg2 = cl.Program(ctx, src).build()
ev = prg2.saxpy(q, (n,), None, np.float32(1.0), bx, by)
cl.enqueue_copy(q, out, by)
assert np.allclose(out, 4.0 * x + y), "cached-binary saxpy results"

# Integer kernel with a 2-D range, and error reporting through exceptions.
src2 = """
kernel void idx(global int *o, int w) {
    int i = get_global_id(0), j = get_global_id(1);
    o[j * w + i] = j * 1000 + i;
}
"""
k = cl.Program(ctx, src2).build().idx
o = cl.Buffer(ctx, mf.WRITE_ONLY, 16 * 8 * 4)
k(q, (16, 8), None, o, np.int32(16))
res = np.empty((8, 16), np.int32)
cl.enqueue_copy(q, res, o)
want = np.arange(8)[:, None] * 1000 + np.arange(16)[None, :]
assert (res == want).all(), "2-D results"

try:
    cl.Program(ctx, "kernel void bad(global int *p) { p[0] = nope; }").build()
    raise SystemExit("broken source built")
except cl.RuntimeError as e:
    assert "nope" in str(e), str(e)

# A kernel keeps its program alive after pyopencl dropped the program:
# Kernel.program retains the handle clGetKernelInfo(CL_KERNEL_PROGRAM) gives
# (pyopencl's scan kernels do this) and may build more kernels from it.
k = cl.Program(ctx, src2).build().idx
import gc
gc.collect()
k2 = cl.Kernel(k.program, "idx")
k2(q, (16, 8), None, o, np.int32(16))
cl.enqueue_copy(q, res, o)
assert (res == want).all(), "kernel of a program reached through Kernel.program"

# Mapping.
m, _ = cl.enqueue_map_buffer(q, by, cl.map_flags.READ, 0, (n,), np.float32)
assert np.allclose(m, 4.0 * x + y)
del m
q.finish()
print("PASS")
