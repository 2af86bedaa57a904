#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

static const char *src =
	"kernel void add(global const float *a, global const float *b, global float *c, float k) {\n"
	"	size_t i = get_global_id(0);\n"
	"	c[i] = a[i] + b[i] * k;\n"
	"}\n"
	"kernel void rev(global int *d, local int *tmp) {\n"
	"	size_t l = get_local_id(0), n = get_local_size(0), g = get_group_id(0);\n"
	"	tmp[l] = d[g * n + l];\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	d[g * n + l] = tmp[n - 1 - l];\n"
	"}\n"
	"kernel void dbl(global double *d) { size_t i = get_global_id(0); d[i] = sqrt(d[i]) * 2.0; }\n"
	"kernel void count(global int *c) { atomic_inc(c); }\n";
static const char *src64 =
	"#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
	"kernel void count64(global long *l) { atom_add(l, 2L); }\n";

static volatile int callbacks;
static void CL_CALLBACK on_event(cl_event e, cl_int status, void *data) {
	if (status == CL_COMPLETE && data == (void *)&callbacks) __sync_fetch_and_add(&callbacks, 1);
}
/* Threads share a context and a queue: each makes, fills, reads and
   releases its own buffers and events. */
static cl_context tctx;
static cl_command_queue tq;
static volatile int terrors;
static void *worker(void *arg) {
	for (int it = 0; it < 50; it++) {
		cl_int err, v = (int)(long)arg * 1000 + it, r = -1;
		cl_mem m = clCreateBuffer(tctx, CL_MEM_READ_WRITE, 64, NULL, &err);
		cl_event e;
		if (err || clEnqueueFillBuffer(tq, m, &v, sizeof v, 0, 64, 0, NULL, &e) ||
		    clEnqueueReadBuffer(tq, m, CL_TRUE, 60, sizeof r, &r, 1, &e, NULL) || r != v ||
		    clReleaseEvent(e) || clReleaseMemObject(m))
			__sync_fetch_and_add(&terrors, 1);
	}
	return NULL;
}
static volatile int destroyed;
static void CL_CALLBACK on_mem(cl_mem m, void *data) { __sync_fetch_and_add(&destroyed, 1); }

