// extcache.c: the ICD splits each device's extension list once and keeps
// it (platform.go); the platform's list, the extensions common to every
// device, is computed from those lists. Asking for the platform's
// extensions must not change a device's: CL_DEVICE_EXTENSIONS of every
// device reads the same before and after CL_PLATFORM_EXTENSIONS (asked
// twice) and matches its CL_DEVICE_EXTENSIONS_WITH_VERSION, the
// platform's list has cl_khr_icd, and each of its other extensions is in
// every device's list. Prints PASS, or FAIL and why.
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char before[8][8192], after[8][8192], plat[2][8192];

int main(void) {
	cl_platform_id p;
	if (clGetPlatformIDs(1, &p, NULL) != CL_SUCCESS) { printf("FAIL no platform\n"); return 1; }
	cl_device_id devs[8];
	cl_uint n = 0;
	if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 8, devs, &n) != CL_SUCCESS || n == 0) { printf("FAIL no device\n"); return 1; }
	for (cl_uint i = 0; i < n; i++)
		if (clGetDeviceInfo(devs[i], CL_DEVICE_EXTENSIONS, sizeof before[i], before[i], NULL) != CL_SUCCESS) { printf("FAIL device %u\n", i); return 1; }
	for (int k = 0; k < 2; k++)
		if (clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS, sizeof plat[k], plat[k], NULL) != CL_SUCCESS) { printf("FAIL platform\n"); return 1; }
	for (cl_uint i = 0; i < n; i++) {
		if (clGetDeviceInfo(devs[i], CL_DEVICE_EXTENSIONS, sizeof after[i], after[i], NULL) != CL_SUCCESS) { printf("FAIL device %u\n", i); return 1; }
		if (strcmp(before[i], after[i]) != 0) { printf("FAIL device %u extensions changed:\n%s\n%s\n", i, before[i], after[i]); return 1; }
	}
	// CL_DEVICE_EXTENSIONS_WITH_VERSION is built from the kept list too:
	// the same names in the same order as CL_DEVICE_EXTENSIONS.
	for (cl_uint i = 0; i < n; i++) {
		static cl_name_version nv[512];
		size_t sz = 0;
		if (clGetDeviceInfo(devs[i], CL_DEVICE_EXTENSIONS_WITH_VERSION, sizeof nv, nv, &sz) != CL_SUCCESS) { printf("FAIL device %u with version\n", i); return 1; }
		char joined[8192] = "";
		for (size_t j = 0; j < sz / sizeof nv[0]; j++) {
			if (j) strcat(joined, " ");
			strcat(joined, nv[j].name);
		}
		char trimmed[8192];
		snprintf(trimmed, sizeof trimmed, "%s", after[i]);
		for (size_t l = strlen(trimmed); l > 0 && trimmed[l - 1] == ' '; l--) trimmed[l - 1] = 0;
		if (strcmp(joined, trimmed) != 0) { printf("FAIL device %u: with version\n%s\nplain\n%s\n", i, joined, trimmed); return 1; }
	}
	if (strcmp(plat[0], plat[1]) != 0) { printf("FAIL platform extensions changed:\n%s\n%s\n", plat[0], plat[1]); return 1; }
	if (!strstr(plat[0], "cl_khr_icd")) { printf("FAIL no cl_khr_icd in %s\n", plat[0]); return 1; }
	for (char *e = strtok(plat[0], " "); e; e = strtok(NULL, " ")) {
		if (!strcmp(e, "cl_khr_icd")) continue;
		for (cl_uint i = 0; i < n; i++) {
			char pad[8300];
			snprintf(pad, sizeof pad, " %s ", after[i]);
			char want[300];
			snprintf(want, sizeof want, " %s ", e);
			if (!strstr(pad, want)) { printf("FAIL platform extension %s not on device %u\n", e, i); return 1; }
		}
	}
	printf("PASS\n");
	return 0;
}
