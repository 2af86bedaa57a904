// fpconfig prints each clgo device's CL_DEVICE_SINGLE_FP_CONFIG and
// CL_DEVICE_DOUBLE_FP_CONFIG ("NAME|single|double", hex) after checking
// the bits every device must have, by the CL_FP_* names of the headers.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>

int main(void) {
	cl_platform_id plat;
	cl_device_id devs[16];
	cl_uint n = 0;
	if (clGetPlatformIDs(1, &plat, NULL) != CL_SUCCESS || clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 16, devs, &n) != CL_SUCCESS) {
		printf("FAIL: no clgo devices\n");
		return 1;
	}
	int failures = 0;
	for (cl_uint i = 0; i < n; i++) {
		char name[256];
		cl_device_fp_config s = 0, d = 0;
		if (clGetDeviceInfo(devs[i], CL_DEVICE_NAME, sizeof name, name, NULL) != CL_SUCCESS ||
		    clGetDeviceInfo(devs[i], CL_DEVICE_SINGLE_FP_CONFIG, sizeof s, &s, NULL) != CL_SUCCESS ||
		    clGetDeviceInfo(devs[i], CL_DEVICE_DOUBLE_FP_CONFIG, sizeof d, &d, NULL) != CL_SUCCESS) {
			printf("FAIL: device %u: clGetDeviceInfo\n", i);
			failures++;
			continue;
		}
		cl_device_fp_config must = CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN;
		if ((s & must) != must || d != 0 && (d & (must | CL_FP_FMA)) != (must | CL_FP_FMA)) {
			printf("FAIL: %s: single %#llx, double %#llx lack %#llx\n", name, (unsigned long long)s, (unsigned long long)d, (unsigned long long)must);
			failures++;
		}
		printf("%s|%llx|%llx\n", name, (unsigned long long)s, (unsigned long long)d);
	}
	if (failures == 0) {
		printf("PASS\n");
	}
	return failures != 0;
}
