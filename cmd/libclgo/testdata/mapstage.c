// mapstage.c: clEnqueueMapBuffer and clEnqueueUnmapMemObject on the
// device given as argv[1] (1: the Vulkan device, whose maps go through
// device staging memory), for a CL_MEM_ALLOC_HOST_PTR buffer (its own
// staging) and a plain one (staging per map), with CL_MAP_READ,
// CL_MAP_WRITE and CL_MAP_WRITE_INVALIDATE_REGION, a kernel between maps,
// two live maps of one buffer, and non-blocking maps waited for by event.
// Prints PASS, or SKIP without the device, or FAIL and why.
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
#define EXPECT(c, ...)                                   \
	do {                                                 \
		if (!(c)) {                                      \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);  \
			printf(__VA_ARGS__);                         \
			printf("\n");                                \
			exit(1);                                     \
		}                                                \
	} while (0)

static const char *src =
	"kernel void inc(global int *p, int by) { p[get_global_id(0)] += by; }";

#define N (1 << 18) /* ints: 1 MiB */

int main(int argc, char **argv) {
	int want = argc > 1 ? atoi(argv[1]) : 1;
	cl_platform_id plat;
	CHECK(clGetPlatformIDs(1, &plat, NULL));
	cl_device_id devs[4];
	cl_uint ndev = 0;
	CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &ndev));
	if ((cl_uint)want >= ndev) {
		printf("SKIP: no device %d\n", want);
		return 0;
	}
	cl_device_id dev = devs[want];
	cl_int rc;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
	CHECK(rc);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &rc);
	CHECK(rc);
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
	CHECK(rc);
	CHECK(clBuildProgram(p, 0, NULL, "", NULL, NULL));
	cl_kernel k = clCreateKernel(p, "inc", &rc);
	CHECK(rc);
	static cl_int host[N], got[N];
	size_t global = N;
	cl_mem_flags kinds[2] = {CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, CL_MEM_READ_WRITE};
	for (int kind = 0; kind < 2; kind++) {
		for (int i = 0; i < N; i++)
			host[i] = i * 3;
		cl_mem b = clCreateBuffer(ctx, kinds[kind], sizeof host, NULL, &rc);
		CHECK(rc);
		CHECK(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
		for (int round = 0; round < 3; round++) {
			/* Read: the buffer's bytes, after a kernel. */
			int by = round + 1;
			CHECK(clSetKernelArg(k, 0, sizeof b, &b));
			CHECK(clSetKernelArg(k, 1, sizeof by, &by));
			CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
			for (int i = 0; i < N; i++)
				host[i] += by;
			cl_event mev;
			cl_int *m = clEnqueueMapBuffer(q, b, CL_FALSE, CL_MAP_READ, 0, sizeof host, 0, NULL, &mev, &rc);
			CHECK(rc);
			CHECK(clWaitForEvents(1, &mev));
			CHECK(clReleaseEvent(mev));
			EXPECT(memcmp(m, host, sizeof host) == 0, "kind %d round %d: map for reading differs", kind, round);
			CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
			/* Write: changes of a range reach the buffer at unmap. */
			size_t off = 4096 * sizeof(cl_int), len = sizeof host - off;
			m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE, off, len, 0, NULL, NULL, &rc);
			CHECK(rc);
			EXPECT(memcmp(m, host + 4096, len) == 0, "kind %d round %d: map for writing lacks the buffer's bytes", kind, round);
			for (size_t i = 0; i < len / sizeof(cl_int); i++) {
				m[i] ^= 0x5a5a;
				host[4096 + i] ^= 0x5a5a;
			}
			CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
		}
		/* Two live maps, one invalidating; then read back. */
		cl_int *a = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, 65536 * sizeof(cl_int), 0, NULL, NULL, &rc);
		CHECK(rc);
		cl_int *w = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 65536 * sizeof(cl_int), 65536 * sizeof(cl_int), 0, NULL, NULL, &rc);
		CHECK(rc);
		EXPECT(memcmp(a, host, 65536 * sizeof(cl_int)) == 0, "kind %d: first of two maps differs", kind);
		for (int i = 0; i < 65536; i++) {
			w[i] = -i;
			host[65536 + i] = -i;
		}
		CHECK(clEnqueueUnmapMemObject(q, b, w, 0, NULL, NULL));
		CHECK(clEnqueueUnmapMemObject(q, b, a, 0, NULL, NULL));
		CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
		for (int i = 0; i < N; i++)
			EXPECT(got[i] == host[i], "kind %d: element %d is %d, want %d", kind, i, got[i], host[i]);
		CHECK(clReleaseMemObject(b));
	}
	CHECK(clFinish(q));
	printf("PASS\n");
	return 0;
}
