/* hostile: API misuse that must end in an error code with the process
   alive (issue 14): sizes, offsets and pitches no memory has, NDRanges
   past the device's 32-bit size_t, handles used after their release
   (through the ICD loader, which reads a handle's dispatch table first),
   and conformance details of options, argument information and queries.

   ./hostile DEVICE_INDEX prints one FAIL line per wrong answer and PASS at
   the end; ./hostile DEVICE_INDEX random N makes N random calls instead. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)
/* A call that returns an object: no object and the code in *_e. */
#define NOOBJ(expr, want) do { cl_int _e = 12345; void *_h = (void *)(expr); CHECK(_h == NULL && _e == (want), "%s = %p, error %d, want NULL, %d", #expr, _h, _e, (int)(want)); } while (0)

static cl_platform_id plat;
static cl_device_id dev;
/* CL_DEVICE_ADDRESS_BITS: 32 under logical addressing, 64 where programs
   are built for physical addressing (docs/physical.md §7). */
static cl_uint addressBits;
static cl_context ctx;
static cl_command_queue q;

static const char *src =
	"kernel void fill(global uint *a) { a[get_global_id(0) - get_global_offset(0)] = (uint)get_global_id(0); }\n"
	"kernel void loc(global int *a, local int *l, int n) { l[get_local_id(0)] = n; a[get_global_id(0)] = l[get_local_id(0)]; }\n"
	"kernel void count(global int *c) { atomic_inc(c); }\n"
	/* In bounds whatever the sizes (out-of-bounds __local accesses are the
	   compiler's robustness, tested elsewhere). */
	"kernel void one(global int *a, local int *l, int n) { if (get_local_id(0) == 0) { l[0] = n; a[0] = l[0]; } }\n";

static cl_program build(const char *options) {
	cl_int e;
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
	CHECK(e == CL_SUCCESS, "clCreateProgramWithSource = %d", e);
	e = clBuildProgram(p, 1, &dev, options, NULL, NULL);
	if (e != CL_SUCCESS) {
		char log[4096] = "";
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		printf("FAIL build %d: %s\n", e, log);
		exit(1);
	}
	return p;
}

static cl_mem buffer(size_t n) {
	cl_int e;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &e);
	CHECK(e == CL_SUCCESS, "clCreateBuffer(%zu) = %d", n, e);
	return m;
}

/* Sizes, offsets, pitches and lengths that no memory has: CL_INVALID_VALUE
   (CL_INVALID_BINARY for a binary), before any byte is touched. */
