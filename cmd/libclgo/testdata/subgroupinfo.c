// subgroupinfo checks clGetKernelSubGroupInfo and CL_DEVICE_MAX_NUM_SUB_GROUPS
// on every clgo device with sub-groups (__opencl_c_subgroups in
// CL_DEVICE_OPENCL_C_FEATURES) against the device's own kernel
// (get_max_sub_group_size, get_num_sub_groups run at local size 70), that
// cl_khr_subgroups is listed exactly where
// CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS is true, and that
// clGetKernelSubGroupInfoKHR (through the loader's dispatch) answers
// CL_INVALID_OPERATION on a device without the extension; it prints
// "NAME|max sub-group size|count|max num sub-groups".
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

/* cl_khr_subgroups' query (the headers' own typedef is marked deprecated). */
typedef cl_int (CL_API_CALL *sub_group_info_khr)(cl_kernel, cl_device_id, cl_kernel_sub_group_info, size_t, const void *, size_t, void *, size_t *);

static const char *src =
	"kernel void k(global uint *out) {\n"
	"	if (get_global_id(0) == 0) {\n"
	"		out[0] = get_max_sub_group_size();\n"
	"		out[1] = get_num_sub_groups();\n"
	"	}\n"
	"}\n";

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
		char name[256], ext[4096];
		cl_int err;
		clGetDeviceInfo(devs[i], CL_DEVICE_NAME, sizeof name, name, NULL);
		clGetDeviceInfo(devs[i], CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
		cl_uint maxsg = 0;
		cl_bool ifp = CL_TRUE;
		clGetDeviceInfo(devs[i], CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof maxsg, &maxsg, NULL);
		clGetDeviceInfo(devs[i], CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof ifp, &ifp, NULL);
		cl_name_version feats[64];
		size_t featsz = 0;
		clGetDeviceInfo(devs[i], CL_DEVICE_OPENCL_C_FEATURES, sizeof feats, feats, &featsz);
		int has = 0;
		for (size_t f = 0; f < featsz / sizeof feats[0]; f++)
			has |= strcmp(feats[f].name, "__opencl_c_subgroups") == 0;
		int khr = strstr(ext, "cl_khr_subgroups ") != NULL || (strlen(ext) >= 16 && strcmp(ext + strlen(ext) - 16, "cl_khr_subgroups") == 0);
		if (khr != (ifp == CL_TRUE)) {
			printf("FAIL: %s: cl_khr_subgroups listed %d, independent forward progress %d\n", name, khr, ifp);
			failures++;
		}
		if (has != (maxsg > 0)) {
			printf("FAIL: %s: __opencl_c_subgroups %d, CL_DEVICE_MAX_NUM_SUB_GROUPS %u\n", name, has, maxsg);
			failures++;
		}
		cl_context ctx = clCreateContext(NULL, 1, &devs[i], NULL, NULL, &err);
		cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
		if (clBuildProgram(p, 1, &devs[i], "-cl-std=CL2.0", NULL, NULL) != CL_SUCCESS) {
			if (has) {
				printf("FAIL: %s: build\n", name);
				failures++;
			}
			continue;
		}
		cl_kernel k = clCreateKernel(p, "k", &err);
		size_t local[1] = {70}, sgmax = 0, count = 0, knum = 0, kcomp = 9, lsz[3] = {9, 9, 9};
		size_t want_count = 3;
		cl_int e1 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local, local, sizeof sgmax, &sgmax, NULL);
		cl_int e2 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof local, local, sizeof count, &count, NULL);
		cl_int e3 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof knum, &knum, NULL);
		cl_int e4 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL, sizeof kcomp, &kcomp, NULL);
		cl_int e5 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof want_count, &want_count, sizeof lsz, lsz, NULL);
		cl_int e6 = clGetKernelSubGroupInfo(k, devs[i], CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 0, NULL, sizeof count, &count, NULL);
		if (!khr) {
			size_t khrmax = 0;
			sub_group_info_khr f = (sub_group_info_khr)clGetExtensionFunctionAddressForPlatform(plat, "clGetKernelSubGroupInfoKHR");
			cl_int ek = f ? f(k, devs[i], CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof local, local, sizeof khrmax, &khrmax, NULL) : CL_INVALID_OPERATION;
			if (ek != CL_INVALID_OPERATION) {
				printf("FAIL: %s: clGetKernelSubGroupInfoKHR without cl_khr_subgroups: %d\n", name, ek);
				failures++;
			}
		}
		if (!has) {
			if (e1 != CL_INVALID_OPERATION || maxsg != 0) {
				printf("FAIL: %s: no sub-groups, but %d, %u\n", name, e1, maxsg);
				failures++;
			}
			continue;
		}
		if (e1 || e2 || e3 || e4 || e5 || e6 != CL_INVALID_VALUE) {
			printf("FAIL: %s: clGetKernelSubGroupInfo: %d %d %d %d %d %d\n", name, e1, e2, e3, e4, e5, e6);
			failures++;
			continue;
		}
		cl_command_queue q = clCreateCommandQueueWithProperties(ctx, devs[i], NULL, &err);
		cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8, NULL, &err);
		clSetKernelArg(k, 0, sizeof out, &out);
		size_t global[1] = {70};
		cl_uint got[2] = {0, 0};
		if (clEnqueueNDRangeKernel(q, k, 1, NULL, global, local, 0, NULL, NULL) != CL_SUCCESS ||
		    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL) != CL_SUCCESS) {
			printf("FAIL: %s: run\n", name);
			failures++;
			continue;
		}
		size_t w = got[0];
		if (sgmax != got[0] || count != got[1] || kcomp != 0 || knum == 0 || knum > maxsg ||
		    lsz[0] == 0 || (lsz[0] + w - 1) / w != 3 || lsz[1] != 1 || lsz[2] != 1) {
			printf("FAIL: %s: max %zu count %zu (kernel: %u %u), max num %zu of %u, compile %zu, local size for 3: %zu %zu %zu\n",
			       name, sgmax, count, got[0], got[1], knum, maxsg, kcomp, lsz[0], lsz[1], lsz[2]);
			failures++;
		}
		printf("%s|%zu|%zu|%zu\n", name, sgmax, count, knum);
	}
	if (failures == 0) {
		printf("PASS\n");
	}
	return failures != 0;
}
