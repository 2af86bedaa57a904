// extmacros.c: for every device, an OpenCL C extension macro is defined
// exactly when CL_DEVICE_EXTENSIONS lists the extension, and under
// -cl-std=CL3.0 a feature macro exactly when CL_DEVICE_OPENCL_C_FEATURES
// lists the feature (as the CTS's compiler_defines_for_extensions asks).
// Prints one line per device and PASS, or FAIL and why.
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

static const char *exts[] = {
	"cl_khr_fp64", "cl_khr_fp16", "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics",
	"cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
	"cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
	"cl_khr_byte_addressable_store", "cl_khr_3d_image_writes", "cl_khr_subgroups",
};
static const char *feats[] = {
	"__opencl_c_fp64", "__opencl_c_int64", "__opencl_c_images", "__opencl_c_3d_image_writes",
	"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_scope_device",
	"__opencl_c_generic_address_space", "__opencl_c_subgroups", "__opencl_c_pipes",
	"__opencl_c_program_scope_global_variables", "__opencl_c_fp16",
};
#define NEXT (sizeof exts / sizeof exts[0])
#define NFEAT (sizeof feats / sizeof feats[0])

// defined compiles a kernel that reports which of names are macros.
static void defined(cl_context ctx, cl_device_id dev, const char *opts, const char **names, int n, cl_int *out) {
	static char src[16384];
	int at = snprintf(src, sizeof src, "kernel void k(global int *out) {\n");
	for (int i = 0; i < n; i++)
		at += snprintf(src + at, sizeof src - at, "#ifdef %s\n out[%d] = 1;\n#else\n out[%d] = 0;\n#endif\n", names[i], i, i);
	snprintf(src + at, sizeof src - at, "}\n");
	cl_int rc;
	const char *s = src;
	cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
	CHECK(rc);
	CHECK(clBuildProgram(p, 1, &dev, opts, NULL, NULL));
	cl_kernel k = clCreateKernel(p, "k", &rc);
	CHECK(rc);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL, &rc);
	CHECK(rc);
	CHECK(clSetKernelArg(k, 0, sizeof b, &b));
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &rc);
	CHECK(rc);
	size_t g = 1;
	CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
	CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, n * sizeof(cl_int), out, 0, NULL, NULL));
	clReleaseCommandQueue(q);
	clReleaseMemObject(b);
	clReleaseKernel(k);
	clReleaseProgram(p);
}

// listed reports whether the space-separated list holds name.
static int listed(const char *list, const char *name) {
	size_t n = strlen(name);
	for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return 1;
	return 0;
}

int main(void) {
	cl_platform_id plat;
	CHECK(clGetPlatformIDs(1, &plat, NULL));
	cl_device_id devs[8];
	cl_uint ndev;
	CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 8, devs, &ndev));
	int bad = 0;
	for (cl_uint d = 0; d < ndev && d < 8; d++) {
		char name[256], ext[4096];
		CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof name, name, NULL));
		CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL));
		cl_name_version fv[64];
		size_t fsz = 0;
		CHECK(clGetDeviceInfo(devs[d], CL_DEVICE_OPENCL_C_FEATURES, sizeof fv, fv, &fsz));
		char feat[4096] = "";
		for (size_t i = 0; i < fsz / sizeof fv[0]; i++) {
			strcat(feat, fv[i].name);
			strcat(feat, " ");
		}
		cl_int rc;
		cl_context ctx = clCreateContext(NULL, 1, &devs[d], NULL, NULL, &rc);
		CHECK(rc);
		cl_int got[NEXT > NFEAT ? NEXT : NFEAT];
		for (int std = 0; std < 2; std++) {
			defined(ctx, devs[d], std ? "-cl-std=CL3.0" : "", exts, NEXT, got);
			for (size_t i = 0; i < NEXT; i++)
				if (got[i] != listed(ext, exts[i])) {
					printf("FAIL: %s%s: %s defined %d, in CL_DEVICE_EXTENSIONS %d\n", name, std ? " (CL3.0)" : "", exts[i], got[i], listed(ext, exts[i]));
					bad = 1;
				}
		}
		defined(ctx, devs[d], "-cl-std=CL3.0", feats, NFEAT, got);
		for (size_t i = 0; i < NFEAT; i++)
			if (got[i] != listed(feat, feats[i])) {
				printf("FAIL: %s: %s defined %d, in CL_DEVICE_OPENCL_C_FEATURES %d\n", name, feats[i], got[i], listed(feat, feats[i]));
				bad = 1;
			}
		clReleaseContext(ctx);
		printf("%s: %s| %s\n", name, ext, feat);
	}
	if (!bad)
		printf("PASS\n");
	return bad;
}
