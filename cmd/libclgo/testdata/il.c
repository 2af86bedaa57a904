/* The OpenCL 2.1/2.2 API through the ICD: clCreateProgramWithIL of a
   `clgo compile` module (il.spv: kernel void k(global int *a) storing
   12345), CL_PROGRAM_IL, CL_DEVICE_IL_VERSION and CL_DEVICE_ILS_WITH_VERSION,
   a specialization constant made of the module's 12345 (SpecId 100, set
   with clSetProgramSpecializationConstant), a module with the Kernel
   capability but Logical addressing (neither flavour) refused,
   clCloneKernel, and the timers against profiling timestamps.
   Usage: il FILE.spv [DEVICE-INDEX]; prints PASS. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

enum { OpCapability = 17, OpConstant = 43, OpSpecConstant = 50, OpDecorate = 71, SpecId = 1, CapabilityShader = 1, CapabilityKernel = 6 };

/* spec_module copies the module with its OpConstant 12345 made an
   OpSpecConstant with SpecId 100 (a decoration inserted before the first
   OpDecorate); *n is its word count, in and out. */
static uint32_t *spec_module(const uint32_t *w, size_t *n) {
	size_t found = 0, decorate = 0;
	for (size_t at = 5; at < *n && (w[at] >> 16);) {
		uint32_t op = w[at] & 0xffff, len = w[at] >> 16;
		if (op == OpConstant && len == 4 && w[at + 3] == 12345) found = at;
		if (op == OpDecorate && !decorate) decorate = at;
		at += len;
	}
	if (!found || !decorate) return NULL;
	uint32_t *out = malloc((*n + 4) * 4);
	memcpy(out, w, decorate * 4);
	uint32_t d[4] = {4 << 16 | OpDecorate, w[found + 2], SpecId, 100};
	memcpy(out + decorate, d, sizeof d);
	memcpy(out + decorate + 4, w + decorate, (*n - decorate) * 4);
	out[found + 4] = (out[found + 4] & ~0xffffu) | OpSpecConstant;
	*n += 4;
	return out;
}

/* run runs kernel k of p over 4 items and returns a[0]; with a clone,
   the clone runs instead of the kernel. */