int main(void) {
	cl_platform_id plat;
	cl_uint n = 0;
	char buf[4096];
	size_t sz = 0;
	OK(clGetPlatformIDs(0, NULL, &n));
	CHECK(n >= 1, "no platform");
	cl_platform_id plats[8];
	OK(clGetPlatformIDs(8, plats, &n));
	plat = NULL;
	for (cl_uint i = 0; i < n; i++) {
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof buf, buf, NULL);
		if (!strcmp(buf, "clgo")) plat = plats[i];
	}
	CHECK(plat != NULL, "no clgo platform");
	if (!plat) return 1;
	OK(clGetPlatformInfo(plat, CL_PLATFORM_VERSION, sizeof buf, buf, &sz));
	CHECK(!strncmp(buf, "OpenCL 3.0 clgo", 15), "version %s", buf);
	/* Errors of the query functions. */
	EXPECT(clGetPlatformInfo(plat, 0x1234, sizeof buf, buf, NULL), CL_INVALID_VALUE);
	sz = 0;
	EXPECT(clGetPlatformInfo(plat, CL_PLATFORM_NAME, 2, buf, &sz), CL_INVALID_VALUE);
	CHECK(sz == 5, "param_value_size_ret %zu after a too small param_value_size", sz);
	EXPECT(clGetPlatformIDs(0, plats, NULL), CL_INVALID_VALUE);

	cl_device_id dev;
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &dev, NULL));
	EXPECT(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ACCELERATOR, 1, &dev, NULL), CL_DEVICE_NOT_FOUND);
	EXPECT(clGetDeviceIDs(plat, 0, 1, &dev, NULL), CL_INVALID_DEVICE_TYPE);
	EXPECT(clGetDeviceInfo((cl_device_id)plat, CL_DEVICE_NAME, sizeof buf, buf, NULL), CL_INVALID_DEVICE);
	EXPECT(clGetDeviceInfo(NULL, CL_DEVICE_NAME, sizeof buf, buf, NULL), CL_INVALID_DEVICE);
	/* Image support depends on the driver (images.c tests images). */
	cl_bool images = 2;
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
	CHECK(images == CL_FALSE || images == CL_TRUE, "image support %u", images);
	OK(clGetDeviceInfo(dev, CL_DEVICE_EXTENSIONS, sizeof buf, buf, NULL));
	int fp64 = strstr(buf, "cl_khr_fp64") != NULL;
	int atom64 = strstr(buf, "cl_khr_int64_base_atomics") != NULL;

	cl_int err;
	EXPECT((clCreateContext(NULL, 0, NULL, NULL, NULL, &err), err), CL_INVALID_VALUE);
	cl_context_properties badprops[] = {0x9999, 0, 0};
	EXPECT((clCreateContext(badprops, 1, &dev, NULL, NULL, &err), err), CL_INVALID_PROPERTY);
	cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
	cl_context ctx = clCreateContext(props, 1, &dev, NULL, NULL, &err);
	OK(err);
	EXPECT(clReleaseContext(NULL), CL_INVALID_CONTEXT);
	EXPECT(clRetainContext((cl_context)dev), CL_INVALID_CONTEXT);
	cl_queue_properties qprops[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, qprops, &err);
	OK(err);
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0}, &err), err), CL_INVALID_QUEUE_PROPERTIES);
	EXPECT((clCreateCommandQueue((cl_context)q, dev, 0, &err), err), CL_INVALID_CONTEXT);
	EXPECT(clFinish((cl_command_queue)ctx), CL_INVALID_COMMAND_QUEUE);

	/* Program, build, kernels. */
	cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	OK(err);
	EXPECT((clCreateProgramWithSource(ctx, 0, NULL, NULL, &err), err), CL_INVALID_VALUE);
	EXPECT((clCreateKernel(prog, "add", &err), err), CL_INVALID_PROGRAM_EXECUTABLE);
	if (clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2 -cl-kernel-arg-info", NULL, NULL) != CL_SUCCESS) { clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof buf, buf, NULL); printf("FAIL build: %s\n", buf); return 1; }
	cl_build_status bs;
	OK(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL));
	CHECK(bs == CL_BUILD_SUCCESS, "build status %d", bs);
	OK(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof buf, buf, NULL));
	CHECK(strstr(buf, "add") && strstr(buf, "rev"), "kernel names %s", buf);
	EXPECT((clCreateKernel(prog, "nope", &err), err), CL_INVALID_KERNEL_NAME);
	EXPECT((clCreateKernel(prog, NULL, &err), err), CL_INVALID_VALUE);
	cl_kernel add = clCreateKernel(prog, "add", &err);
	OK(err);
	cl_uint nargs = 0;
	OK(clGetKernelInfo(add, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
	CHECK(nargs == 4, "num args %u", nargs);

	enum { N = 1024 };
	float a[N], b[N], c[N];
	for (int i = 0; i < N; i++) { a[i] = i; b[i] = 2 * i; }
	EXPECT((clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err), err), CL_INVALID_BUFFER_SIZE);
	EXPECT((clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 16, NULL, &err), err), CL_INVALID_HOST_PTR);
	EXPECT((clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, NULL, &err), err), CL_INVALID_VALUE);
	cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
	OK(err);
	cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof b, NULL, &err);
	OK(err);
	cl_mem bc = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof c, NULL, &err);
	OK(err);
	OK(clSetMemObjectDestructorCallback(bc, on_mem, NULL));
	OK(clEnqueueWriteBuffer(q, bb, CL_TRUE, 0, sizeof b, b, 0, NULL, NULL));
	EXPECT(clEnqueueWriteBuffer(q, bb, CL_TRUE, 1, sizeof b, b, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteBuffer(q, bb, CL_TRUE, 0, sizeof b, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteBuffer(q, (cl_mem)q, CL_TRUE, 0, sizeof b, b, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);

	size_t global = N, local = 64;
	EXPECT(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, &local, 0, NULL, NULL), CL_INVALID_KERNEL_ARGS);
	float k = 0.5f;
	OK(clSetKernelArg(add, 0, sizeof(cl_mem), &ba));
	OK(clSetKernelArg(add, 1, sizeof(cl_mem), &bb));
	OK(clSetKernelArg(add, 2, sizeof(cl_mem), &bc));
	EXPECT(clSetKernelArg(add, 3, sizeof(double), &k), CL_INVALID_ARG_SIZE);
	EXPECT(clSetKernelArg(add, 4, sizeof k, &k), CL_INVALID_ARG_INDEX);
	EXPECT(clSetKernelArg(add, 0, sizeof(cl_mem), &q), CL_INVALID_MEM_OBJECT);
	EXPECT(clSetKernelArg((cl_kernel)prog, 0, sizeof(cl_mem), &ba), CL_INVALID_KERNEL);
	OK(clSetKernelArg(add, 0, sizeof(cl_mem), &ba));
	OK(clSetKernelArg(add, 3, sizeof k, &k));
	EXPECT(clEnqueueNDRangeKernel(q, add, 0, NULL, &global, &local, 0, NULL, NULL), CL_INVALID_WORK_DIMENSION);
	/* OpenCL 2.1 and later: a NULL global size is an empty NDRange. */
	OK(clEnqueueNDRangeKernel(q, add, 1, NULL, NULL, NULL, 0, NULL, NULL));
	/* Features clgo lacks: CL_INVALID_OPERATION before any argument check. */
	EXPECT(clSetDefaultDeviceCommandQueue(ctx, dev, NULL), CL_INVALID_OPERATION);
	EXPECT(clGetDeviceAndHostTimer(dev, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clGetHostTimer(dev, NULL), CL_INVALID_VALUE);
	cl_uint spec = 42; /* a program from source has no specialization constants */
	EXPECT(clSetProgramSpecializationConstant(prog, 0, sizeof spec, &spec), CL_INVALID_PROGRAM);
	cl_kernel_arg_type_qualifier argq = 99;
	OK(clGetKernelArgInfo(add, 3, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof argq, &argq, NULL));
	CHECK(argq == CL_KERNEL_ARG_TYPE_NONE, "by-value argument's type qualifier %#lx", (unsigned long)argq);
	EXPECT(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, &local, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
	cl_event ev;
	OK(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, &local, 0, NULL, &ev));
	OK(clSetEventCallback(ev, CL_COMPLETE, on_event, (void *)&callbacks));
	OK(clEnqueueReadBuffer(q, bc, CL_TRUE, 0, sizeof c, c, 1, &ev, NULL));
	int bad = 0;
	for (int i = 0; i < N; i++) bad += c[i] != a[i] + b[i] * k;
	CHECK(bad == 0, "add: %d wrong results (c[1] = %g)", bad, c[1]);
	cl_ulong t0 = 0, t1 = 0;
	OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL));
	OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL));
	CHECK(t1 >= t0, "profiling %llu..%llu", (unsigned long long)t0, (unsigned long long)t1);
	cl_command_type ct;
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL));
	CHECK(ct == CL_COMMAND_NDRANGE_KERNEL, "command type %#x", ct);
	OK(clReleaseEvent(ev));
	EXPECT(clWaitForEvents(0, NULL), CL_INVALID_VALUE);

	/* __local arguments and barriers. */
	cl_kernel rev = clCreateKernel(prog, "rev", &err);
	OK(err);
	int d[N];
	for (int i = 0; i < N; i++) d[i] = i;
	cl_mem bd = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof d, d, &err);
	OK(err);
	OK(clSetKernelArg(rev, 0, sizeof(cl_mem), &bd));
	EXPECT(clSetKernelArg(rev, 1, 64 * sizeof(int), d), CL_INVALID_ARG_VALUE);
	OK(clSetKernelArg(rev, 1, 64 * sizeof(int), NULL));
	OK(clEnqueueNDRangeKernel(q, rev, 1, NULL, &global, &local, 0, NULL, NULL));
	int *m = clEnqueueMapBuffer(q, bd, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, sizeof d, 0, NULL, NULL, &err);
	OK(err);
	CHECK(m == d, "map of a CL_MEM_USE_HOST_PTR buffer is not the host pointer");
	bad = 0;
	for (int i = 0; i < N; i++) bad += m[i] != (i / 64) * 64 + 63 - i % 64;
	CHECK(bad == 0, "rev: %d wrong results", bad);
	cl_uint mc = 0;
	OK(clGetMemObjectInfo(bd, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL));
	CHECK(mc == 1, "map count %u", mc);
	m[0] = 42;
	OK(clEnqueueUnmapMemObject(q, bd, m, 0, NULL, NULL));
	EXPECT(clEnqueueUnmapMemObject(q, bd, m, 0, NULL, NULL), CL_INVALID_VALUE);

	/* Sub-buffers and mapping of device memory. */
	cl_buffer_region reg = {128 * sizeof(int), 64 * sizeof(int)};
	cl_mem sub = clCreateSubBuffer(bd, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
	OK(err);
	cl_buffer_region badreg = {4, 64};
	EXPECT((clCreateSubBuffer(bd, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &badreg, &err), err), CL_MISALIGNED_SUB_BUFFER_OFFSET);
	int first = 0;
	OK(clEnqueueReadBuffer(q, sub, CL_TRUE, 0, sizeof first, &first, 0, NULL, NULL));
	CHECK(first == 191, "sub-buffer first element %d", first);
	int *dm = clEnqueueMapBuffer(q, bc, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
	OK(err);
	CHECK(dm && ((float *)dm)[1] == c[1], "mapped device buffer");
	OK(clEnqueueUnmapMemObject(q, bc, dm, 0, NULL, NULL));

	/* User events hold commands back; fill and copy. */
	cl_event ue = clCreateUserEvent(ctx, &err);
	OK(err);
	int pat = 7, out[4] = {0};
	cl_event fe;
	OK(clEnqueueFillBuffer(q, sub, &pat, sizeof pat, 0, 16, 1, &ue, &fe));
	cl_int st;
	OK(clGetEventInfo(fe, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
	CHECK(st != CL_COMPLETE, "fill ran before its user event");
	OK(clSetUserEventStatus(ue, CL_COMPLETE));
	EXPECT(clSetUserEventStatus(ue, CL_COMPLETE), CL_INVALID_OPERATION);
	OK(clWaitForEvents(1, &fe));
	OK(clEnqueueReadBuffer(q, bd, CL_TRUE, 128 * sizeof(int), sizeof out, out, 0, NULL, NULL));
	CHECK(out[0] == 7 && out[3] == 7, "fill %d %d", out[0], out[3]);
	OK(clReleaseEvent(fe));
	OK(clReleaseEvent(ue));

	/* Doubles and 64-bit atomics, since the device claims them. */
	if (fp64) {
		double dd[4] = {1, 4, 9, 16};
		cl_mem bdd = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof dd, dd, &err);
		cl_kernel kd = clCreateKernel(prog, "dbl", &err);
		OK(err);
		OK(clSetKernelArg(kd, 0, sizeof bdd, &bdd));
		size_t g4 = 4;
		OK(clEnqueueNDRangeKernel(q, kd, 1, NULL, &g4, NULL, 0, NULL, NULL));
		OK(clEnqueueReadBuffer(q, bdd, CL_TRUE, 0, sizeof dd, dd, 0, NULL, NULL));
		CHECK(dd[0] == 2 && dd[3] == 8, "dbl %g %g", dd[0], dd[3]);
		clReleaseKernel(kd);
		clReleaseMemObject(bdd);
	}
	{
		cl_int zero = 0;
		cl_mem ci = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
		cl_kernel kc = clCreateKernel(prog, "count", &err);
		OK(err);
		OK(clSetKernelArg(kc, 0, sizeof ci, &ci));
		OK(clEnqueueNDRangeKernel(q, kc, 1, NULL, &global, &local, 0, NULL, NULL));
		OK(clEnqueueReadBuffer(q, ci, CL_TRUE, 0, sizeof zero, &zero, 0, NULL, NULL));
		CHECK(zero == N, "atomic_inc %d", zero);
		clReleaseKernel(kc);
		clReleaseMemObject(ci);
	}
	if (atom64) {
		cl_long lz = 0;
		cl_program p64 = clCreateProgramWithSource(ctx, 1, &src64, NULL, &err);
		OK(clBuildProgram(p64, 0, NULL, NULL, NULL, NULL));
		cl_mem cl = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof lz, &lz, &err);
		cl_kernel kc = clCreateKernel(p64, "count64", &err);
		OK(err);
		OK(clSetKernelArg(kc, 0, sizeof cl, &cl));
		OK(clEnqueueNDRangeKernel(q, kc, 1, NULL, &global, &local, 0, NULL, NULL));
		OK(clEnqueueReadBuffer(q, cl, CL_TRUE, 0, sizeof lz, &lz, 0, NULL, NULL));
		CHECK(lz == 2 * N, "64-bit atomics %lld", (long long)lz);
		clReleaseKernel(kc);
		clReleaseMemObject(cl);
		clReleaseProgram(p64);
	}

	/* Program binaries round trip. */
	size_t bsize = 0;
	OK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL));
	CHECK(bsize > 0, "binary size 0");
	unsigned char *bin = malloc(bsize);
	OK(clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
	cl_int bstat;
	cl_program prog2 = clCreateProgramWithBinary(ctx, 1, &dev, &bsize, (const unsigned char **)&bin, &bstat, &err);
	OK(err);
	OK(clBuildProgram(prog2, 0, NULL, NULL, NULL, NULL));
	cl_kernel add2 = clCreateKernel(prog2, "add", &err);
	OK(err);
	unsigned char junk[16] = "not a binary";
	size_t jl = sizeof junk;
	const unsigned char *jp = junk;
	EXPECT((clCreateProgramWithBinary(ctx, 1, &dev, &jl, &jp, &bstat, &err), err), CL_INVALID_BINARY);
	clReleaseKernel(add2);
	clReleaseProgram(prog2);
	free(bin);

	/* A failed build has a log. */
	const char *broken = "kernel void f(global int *p) { p[0] = undeclared; }";
	cl_program bp = clCreateProgramWithSource(ctx, 1, &broken, NULL, &err);
	EXPECT(clBuildProgram(bp, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
	OK(clGetProgramBuildInfo(bp, dev, CL_PROGRAM_BUILD_LOG, sizeof buf, buf, NULL));
	CHECK(strstr(buf, "undeclared") != NULL, "build log: %s", buf);
	clReleaseProgram(bp);

	/* Separate compilation: a unit calls a function of another, whose
	 * embedded header is gone by link time. */
	{
		const char *hsrc = "#define SCALE 7\n";
		cl_program hdr = clCreateProgramWithSource(ctx, 1, &hsrc, NULL, &err);
		OK(err);
		const char *asrc = "#include \"scale.h\"\nint scale(int x) { return x * SCALE; }\n";
		const char *bsrc = "int scale(int);\nkernel void use(global int *p) { p[0] = scale(p[0]) + OFF; }\n";
		cl_program ua = clCreateProgramWithSource(ctx, 1, &asrc, NULL, &err);
		OK(err);
		cl_program ub = clCreateProgramWithSource(ctx, 1, &bsrc, NULL, &err);
		OK(err);
		const char *hname = "scale.h";
		OK(clCompileProgram(ua, 1, &dev, NULL, 1, &hdr, &hname, NULL, NULL));
		OK(clCompileProgram(ub, 1, &dev, "-DOFF=1", 0, NULL, NULL, NULL, NULL));
		cl_program units[2] = {ub, ua};
		cl_program linked = clLinkProgram(ctx, 1, &dev, NULL, 2, units, NULL, NULL, &err);
		OK(err);
		cl_kernel use = clCreateKernel(linked, "use", &err);
		OK(err);
		int three = 3;
		cl_mem bp = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof three, &three, &err);
		OK(err);
		OK(clSetKernelArg(use, 0, sizeof bp, &bp));
		OK(clEnqueueTask(q, use, 0, NULL, NULL));
		OK(clEnqueueReadBuffer(q, bp, CL_TRUE, 0, sizeof three, &three, 0, NULL, NULL));
		CHECK(three == 22, "linked units computed %d, want 22", three);
		clReleaseMemObject(bp);
		clReleaseKernel(use);
		clReleaseProgram(linked);
		clReleaseProgram(ua);
		clReleaseProgram(ub);
		clReleaseProgram(hdr);
	}

	/* Optional features clgo lacks fail as the spec says. */
	if (!images) {
		cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
		cl_image_desc desc = {CL_MEM_OBJECT_IMAGE2D, 4, 4};
		EXPECT((clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, NULL, &err), err), CL_INVALID_OPERATION);
		EXPECT((clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &err), err), CL_INVALID_OPERATION);
	}
	EXPECT((clCreateProgramWithIL(ctx, src, 16, &err), err), CL_INVALID_VALUE); /* not SPIR-V */

	/* Out-of-order queue with a barrier. */
	cl_command_queue oq = clCreateCommandQueue(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
	OK(err);
	OK(clEnqueueWriteBuffer(oq, ba, CL_FALSE, 0, sizeof a, a, 0, NULL, NULL));
	OK(clEnqueueBarrierWithWaitList(oq, 0, NULL, NULL));
	OK(clEnqueueNDRangeKernel(oq, add, 1, NULL, &global, NULL, 0, NULL, NULL));
	OK(clFinish(oq));
	OK(clReleaseCommandQueue(oq));

	tctx = ctx;
	tq = q;
	pthread_t th[4];
	for (long i = 0; i < 4; i++) pthread_create(&th[i], NULL, worker, (void *)i);
	for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
	CHECK(terrors == 0, "%d errors in threads", terrors);

	OK(clReleaseKernel(add));
	OK(clReleaseKernel(rev));
	OK(clReleaseProgram(prog));
	OK(clReleaseMemObject(sub));
	OK(clReleaseMemObject(ba));
	OK(clReleaseMemObject(bb));
	OK(clReleaseMemObject(bc));
	OK(clReleaseMemObject(bd));
	OK(clReleaseCommandQueue(q));
	OK(clReleaseContext(ctx));
	for (int i = 0; i < 200 && (!callbacks || !destroyed); i++) usleep(10000);
	CHECK(callbacks == 1, "event callback ran %d times", callbacks);
	CHECK(destroyed == 1, "destructor callback ran %d times", destroyed);
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
