/* A NULL buffer argument through the ICD (the CTS's null_buffer_arg):
   clSetKernelArg with a NULL value, and with a pointer to a NULL cl_mem,
   make the kernel's pointer compare equal to NULL; a real buffer does not.
   ./nullarg DEVICE_INDEX prints PASS, or FAIL lines. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static const char *src =
	"kernel void isnull(global float *src, global int *dst) { dst[get_global_id(0)] = src != 0; }\n";

int main(int argc, char **argv) {
	int index = argc > 1 ? argv[1][0] - '0' : 0, failures = 0;
	cl_platform_id plats[8], plat = NULL;
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
	clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &nd);
	if ((cl_uint)index >= nd) { printf("SKIP no device %d\n", index); return 0; }
	cl_device_id dev = devs[index];
	cl_int e;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
	if (clBuildProgram(p, 1, &dev, "", NULL, NULL)) { printf("FAIL build\n"); return 1; }
	cl_kernel k = clCreateKernel(p, "isnull", &e);
	cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &e);
	cl_mem real = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4, NULL, &e);
	cl_mem none = NULL;
	clSetKernelArg(k, 1, sizeof dst, &dst);
	for (int c = 0; c < 3; c++) {
		cl_int r = c == 0 ? clSetKernelArg(k, 0, sizeof(cl_mem), NULL)
			 : c == 1 ? clSetKernelArg(k, 0, sizeof(cl_mem), &none)
				  : clSetKernelArg(k, 0, sizeof(cl_mem), &real);
		if (r != CL_SUCCESS) { printf("FAIL case %d: clSetKernelArg = %d\n", c, r); failures++; continue; }
		size_t g = 4;
		cl_int got[4] = {-1, -1, -1, -1};
		if ((r = clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL)) != CL_SUCCESS ||
		    (r = clEnqueueReadBuffer(q, dst, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL)) != CL_SUCCESS) {
			printf("FAIL case %d: %d\n", c, r);
			failures++;
			continue;
		}
		int want = c == 2;
		for (int i = 0; i < 4; i++)
			if (got[i] != want) { printf("FAIL case %d: dst[%d] = %d, want %d\n", c, i, got[i], want); failures++; }
	}
	printf(failures ? "FAILED %d\n" : "PASS\n", failures);
	return failures != 0;
}