static int run(cl_context ctx, cl_command_queue q, cl_program p, int clone) {
	cl_int err;
	cl_kernel k = clCreateKernel(p, "k", &err);
	OK(err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	OK(err);
	OK(clSetKernelArg(k, 0, sizeof b, &b));
	cl_kernel c = k;
	if (clone) {
		c = clCloneKernel(k, &err);
		OK(err);
		cl_mem other = NULL; /* the original changes; the clone keeps b */
		OK(clSetKernelArg(k, 0, sizeof other, &other));
	}
	size_t global = 4;
	OK(clEnqueueNDRangeKernel(q, c, 1, NULL, &global, NULL, 0, NULL, NULL));
	int out[4] = {0};
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
	if (clone) OK(clReleaseKernel(c));
	OK(clReleaseKernel(k));
	OK(clReleaseMemObject(b));
	return out[0];
}

int main(int argc, char **argv) {
	if (argc < 2) { printf("usage: il FILE.spv [DEVICE-INDEX]\n"); return 2; }
	int index = argc > 2 ? atoi(argv[2]) : 0;
	FILE *f = fopen(argv[1], "rb");
	if (!f) { perror(argv[1]); return 2; }
	static uint32_t words[1 << 16];
	size_t n = fread(words, 4, sizeof words / 4, f);
	fclose(f);
	cl_platform_id plat;
	cl_device_id devs[4];
	cl_uint nd;
	cl_int err;
	OK(clGetPlatformIDs(1, &plat, NULL));
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &nd));
	if ((cl_uint)index >= nd) { printf("no device %d\n", index); return 1; }
	cl_device_id dev = devs[index];

	char ilv[256] = "";
	OK(clGetDeviceInfo(dev, CL_DEVICE_IL_VERSION, sizeof ilv, ilv, NULL));
	CHECK(strstr(ilv, "SPIR-V_1.0") && strstr(ilv, "SPIR-V_1.6"), "CL_DEVICE_IL_VERSION %s", ilv);
	cl_name_version ils[8];
	size_t sz = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_ILS_WITH_VERSION, sizeof ils, ils, &sz));
	CHECK(sz == 7 * sizeof(cl_name_version) && !strcmp(ils[0].name, "SPIR-V") &&
	      ils[0].version == CL_MAKE_VERSION(1, 0, 0) && ils[6].version == CL_MAKE_VERSION(1, 6, 0),
	      "CL_DEVICE_ILS_WITH_VERSION: %zu bytes, %s %#x", sz, ils[0].name, ils[0].version);

	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	OK(err);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0}, &err);
	OK(err);

	/* The module as `clgo compile` wrote it. */
	cl_program p = clCreateProgramWithIL(ctx, words, n * 4, &err);
	OK(err);
	size_t ilsize = 0;
	OK(clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &ilsize));
	CHECK(ilsize == n * 4, "CL_PROGRAM_IL size %zu, want %zu", ilsize, n * 4);
	uint32_t *back = malloc(ilsize);
	OK(clGetProgramInfo(p, CL_PROGRAM_IL, ilsize, back, NULL));
	CHECK(!memcmp(back, words, n * 4), "CL_PROGRAM_IL differs from the module");
	free(back);
	OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
	CHECK(run(ctx, q, p, 0) == 12345, "IL program");
	CHECK(run(ctx, q, p, 1) == 12345, "cloned kernel");
	cl_uint v42 = 42;
	EXPECT(clSetProgramSpecializationConstant(p, 100, sizeof v42, &v42), CL_INVALID_SPEC_ID);
	OK(clReleaseProgram(p));

	/* A specialization constant. */
	size_t sn = n;
	uint32_t *spec = spec_module(words, &sn);
	CHECK(spec != NULL, "no OpConstant 12345 in the module");
	if (spec) {
		p = clCreateProgramWithIL(ctx, spec, sn * 4, &err);
		OK(err);
		OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
		CHECK(run(ctx, q, p, 0) == 12345, "the default");
		int v = -759;
		OK(clSetProgramSpecializationConstant(p, 100, sizeof v, &v));
		EXPECT(clSetProgramSpecializationConstant(p, 100, 2, &v), CL_INVALID_VALUE);
		EXPECT(clSetProgramSpecializationConstant(p, 100, sizeof v, NULL), CL_INVALID_VALUE);
		EXPECT(clSetProgramSpecializationConstant(p, 7, sizeof v, &v), CL_INVALID_SPEC_ID);
		OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
		int got = run(ctx, q, p, 0);
		CHECK(got == -759, "specialized: %d", got);
		OK(clReleaseProgram(p));
		/* The Kernel capability with Logical addressing: not the
		   OpenCL flavour (Physical32/64), no longer the Vulkan one. */
		for (size_t at = 5; at < sn && (spec[at] >> 16); at += spec[at] >> 16)
			if ((spec[at] & 0xffff) == OpCapability && spec[at + 1] == CapabilityShader) spec[at + 1] = CapabilityKernel;
		p = clCreateProgramWithIL(ctx, spec, sn * 4, &err);
		CHECK(p == NULL && err == CL_INVALID_VALUE, "Kernel capability: %d", err);
		free(spec);
	}
	EXPECT((clCreateProgramWithIL(ctx, words, 0, &err), err), CL_INVALID_VALUE);
	EXPECT((clCreateProgramWithIL(ctx, NULL, 20, &err), err), CL_INVALID_VALUE);

	/* Timers agree with each other and with profiling timestamps. */
	cl_ulong res = 0;
	OK(clGetPlatformInfo(plat, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof res, &res, NULL));
	CHECK(res > 0, "CL_PLATFORM_HOST_TIMER_RESOLUTION 0");
	cl_ulong d0, h0, d1, h1, h2;
	OK(clGetDeviceAndHostTimer(dev, &d0, &h0));
	p = clCreateProgramWithIL(ctx, words, n * 4, &err);
	OK(clBuildProgram(p, 1, &dev, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "k", &err);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	OK(clSetKernelArg(k, 0, sizeof b, &b));
	size_t global = 4;
	cl_event ev;
	OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, &ev));
	OK(clWaitForEvents(1, &ev));
	OK(clGetDeviceAndHostTimer(dev, &d1, &h1));
	OK(clGetHostTimer(dev, &h2));
	cl_ulong start = 0, end = 0;
	OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
	OK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
	CHECK(d0 <= start && start <= end && end <= d1 && h0 <= h1 && h1 <= h2,
	      "device %llu, kernel [%llu, %llu], device %llu; host %llu %llu %llu",
	      (unsigned long long)d0, (unsigned long long)start, (unsigned long long)end, (unsigned long long)d1,
	      (unsigned long long)h0, (unsigned long long)h1, (unsigned long long)h2);
	OK(clReleaseEvent(ev));
	OK(clReleaseMemObject(b));
	OK(clReleaseKernel(k));
	OK(clReleaseProgram(p));

	OK(clReleaseCommandQueue(q));
	OK(clReleaseContext(ctx));
	if (failures) { printf("%d failures\n", failures); return 1; }
	printf("PASS\n");
	return 0;
}