static void sizes(void) {
	cl_mem b = buffer(1024);
	int v[256] = {0};
	EXPECT(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, SIZE_MAX, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 0, (size_t)1 << 50, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 8, SIZE_MAX - 4, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, SIZE_MAX, 8, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteBuffer(q, b, CL_TRUE, 1020, 8, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueFillBuffer(q, b, v, SIZE_MAX, 0, 16, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueFillBuffer(q, b, v, 256, 0, 256, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueFillBuffer(q, b, v, 4, SIZE_MAX - 3, 4, 0, NULL, NULL), CL_INVALID_VALUE);
	size_t zero[3] = {0, 0, 0}, r4[3] = {4, 1, 1}, r42[3] = {4, 2, 1}, r441[3] = {4, 4, 1};
	size_t far[3] = {SIZE_MAX / 2, 0, 0}, far2[3] = {SIZE_MAX / 2, SIZE_MAX / 2, 0};
	/* A host origin or pitch whose box ends past the address space. */
	EXPECT(clEnqueueReadBufferRect(q, b, CL_TRUE, zero, far, r4, 0, 0, 0, 0, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteBufferRect(q, b, CL_TRUE, zero, zero, r42, 0, 0, SIZE_MAX / 2, 0, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteBufferRect(q, b, CL_TRUE, zero, zero, r42, 0, 0, 4, SIZE_MAX, v, 0, NULL, NULL), CL_INVALID_VALUE);
	/* Buffer origins whose arithmetic wraps 64 bits. */
	EXPECT(clEnqueueReadBufferRect(q, b, CL_TRUE, far2, zero, r441, 0, 0, 0, 0, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadBufferRect(q, b, CL_TRUE, zero, zero, r441, SIZE_MAX / 2, 0, 0, 0, v, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueCopyBufferRect(q, b, b, far2, zero, r441, 0, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
	/* Still fine: a box inside both. */
	size_t ho[3] = {4, 0, 0};
	OK(clEnqueueWriteBufferRect(q, b, CL_TRUE, zero, ho, r42, 16, 0, 8, 0, v, 0, NULL, NULL));

	/* A binary or source length past 2 GiB: refused before it is read
	   (the 16 bytes behind these pointers are all there is). */
	static const unsigned char bin[16] = {0x03, 0x02, 0x23, 0x07};
	const unsigned char *bp = bin;
	size_t huge = (size_t)1 << 31;
	cl_int status = 0;
	NOOBJ(clCreateProgramWithBinary(ctx, 1, &dev, &huge, &bp, &status, &_e), CL_INVALID_BINARY);
	CHECK(status == CL_INVALID_BINARY, "binary status %d", status);
	const char *s = "kernel void k() {}";
	size_t slen = SIZE_MAX;
	NOOBJ(clCreateProgramWithSource(ctx, 1, &s, &slen, &_e), CL_INVALID_VALUE);
	OK(clFinish(q));
	clReleaseMemObject(b);
}

/* Global ids that would wrap the device's size_t (32 or 64 bits) are
   refused with the spec's codes, and the kernel never runs. NDRanges a
   64-bit size_t holds but that would run for hours are not enqueued. */
static void ndranges(void) {
	cl_program p = build("");
	cl_int e;
	cl_kernel count = clCreateKernel(p, "count", &e);
	cl_kernel fill = clCreateKernel(p, "fill", &e);
	cl_kernel loc = clCreateKernel(p, "loc", &e);
	int z = 0;
	cl_mem c = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, 4, &z, &e);
	cl_mem b = buffer(1024);
	OK(clSetKernelArg(count, 0, sizeof c, &c));
	OK(clSetKernelArg(fill, 0, sizeof b, &b));
	CHECK(addressBits == 32 || addressBits == 64, "CL_DEVICE_ADDRESS_BITS %u", addressBits);
	size_t g = 64, l8 = 8, off;
	if (addressBits == 32) {
		g = ((size_t)1 << 32) + 64;
		EXPECT(clEnqueueNDRangeKernel(q, count, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
		g = (size_t)1 << 40;
		EXPECT(clEnqueueNDRangeKernel(q, count, 1, NULL, &g, &l8, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
		size_t g3[3] = {65536, 65536, 65536}; /* 2^48 work-items */
		EXPECT(clEnqueueNDRangeKernel(q, count, 3, NULL, g3, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
		off = ((size_t)1 << 32) - 16;
		g = 64;
		EXPECT(clEnqueueNDRangeKernel(q, count, 1, &off, &g, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
		off = ((size_t)1 << 32) - 4, g = 8;
		EXPECT(clEnqueueNDRangeKernel(q, fill, 1, &off, &g, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
	} else {
		size_t g3[3] = {(size_t)1 << 32, (size_t)1 << 32, 2}; /* 2^65 work-items */
		EXPECT(clEnqueueNDRangeKernel(q, count, 3, NULL, g3, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_WORK_SIZE);
		off = SIZE_MAX - 4, g = 8;
		EXPECT(clEnqueueNDRangeKernel(q, fill, 1, &off, &g, NULL, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
	}
	off = SIZE_MAX - 10, g = 64;
	EXPECT(clEnqueueNDRangeKernel(q, count, 1, &off, &g, &l8, 0, NULL, NULL), CL_INVALID_GLOBAL_OFFSET);
	OK(clFinish(q));
	OK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, 4, &z, 0, NULL, NULL));
	CHECK(z == 0, "a refused NDRange ran: count %d", z);
	/* The largest ids that fit do run, unwrapped (fill keeps their low 32
	   bits). */
	off = (addressBits == 32 ? ((size_t)1 << 32) : 0) - 1 - 8, g = 8;
	OK(clEnqueueNDRangeKernel(q, fill, 1, &off, &g, NULL, 0, NULL, NULL));
	cl_uint ids[8];
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof ids, ids, 0, NULL, NULL));
	for (int i = 0; i < 8; i++)
		CHECK(ids[i] == 0xfffffff7u + i, "id %d = %u, want %u", i, ids[i], 0xfffffff7u + i);

	/* Work-group sizes: the total is checked before each dimension. */
	int n = 1;
	OK(clSetKernelArg(loc, 0, sizeof b, &b));
	OK(clSetKernelArg(loc, 1, 64, NULL));
	OK(clSetKernelArg(loc, 2, sizeof n, &n));
	size_t big = 1 << 20, zl = 0, l7 = 7;
	g = 64;
	EXPECT(clEnqueueNDRangeKernel(q, loc, 1, NULL, &big, &big, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
	EXPECT(clEnqueueNDRangeKernel(q, loc, 1, NULL, &g, &zl, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
	EXPECT(clEnqueueNDRangeKernel(q, loc, 1, NULL, &g, &l7, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);
	/* __local memory past the device's: at enqueue (clSetKernelArg has no
	   size limit in the spec). */
	cl_ulong lm = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL));
	OK(clSetKernelArg(loc, 1, SIZE_MAX, NULL));
	EXPECT(clEnqueueNDRangeKernel(q, loc, 1, NULL, &g, &l8, 0, NULL, NULL), CL_OUT_OF_RESOURCES);
	OK(clSetKernelArg(loc, 1, lm + 4, NULL));
	EXPECT(clEnqueueNDRangeKernel(q, loc, 1, NULL, &g, &l8, 0, NULL, NULL), CL_OUT_OF_RESOURCES);
	OK(clFinish(q));
	clReleaseKernel(count);
	clReleaseKernel(fill);
	clReleaseKernel(loc);
	clReleaseProgram(p);
	clReleaseMemObject(b);
	clReleaseMemObject(c);
}

/* Every kind of handle used again after the application released it: the
   loader still reads its dispatch table, and clgo answers
   CL_INVALID_<OBJECT>. Many objects are made and released in between so
   that freed memory would be reused if handles were freed. */
static void released(void) {
	cl_int e;
	int v[4] = {0};
	cl_program p = build("");
	cl_kernel k = clCreateKernel(p, "count", &e);
	cl_mem b = buffer(64);
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
	cl_event ue = clCreateUserEvent(ctx, &e);
	cl_context c2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	cl_event we;
	OK(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, 4, v, 0, NULL, &we));

	OK(clReleaseMemObject(b));
	OK(clReleaseKernel(k));
	OK(clReleaseProgram(p));
	OK(clReleaseCommandQueue(q2));
	OK(clSetUserEventStatus(ue, CL_COMPLETE));
	OK(clReleaseEvent(ue));
	OK(clReleaseEvent(we));
	OK(clReleaseContext(c2));
	for (int i = 0; i < 2000; i++) {
		cl_mem m = clCreateBuffer(ctx, 0, 16, NULL, &e);
		cl_event u = clCreateUserEvent(ctx, &e);
		clReleaseEvent(u);
		clReleaseMemObject(m);
		void *junk = malloc(16);
		memset(junk, 0xa5, 16);
		free(junk);
	}

	size_t sz;
	EXPECT(clGetMemObjectInfo(b, CL_MEM_SIZE, sizeof sz, &sz, NULL), CL_INVALID_MEM_OBJECT);
	EXPECT(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, v, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	EXPECT(clReleaseMemObject(b), CL_INVALID_MEM_OBJECT);
	EXPECT(clRetainMemObject(b), CL_INVALID_MEM_OBJECT);
	EXPECT(clSetKernelArg(k, 0, sizeof b, &b), CL_INVALID_KERNEL);
	EXPECT(clReleaseKernel(k), CL_INVALID_KERNEL);
	size_t g = 1;
	EXPECT(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_INVALID_KERNEL);
	NOOBJ(clCreateKernel(p, "count", &_e), CL_INVALID_PROGRAM);
	EXPECT(clBuildProgram(p, 0, NULL, "", NULL, NULL), CL_INVALID_PROGRAM);
	EXPECT(clReleaseProgram(p), CL_INVALID_PROGRAM);
	EXPECT(clFinish(q2), CL_INVALID_COMMAND_QUEUE);
	EXPECT(clFlush(q2), CL_INVALID_COMMAND_QUEUE);
	EXPECT(clEnqueueReadBuffer(q2, b, CL_TRUE, 0, 4, v, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	EXPECT(clReleaseCommandQueue(q2), CL_INVALID_COMMAND_QUEUE);
	EXPECT(clWaitForEvents(1, &ue), CL_INVALID_EVENT);
	cl_int st;
	EXPECT(clGetEventInfo(we, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), CL_INVALID_EVENT);
	EXPECT(clReleaseEvent(we), CL_INVALID_EVENT);
	EXPECT(clSetUserEventStatus(ue, CL_COMPLETE), CL_INVALID_EVENT);
	EXPECT(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 4, v, 1, &we, NULL), CL_INVALID_MEM_OBJECT);
	NOOBJ(clCreateBuffer(c2, 0, 16, NULL, &_e), CL_INVALID_CONTEXT);
	EXPECT(clReleaseContext(c2), CL_INVALID_CONTEXT);
	NOOBJ(clCreateCommandQueueWithProperties(c2, dev, NULL, &_e), CL_INVALID_CONTEXT);
}

/* Objects that the application released but that a child keeps alive (a
   kernel its program, a buffer its context, a queue its context) are still
   objects: the handles that clGet*Info returns for them may be retained
   and used, as wrappers that re-wrap a kernel's program do (pyopencl's
   Kernel.program), and released again. */
static void parents(void) {
	cl_int e;
	cl_program p = build("");
	cl_kernel k = clCreateKernel(p, "count", &e);
	OK(e);
	OK(clReleaseProgram(p));
	cl_program kp = NULL;
	OK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL));
	CHECK(kp == p, "CL_KERNEL_PROGRAM = %p, want %p", (void *)kp, (void *)p);
	OK(clRetainProgram(kp));
	cl_uint refs = 0;
	OK(clGetProgramInfo(kp, CL_PROGRAM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
	CHECK(refs >= 1, "CL_PROGRAM_REFERENCE_COUNT = %u after clRetainProgram", refs);
	cl_kernel k2 = clCreateKernel(kp, "fill", &e);
	OK(e);
	OK(clReleaseKernel(k2));
	OK(clReleaseProgram(kp));
	/* The kernel still holds the program: queries keep working. */
	OK(clGetProgramInfo(kp, CL_PROGRAM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
	OK(clReleaseKernel(k));
	/* Now nothing holds it. */
	EXPECT(clRetainProgram(kp), CL_INVALID_PROGRAM);

	cl_context c2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	cl_mem b = clCreateBuffer(c2, CL_MEM_READ_WRITE, 16, NULL, &e);
	OK(e);
	OK(clReleaseContext(c2));
	cl_context bc = NULL;
	OK(clGetMemObjectInfo(b, CL_MEM_CONTEXT, sizeof bc, &bc, NULL));
	OK(clRetainContext(bc));
	cl_mem b2 = clCreateBuffer(bc, CL_MEM_READ_WRITE, 16, NULL, &e);
	OK(e);
	OK(clReleaseMemObject(b2));
	OK(clReleaseContext(bc));
	OK(clReleaseMemObject(b));
	EXPECT(clRetainContext(bc), CL_INVALID_CONTEXT);
}

/* Conformance details (issue 14): options, argument information, queries. */
static void details(void) {
	cl_int e;
	/* clCompileProgram's and clBuildProgram's bad options, also with
	   kernels attached (options are checked first). */
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
	EXPECT(clCompileProgram(p, 1, &dev, "-Dfoo -bogus-option", 0, NULL, NULL, NULL, NULL), CL_INVALID_COMPILER_OPTIONS);
	EXPECT(clBuildProgram(p, 1, &dev, "-bogus-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
	OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "loc", &e);
	EXPECT(clBuildProgram(p, 1, &dev, "-Dfoo -bogus-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
	EXPECT(clBuildProgram(p, 1, &dev, "", NULL, NULL), CL_INVALID_OPERATION);

	/* Argument information: only for source built with -cl-kernel-arg-info. */
	char name[64];
	cl_kernel_arg_address_qualifier aq;
	EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL), CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	EXPECT(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL), CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	EXPECT(clGetKernelArgInfo(k, 9, CL_KERNEL_ARG_NAME, sizeof name, name, NULL), CL_INVALID_ARG_INDEX);
	cl_program pi = build("-cl-kernel-arg-info");
	cl_kernel ki = clCreateKernel(pi, "loc", &e);
	OK(clGetKernelArgInfo(ki, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL));
	CHECK(!strcmp(name, "a"), "argument 0 is named %s", name);
	OK(clGetKernelArgInfo(ki, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
	CHECK(aq == CL_KERNEL_ARG_ADDRESS_LOCAL, "address qualifier %#x", (unsigned)aq);
	/* A program from binary, even one built with the option, has none. */
	size_t blen;
	OK(clGetProgramInfo(pi, CL_PROGRAM_BINARY_SIZES, sizeof blen, &blen, NULL));
	unsigned char *bin = malloc(blen);
	OK(clGetProgramInfo(pi, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
	const unsigned char *cbin = bin;
	cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, &blen, &cbin, NULL, &e);
	OK(e);
	OK(clBuildProgram(pb, 1, &dev, "-cl-kernel-arg-info", NULL, NULL));
	cl_kernel kb = clCreateKernel(pb, "loc", &e);
	OK(e);
	EXPECT(clGetKernelArgInfo(kb, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL), CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	free(bin);

	/* CL_QUEUE_SIZE is a query of device queues only (clgo has none). */
	cl_uint qs;
	EXPECT(clGetCommandQueueInfo(q, CL_QUEUE_SIZE, sizeof qs, &qs, NULL), CL_INVALID_COMMAND_QUEUE);
	/* A platform that is not one: no function. */
	CHECK(clGetExtensionFunctionAddressForPlatform((cl_platform_id)ctx, "clIcdGetPlatformIDsKHR") == NULL, "address for a context as platform");
	CHECK(clGetExtensionFunctionAddressForPlatform(plat, "clNoSuchFunctionKHR") == NULL, "address of an unknown function");
	/* CL_MEM_HOST_WRITE_ONLY: the host writes (also through a map), never reads. */
	int data[16], got[16];
	for (int i = 0; i < 16; i++) data[i] = i * 3;
	cl_mem w = clCreateBuffer(ctx, CL_MEM_HOST_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, sizeof data, data, &e);
	OK(e);
	cl_mem r = buffer(sizeof data);
	EXPECT(clEnqueueReadBuffer(q, w, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL), CL_INVALID_OPERATION);
	size_t o3[3] = {0, 0, 0}, r3[3] = {sizeof data, 1, 1};
	EXPECT(clEnqueueReadBufferRect(q, w, CL_TRUE, o3, o3, r3, 0, 0, 0, 0, got, 0, NULL, NULL), CL_INVALID_OPERATION);
	NOOBJ(clEnqueueMapBuffer(q, w, CL_TRUE, CL_MAP_READ, 0, sizeof data, 0, NULL, NULL, &_e), CL_INVALID_OPERATION);
	OK(clEnqueueWriteBuffer(q, w, CL_TRUE, 0, 8, data + 8, 0, NULL, NULL));
	OK(clEnqueueWriteBufferRect(q, w, CL_TRUE, o3, o3, r3, 0, 0, 0, 0, data, 0, NULL, NULL));
	int *mp = clEnqueueMapBuffer(q, w, CL_TRUE, CL_MAP_WRITE, 0, sizeof data, 0, NULL, NULL, &e);
	OK(e);
	if (mp) {
		mp[5] = 500;
		OK(clEnqueueUnmapMemObject(q, w, mp, 0, NULL, NULL));
	}
	OK(clEnqueueCopyBuffer(q, w, r, 0, 0, sizeof data, 0, NULL, NULL));
	OK(clEnqueueReadBuffer(q, r, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
	for (int i = 0; i < 16; i++)
		CHECK(got[i] == (i == 5 ? 500 : i * 3), "host write-only buffer [%d] = %d", i, got[i]);

	/* CL_DEVICE_MAX_MEM_ALLOC_SIZE and what a buffer of it does. */
	cl_ulong maxAlloc = 0, global = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxAlloc, &maxAlloc, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global, &global, NULL));
	cl_ulong minAlloc = global / 4 < (1 << 30) ? global / 4 : (1 << 30);
	if (minAlloc < (32 << 20)) minAlloc = 32 << 20;
	CHECK(maxAlloc >= minAlloc, "CL_DEVICE_MAX_MEM_ALLOC_SIZE %llu, below the FULL profile's %llu for %llu bytes of global memory",
	      (unsigned long long)maxAlloc, (unsigned long long)minAlloc, (unsigned long long)global);
	NOOBJ(clCreateBuffer(ctx, 0, maxAlloc + 1, NULL, &_e), CL_INVALID_BUFFER_SIZE);

	clReleaseMemObject(w);
	clReleaseMemObject(r);
	clReleaseKernel(k);
	clReleaseKernel(ki);
	clReleaseKernel(kb);
	clReleaseProgram(p);
	clReleaseProgram(pi);
	clReleaseProgram(pb);
}


/* A random walk over the entry points that take sizes: each argument is
   drawn from the values that break arithmetic (0, 1, odd sizes, 2^31,
   2^32 - 1, 2^47, SIZE_MAX / 2, SIZE_MAX, ...), handles from live,
   released and wrong-kind objects. Every call must return CL_SUCCESS or
   an error code, never crash; the host memory given is always large
   enough for a range clgo accepts, so an accepted call that faults is
   clgo's bug. */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static const size_t nasty[] = {0, 1, 2, 3, 4, 7, 8, 16, 60, 64, 255, 256, 1020, 1023, 1024, 1025, 4096,
	(size_t)1 << 31, ((size_t)1 << 32) - 1, (size_t)1 << 32, (size_t)1 << 47, SIZE_MAX / 2, SIZE_MAX - 4, SIZE_MAX - 1, SIZE_MAX};
static size_t pick(void) { return nasty[next() % (sizeof nasty / sizeof nasty[0])]; }

enum { HOST = 1 << 16 }; /* host memory behind every pointer: 64 KiB, the buffer 1 KiB */

/* hostEnd is the bytes a Rect's host side spans, or 0 when that overflows
   (clgo must refuse it) or is not a valid box. */
static uint64_t rectEnd(const size_t o[3], const size_t r[3], size_t row, size_t slice) {
	uint64_t z, y, x, a, b, e;
	if (!r[0] || !r[1] || !r[2]) return 0;
	if (row == 0) row = r[0];
	if (slice == 0 && __builtin_mul_overflow(row, r[1], &slice)) return 0;
	if (__builtin_add_overflow(o[2], r[2] - 1, &z) || __builtin_add_overflow(o[1], r[1] - 1, &y) ||
	    __builtin_add_overflow(o[0], r[0], &x) || __builtin_mul_overflow(z, slice, &a) ||
	    __builtin_mul_overflow(y, row, &b) || __builtin_add_overflow(a, b, &e) || __builtin_add_overflow(e, x, &e))
		return 0;
	return e;
}

/* Waits the ICD makes in C on the host device (wait.c): a wait list of
   two contexts is CL_INVALID_CONTEXT, as on every device, while a command
   of one waits for a user event; once the event is set the wait for each
   command, and clFinish of each queue, succeed; a failed command's wait
   is CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST. */
static void waits(void) {
	cl_int e;
	cl_context c2 = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	CHECK(e == CL_SUCCESS, "clCreateContext = %d", e);
	cl_command_queue q2 = clCreateCommandQueue(c2, dev, 0, &e);
	CHECK(e == CL_SUCCESS, "clCreateCommandQueue = %d", e);
	cl_event u = clCreateUserEvent(ctx, &e);
	cl_event blocked, other, both[2];
	OK(clEnqueueMarkerWithWaitList(q, 1, &u, &blocked));
	OK(clEnqueueMarkerWithWaitList(q2, 0, NULL, &other));
	both[0] = other, both[1] = blocked;
	EXPECT(clWaitForEvents(2, both), CL_INVALID_CONTEXT);
	OK(clWaitForEvents(1, &other));
	OK(clSetUserEventStatus(u, CL_COMPLETE));
	OK(clWaitForEvents(1, &blocked));
	OK(clFinish(q));
	OK(clFinish(q2));
	cl_event u2 = clCreateUserEvent(ctx, &e), failed;
	OK(clEnqueueMarkerWithWaitList(q, 1, &u2, &failed));
	OK(clSetUserEventStatus(u2, -1));
	EXPECT(clWaitForEvents(1, &failed), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
	OK(clFinish(q));
	clReleaseEvent(failed);
	clReleaseEvent(u2);
	clReleaseEvent(blocked);
	clReleaseEvent(other);
	clReleaseEvent(u);
	clReleaseCommandQueue(q2);
	clReleaseContext(c2);
}

static void randomCalls(int n) {
	cl_int e;
	cl_program p = build("");
	cl_kernel k = clCreateKernel(p, "one", &e);
	cl_kernel dead = clCreateKernel(p, "count", &e);
	clReleaseKernel(dead);
	cl_mem b = buffer(1024), gone = buffer(64);
	clReleaseMemObject(gone);
	unsigned char *host = calloc(HOST, 1);
	cl_mem mems[] = {b, b, b, gone, (cl_mem)k, NULL};
	int bad = 0, ok[9] = {0}, made[9] = {0};
	const char *only = getenv("HOSTILE_CALLS"); /* "045": only those kinds of call */
	for (int i = 0; i < n && bad < 20; i++) {
		cl_mem m = mems[next() % 6];
		size_t a = pick(), c = pick(), d = pick();
		size_t o1[3] = {next() % 2 ? 0 : pick(), next() % 2 ? 0 : pick(), next() % 4 ? 0 : pick()};
		size_t o2[3] = {next() % 2 ? 0 : pick(), next() % 2 ? 0 : pick(), next() % 4 ? 0 : pick()};
		size_t r[3] = {pick(), next() % 2 ? 1 : pick(), next() % 3 ? 1 : pick()};
		size_t p1 = next() % 2 ? 0 : pick(), p2 = next() % 2 ? 0 : pick(), p3 = next() % 2 ? 0 : pick(), p4 = next() % 2 ? 0 : pick();
		int call = next() % 9;
		if (only && !strchr(only, '0' + call)) continue;
		cl_int rc = CL_SUCCESS;
		switch (call) {
		case 0: if (c <= HOST || c > 1024) rc = clEnqueueReadBuffer(q, m, CL_TRUE, a, c, host, 0, NULL, NULL); break;
		case 1: if (c <= HOST || c > 1024) rc = clEnqueueWriteBuffer(q, m, CL_TRUE, a, c, host, 0, NULL, NULL); break;
		case 2: if (a <= HOST) rc = clEnqueueFillBuffer(q, m, host, a, c, d, 0, NULL, NULL); break;
		case 3: rc = clEnqueueCopyBuffer(q, m, b, a, c, d, 0, NULL, NULL); break;
		case 4: { /* host side: the destination of a read */
			uint64_t end = rectEnd(o2, r, p3, p4);
			if (end == 0 || end <= HOST || end > ((uint64_t)1 << 47))
				rc = clEnqueueReadBufferRect(q, m, CL_TRUE, o1, o2, r, p1, p2, p3, p4, host, 0, NULL, NULL);
		} break;
		case 5: {
			uint64_t end = rectEnd(o2, r, p3, p4);
			if (end == 0 || end <= HOST || end > ((uint64_t)1 << 47))
				rc = clEnqueueWriteBufferRect(q, m, CL_TRUE, o1, o2, r, p1, p2, p3, p4, host, 0, NULL, NULL);
		} break;
		case 6: rc = clEnqueueCopyBufferRect(q, m, b, o1, o2, r, p1, p2, p3, p4, 0, NULL, NULL); break;
		case 7: {
			void *mp = clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_WRITE, a, c, 0, NULL, NULL, &rc);
			if (mp) rc = clEnqueueUnmapMemObject(q, m, mp, 0, NULL, NULL);
		} break;
		case 8: {
			size_t g[3] = {a, c, d}, l[3] = {pick(), pick(), pick()};
			cl_uint dims = 1 + next() % 3;
			uint64_t items = 1;
			int wraps = 0; /* more work-items than a 64-bit size_t counts */
			for (cl_uint j = 0; j < dims; j++)
				if (__builtin_mul_overflow(items, g[j], &items)) items = UINT64_MAX, wraps = 1;
			int n1 = 1;
			clSetKernelArg(k, 0, sizeof m, &m);
			clSetKernelArg(k, 1, l[0] % 4096 + 4, NULL);
			clSetKernelArg(k, 2, sizeof n1, &n1);
			/* Sizes that are valid but would run for hours are left out:
			   past 2^32 work-items a 32-bit size_t refuses them, a 64-bit
			   one only past 2^64. */
			if (items <= 4096 || (addressBits == 32 ? items > ((uint64_t)1 << 32) : wraps))
				rc = clEnqueueNDRangeKernel(q, k, dims, next() % 2 ? o1 : NULL, g, next() % 2 ? l : NULL, 0, NULL, NULL);
		} break;
		}
		made[call]++;
		if (rc == CL_SUCCESS) ok[call]++;
		if (rc > 0 || rc < -72) {
			bad++;
			CHECK(0, "call %d %d: code %d", i, call, rc);
		}
	}
	/* A kernel given the NULL buffer faults when it runs: clFinish then
	   reports the failure (CL_OUT_OF_RESOURCES), once. */
	e = clFinish(q);
	CHECK(e == CL_SUCCESS || e == CL_OUT_OF_RESOURCES, "clFinish = %d", e);
	OK(clFinish(q));
	printf("calls (succeeded/made): read %d/%d write %d/%d fill %d/%d copy %d/%d readrect %d/%d writerect %d/%d copyrect %d/%d map %d/%d ndrange %d/%d\n",
	       ok[0], made[0], ok[1], made[1], ok[2], made[2], ok[3], made[3], ok[4], made[4], ok[5], made[5], ok[6], made[6], ok[7], made[7], ok[8], made[8]);
	free(host);
	clReleaseKernel(k);
	clReleaseProgram(p);
	clReleaseMemObject(b);
}

int main(int argc, char **argv) {
	int index = argc > 1 ? atoi(argv[1]) : 0;
	cl_platform_id plats[8];
	cl_uint n = 0;
	clGetPlatformIDs(8, plats, &n);
	for (cl_uint i = 0; i < n; i++) {
		char name[64] = "";
		clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
		if (!strcmp(name, "clgo")) plat = plats[i];
	}
	if (!plat) { printf("FAIL no clgo platform\n"); return 1; }
	cl_device_id devs[4];
	cl_uint nd = 0;
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &nd));
	if ((cl_uint)index >= nd) { printf("SKIP no device %d\n", index); return 0; }
	dev = devs[index];
	char name[256] = "";
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
	printf("device %s\n", name);
	cl_int e;
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
	OK(e);
	OK(clGetDeviceInfo(dev, CL_DEVICE_ADDRESS_BITS, sizeof addressBits, &addressBits, NULL));
	if (argc > 2 && !strcmp(argv[2], "random")) {
		randomCalls(argc > 3 ? atoi(argv[3]) : 20000);
	} else {
		sizes();
		ndranges();
		released();
		parents();
		details();
		waits();
	}
	OK(clFinish(q));
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	printf(failures ? "FAILED %d\n" : "PASS\n", failures);
	return failures != 0;
}
