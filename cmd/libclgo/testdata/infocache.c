// infocache.c: the ICD keeps each device's clGetDeviceInfo answers once
// given (platform.go, device.answer). Every device parameter from
// CL_DEVICE_TYPE to CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, asked
// of each device in turn three times, gives the same size and bytes each
// time, also after the caller overwrote the bytes it got (an answer is
// copied out, never shared); a buffer one byte too small is
// CL_INVALID_VALUE and leaves the cache as it was; each device keeps its
// own CL_DEVICE_NAME and CL_DEVICE_TYPE, as clGetDeviceIDs by type finds
// it. Prints PASS, or FAIL and why.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIRST CL_DEVICE_TYPE
#define LAST CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED
#define NP (LAST - FIRST + 1)

static unsigned char first[8][NP][16384];
static size_t firstSize[8][NP];
static cl_int firstRC[8][NP];

int main(void) {
	cl_platform_id p;
	if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS) { printf("FAIL no platform\n"); return 1; }
	cl_device_id devs[8];
	cl_uint n = 0;
	if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 8, devs, &n) != CL_SUCCESS || n == 0) { printf("FAIL no device\n"); return 1; }
	static unsigned char buf[16384];
	for (int round = 0; round < 3; round++) {
		for (cl_uint param = FIRST; param <= LAST; param++) {
			for (cl_uint i = 0; i < n; i++) {
				int k = param - FIRST;
				size_t sz = 0;
				memset(buf, 0xa5, sizeof buf);
				cl_int rc = clGetDeviceInfo(devs[i], param, sizeof buf, buf, &sz);
				if (round == 0) {
					firstRC[i][k] = rc;
					firstSize[i][k] = sz;
					memcpy(first[i][k], buf, sz);
				} else if (rc != firstRC[i][k] || (rc == CL_SUCCESS && (sz != firstSize[i][k] || memcmp(buf, first[i][k], sz) != 0))) {
					printf("FAIL device %u param %#x round %d: rc %d size %zu, first rc %d size %zu\n", i, param, round, rc, sz,
					       firstRC[i][k], firstSize[i][k]);
					return 1;
				}
				if (rc != CL_SUCCESS) continue;
				// The caller owns what it got.
				memset(buf, 0x5a, sz);
				if (sz > 0) {
					size_t sz2 = 0;
					if (clGetDeviceInfo(devs[i], param, sz - 1, buf, &sz2) != CL_INVALID_VALUE) {
						printf("FAIL device %u param %#x: a buffer of %zu bytes for %zu was not CL_INVALID_VALUE\n", i, param, sz - 1, sz);
						return 1;
					}
				}
				size_t only = 0;
				if (clGetDeviceInfo(devs[i], param, 0, NULL, &only) != CL_SUCCESS || only != sz) {
					printf("FAIL device %u param %#x: size query %zu, want %zu\n", i, param, only, sz);
					return 1;
				}
			}
		}
	}
	for (cl_uint i = 0; i < n; i++) {
		cl_device_type t;
		if (clGetDeviceInfo(devs[i], CL_DEVICE_TYPE, sizeof t, &t, NULL) != CL_SUCCESS) { printf("FAIL type\n"); return 1; }
		cl_device_id byType[8];
		cl_uint m = 0;
		int found = 0;
		if (clGetDeviceIDs(p, t, 8, byType, &m) == CL_SUCCESS)
			for (cl_uint j = 0; j < m; j++) found |= byType[j] == devs[i];
		if (!found) { printf("FAIL device %u: type %#llx does not find it\n", i, (unsigned long long)t); return 1; }
		for (cl_uint j = 0; j < i; j++) {
			int k = CL_DEVICE_NAME - FIRST;
			if (firstSize[i][k] == firstSize[j][k] && !memcmp(first[i][k], first[j][k], firstSize[i][k])) {
				// Same name is possible (two GPUs of one model); then
				// the vendor ids match too.
				int v = CL_DEVICE_VENDOR_ID - FIRST;
				if (memcmp(first[i][v], first[j][v], 4)) { printf("FAIL devices %u and %u: one name, two vendors\n", j, i); return 1; }
			}
		}
	}
	printf("PASS %u devices, params %#x-%#x\n", n, FIRST, LAST);
	return 0;
}
