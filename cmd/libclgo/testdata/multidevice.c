// multidevice.c: a context of the clgo platform's first two devices (host
// and a Vulkan device). A buffer written on one device's queue, changed by
// a kernel on the other's, read on the first; sub-buffers of one root
// written, copied, mapped, changed by kernels and read on both queues at
// random, with clFinish between queues (as the CTS's
// sub_buffers_read_write_dual_devices does); clEnqueueMigrateMemObjects;
// a program from the binaries of a program built for both devices.
// Prints PASS, or SKIP without two devices, or FAIL and why.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(x)                                                         \
	do {                                                                 \
		cl_int rc_ = (x);                                                \
		if (rc_ != CL_SUCCESS) {                                         \
			printf("FAIL %s:%d: %s = %d\n", __FILE__, __LINE__, #x, rc_); \
			exit(1);                                                     \
		}                                                                \
	} while (0)

static const char *src =
	"kernel void inc(global int *p, int by) { p[get_global_id(0)] += by; }";

#define N 4096
#define SUBS 8

int main(void) {
	cl_platform_id plat;
	CHECK(clGetPlatformIDs(1, &plat, NULL));
	cl_device_id devs[2];
	cl_uint ndev = 0;
	CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 2, devs, &ndev));
	if (ndev < 2) {
		printf("SKIP: %u device(s)\n", ndev);
		return 0;
	}
	cl_int rc;
	cl_context ctx = clCreateContext(NULL, 2, devs, NULL, NULL, &rc);
	CHECK(rc);
	cl_command_queue q[2];
	for (int i = 0; i < 2; i++) {
		q[i] = clCreateCommandQueueWithProperties(ctx, devs[i], NULL, &rc);
		CHECK(rc);
	}
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
	CHECK(rc);
	CHECK(clBuildProgram(p, 0, NULL, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "inc", &rc);
	CHECK(rc);

	static cl_int host[N], got[N];
	for (int i = 0; i < N; i++)
		host[i] = i;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof host, NULL, &rc);
	CHECK(rc);

	// Written on device 0, +7 on device 1, read on device 0: ordered by
	// events only.
	cl_event w, run;
	CHECK(clEnqueueWriteBuffer(q[0], b, CL_FALSE, 0, sizeof host, host, 0, NULL, &w));
	cl_int by = 7;
	CHECK(clSetKernelArg(k, 0, sizeof b, &b));
	CHECK(clSetKernelArg(k, 1, sizeof by, &by));
	size_t gsz = N;
	CHECK(clEnqueueNDRangeKernel(q[1], k, 1, NULL, &gsz, NULL, 1, &w, &run));
	CHECK(clEnqueueReadBuffer(q[0], b, CL_TRUE, 0, sizeof got, got, 1, &run, NULL));
	for (int i = 0; i < N; i++) {
		if (got[i] != host[i] + 7) {
			printf("FAIL: written on 0, +7 on 1, read on 0: [%d] = %d, want %d\n", i, got[i], host[i] + 7);
			return 1;
		}
		host[i] += 7;
	}
	clReleaseEvent(w);
	clReleaseEvent(run);

	// Sub-buffers at the larger of the devices' alignments, written and
	// read on either queue at random; blocking, as the CTS does.
	cl_uint align = 0;
	for (int i = 0; i < 2; i++) {
		cl_uint a;
		CHECK(clGetDeviceInfo(devs[i], CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof a, &a, NULL));
		if (a / 8 > align)
			align = a / 8;
	}
	size_t part = sizeof host / SUBS;
	if (part % align != 0) {
		printf("SKIP: sub-buffers of %zu bytes, alignment %u\n", part, align);
		return 0;
	}
	cl_mem sub[SUBS];
	for (int s = 0; s < SUBS; s++) {
		cl_buffer_region r = {s * part, part};
		sub[s] = clCreateSubBuffer(b, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
		CHECK(rc);
	}
	srand(14);
	int prev = 0;
	for (int it = 0; it < 300; it++) {
		int s = rand() % SUBS, d = rand() % 2, n = part / sizeof(cl_int), act = rand() % 5;
		cl_int *shadow = host + s * n;
		if (d != prev) {
			// Commands of the other queue end before this one's start.
			CHECK(clFinish(q[prev]));
			prev = d;
		}
		if (act == 3) {
			// Copy sub-buffer s into another, t.
			int t = (s + 1 + rand() % (SUBS - 1)) % SUBS;
			CHECK(clEnqueueCopyBuffer(q[d], sub[s], sub[t], 0, 0, part, 0, NULL, NULL));
			memcpy(host + t * n, shadow, part);
			continue;
		}
		if (act == 4) {
			// Map for writing, change, unmap.
			cl_int *m = clEnqueueMapBuffer(q[d], sub[s], CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, part, 0, NULL, NULL, &rc);
			CHECK(rc);
			if (memcmp(m, shadow, part) != 0) {
				printf("FAIL: step %d: sub-buffer %d mapped on device %d differs\n", it, s, d);
				return 1;
			}
			for (int i = 0; i < n; i += 7)
				m[i] = shadow[i] = it * 1000 + i;
			CHECK(clEnqueueUnmapMemObject(q[d], sub[s], m, 0, NULL, NULL));
			continue;
		}
		if (act == 0) {
			for (int i = 0; i < n; i++)
				shadow[i] = rand();
			CHECK(clEnqueueWriteBuffer(q[d], sub[s], CL_TRUE, 0, part, shadow, 0, NULL, NULL));
		} else if (act == 1) {
			by = it;
			CHECK(clSetKernelArg(k, 0, sizeof sub[s], &sub[s]));
			CHECK(clSetKernelArg(k, 1, sizeof by, &by));
			size_t g = n;
			CHECK(clEnqueueNDRangeKernel(q[d], k, 1, NULL, &g, NULL, 0, NULL, NULL));
			for (int i = 0; i < n; i++)
				shadow[i] += by;
		} else {
			CHECK(clEnqueueReadBuffer(q[d], sub[s], CL_TRUE, 0, part, got, 0, NULL, NULL));
			if (memcmp(got, shadow, part) != 0) {
				printf("FAIL: step %d: sub-buffer %d read on device %d differs\n", it, s, d);
				return 1;
			}
		}
	}
	CHECK(clFinish(q[prev]));
	for (int d = 0; d < 2; d++) {
		CHECK(clEnqueueReadBuffer(q[d], b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
		if (memcmp(got, host, sizeof got) != 0) {
			printf("FAIL: the root read on device %d after the sub-buffer steps differs\n", d);
			return 1;
		}
	}

	// clEnqueueMigrateMemObjects to device 1, +1 there, read on device 0.
	cl_event m;
	CHECK(clEnqueueMigrateMemObjects(q[1], 1, &b, 0, 0, NULL, &m));
	by = 1;
	CHECK(clSetKernelArg(k, 0, sizeof b, &b));
	CHECK(clSetKernelArg(k, 1, sizeof by, &by));
	CHECK(clEnqueueNDRangeKernel(q[1], k, 1, NULL, &gsz, NULL, 1, &m, &run));
	CHECK(clEnqueueReadBuffer(q[0], b, CL_TRUE, 0, sizeof got, got, 1, &run, NULL));
	for (int i = 0; i < N; i++) {
		if (got[i] != host[i] + 1) {
			printf("FAIL: migrated to 1, +1, read on 0: [%d] = %d, want %d\n", i, got[i], host[i] + 1);
			return 1;
		}
		host[i]++;
	}
	clReleaseEvent(m);
	clReleaseEvent(run);

	// The binaries of the program built for both devices make a program
	// that builds for both, and runs on each.
	size_t sizes[2];
	CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, NULL));
	unsigned char *bins[2] = {malloc(sizes[0]), malloc(sizes[1])};
	CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL));
	cl_int status[2];
	cl_program pb = clCreateProgramWithBinary(ctx, 2, devs, sizes, (const unsigned char **)bins, status, &rc);
	CHECK(rc);
	CHECK(status[0]);
	CHECK(status[1]);
	CHECK(clBuildProgram(pb, 2, devs, "", NULL, NULL));
	cl_kernel kb = clCreateKernel(pb, "inc", &rc);
	CHECK(rc);
	by = 2;
	CHECK(clSetKernelArg(kb, 0, sizeof b, &b));
	CHECK(clSetKernelArg(kb, 1, sizeof by, &by));
	for (int d = 0; d < 2; d++) {
		CHECK(clEnqueueNDRangeKernel(q[d], kb, 1, NULL, &gsz, NULL, 0, NULL, NULL));
		CHECK(clFinish(q[d]));
	}
	CHECK(clEnqueueReadBuffer(q[0], b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
	for (int i = 0; i < N; i++) {
		if (got[i] != host[i] + 4) {
			printf("FAIL: +2 on each device from the binaries: [%d] = %d, want %d\n", i, got[i], host[i] + 4);
			return 1;
		}
	}
	printf("PASS\n");
	return 0;
}
