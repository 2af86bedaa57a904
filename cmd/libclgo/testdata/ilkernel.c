/* OpenCL-flavoured SPIR-V through the ICD: the modules of cl/testdata/il
   (made by clang-15 and llvm-spirv-15 from the .cl files beside them),
   which clCreateProgramWithIL keeps and clBuildProgram/clCompileProgram
   translate to OpenCL C. Checks CL_PROGRAM_IL, building and running
   kernel.spv, CL_PROGRAM_KERNEL_NAMES, argument information (not
   available, as for binaries), clSetProgramSpecializationConstant's
   checks and effect (spec.spv, SpecId 7), and clCompileProgram of
   export.spv and import.spv joined by clLinkProgram, also with both
   compiled objects saved as binaries and loaded again; a link of import.spv
   alone fails with a log naming the missing function.
   Usage: ilkernel DIR [DEVICE-INDEX]; prints PASS. */
#define _GNU_SOURCE /* memmem */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

static const char *dir;
static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

/* load reads DIR/name.spv into a buffer of *n bytes. */
static unsigned char *load(const char *name, size_t *n) {
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.spv", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f) { perror(path); exit(2); }
	static unsigned char bufs[4][1 << 16];
	static int next;
	unsigned char *b = bufs[next++ % 4];
	*n = fread(b, 1, sizeof bufs[0], f);
	fclose(f);
	return b;
}

static cl_program create(const char *name) {
	size_t n;
	unsigned char *code = load(name, &n);
	cl_int err;
	cl_program p = clCreateProgramWithIL(ctx, code, n, &err);
	OK(err);
	return p;
}

/* run runs kernel name of p over 8 items, with by as its second argument
   when it has one, and leaves a[] in out. */
static void run(cl_program p, const char *name, int by, int *out) {
	cl_int err;
	cl_kernel k = clCreateKernel(p, name, &err);
	OK(err);
	if (err != CL_SUCCESS) return;
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 8 * sizeof(int), NULL, &err);
	OK(err);
	cl_uint nargs = 0;
	OK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
	OK(clSetKernelArg(k, 0, sizeof b, &b));
	if (nargs > 1) OK(clSetKernelArg(k, 1, sizeof by, &by));
	size_t global = 8;
	OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 8 * sizeof(int), out, 0, NULL, NULL));
	char tq[64] = "";
	EXPECT(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof tq, tq, NULL), CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
	OK(clReleaseMemObject(b));
	OK(clReleaseKernel(k));
}

int main(int argc, char **argv) {
	if (argc < 2) { printf("usage: ilkernel DIR [DEVICE-INDEX]\n"); return 2; }
	dir = argv[1];
	int index = argc > 2 ? atoi(argv[2]) : 0;
	cl_platform_id plat;
	cl_device_id devs[4];
	cl_uint nd;
	cl_int err;
	OK(clGetPlatformIDs(1, &plat, NULL));
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &nd));
	if ((cl_uint)index >= nd) { printf("no device %d\n", index); return 1; }
	dev = devs[index];
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	OK(err);
	q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	OK(err);
	int out[8];

	/* kernel.spv: kept as given, built, listed, run. */
	size_t n;
	unsigned char *code = load("kernel", &n);
	cl_program p = clCreateProgramWithIL(ctx, code, n, &err);
	OK(err);
	size_t ilsize = 0;
	OK(clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &ilsize));
	unsigned char *back = malloc(ilsize);
	OK(clGetProgramInfo(p, CL_PROGRAM_IL, ilsize, back, NULL));
	CHECK(ilsize == n && !memcmp(back, code, n), "CL_PROGRAM_IL: %zu bytes, want the %zu of the module", ilsize, n);
	free(back);
	EXPECT(clBuildProgram(p, 1, &dev, "-cl-no-such-option", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
	OK(clBuildProgram(p, 1, &dev, "-cl-mad-enable", NULL, NULL));
	char names[256] = "";
	OK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL));
	CHECK(!strcmp(names, "scale"), "CL_PROGRAM_KERNEL_NAMES %s", names);
	run(p, "scale", -3, out);
	for (int i = 0; i < 8; i++) CHECK(out[i] == -3 * i, "scale: a[%d] = %d", i, out[i]);
	OK(clReleaseProgram(p));

	/* spec.spv: SpecId 7, an int, default 12345. */
	p = create("spec");
	int v = -759;
	short s = 1;
	EXPECT(clSetProgramSpecializationConstant(p, 8, sizeof v, &v), CL_INVALID_SPEC_ID);
	EXPECT(clSetProgramSpecializationConstant(p, 7, sizeof s, &s), CL_INVALID_VALUE);
	EXPECT(clSetProgramSpecializationConstant(p, 7, sizeof v, NULL), CL_INVALID_VALUE);
	OK(clBuildProgram(p, 1, &dev, NULL, NULL, NULL));
	run(p, "k", 0, out);
	CHECK(out[0] == 12345, "spec default: %d", out[0]);
	OK(clSetProgramSpecializationConstant(p, 7, sizeof v, &v));
	OK(clBuildProgram(p, 1, &dev, NULL, NULL, NULL));
	run(p, "k", 0, out);
	CHECK(out[0] == -759, "specialized: %d", out[0]);
	OK(clReleaseProgram(p));

	/* export.spv defines twice_plus, import.spv's kernel calls it. */
	cl_program units[2] = {create("export"), create("import")};
	for (int i = 0; i < 2; i++) {
		OK(clCompileProgram(units[i], 1, &dev, NULL, 0, NULL, NULL, NULL, NULL));
		cl_program_binary_type t = 0;
		OK(clGetProgramBuildInfo(units[i], dev, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL));
		CHECK(t == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, "unit %d: binary type %#x", i, (unsigned)t);
	}
	cl_program linked = clLinkProgram(ctx, 1, &dev, NULL, 2, units, NULL, NULL, &err);
	OK(err);
	if (linked) {
		run(linked, "k", 0, out);
		for (int i = 0; i < 8; i++) CHECK(out[i] == 2 * i + 5, "linked: a[%d] = %d", i, out[i]);
		OK(clReleaseProgram(linked));
	}
	/* Both compiled objects through their binaries: the units keep the
	   options they need at a link (import.spv's generic pointer:
	   -cl-std=CL2.0). */
	cl_program reloaded[2] = {NULL, NULL};
	for (int i = 0; i < 2; i++) {
		size_t binsize = 0;
		OK(clGetProgramInfo(units[i], CL_PROGRAM_BINARY_SIZES, sizeof binsize, &binsize, NULL));
		unsigned char *bin = malloc(binsize);
		OK(clGetProgramInfo(units[i], CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
		cl_int status = 0;
		if (i == 1) CHECK(memmem(bin, binsize, "-cl-std=CL2.0", 13) != NULL, "import.spv: the binary lacks the unit's -cl-std=CL2.0");
		reloaded[i] = clCreateProgramWithBinary(ctx, 1, &dev, &binsize, (const unsigned char **)&bin, &status, &err);
		OK(err);
		/* Loaded again, the program gives the same binary. */
		size_t again = 0;
		OK(clGetProgramInfo(reloaded[i], CL_PROGRAM_BINARY_SIZES, sizeof again, &again, NULL));
		unsigned char *bin2 = malloc(again);
		OK(clGetProgramInfo(reloaded[i], CL_PROGRAM_BINARIES, sizeof bin2, &bin2, NULL));
		CHECK(again == binsize && !memcmp(bin, bin2, binsize), "unit %d: the reloaded program's binary differs (%zu bytes, was %zu)", i, again, binsize);
		free(bin2);
		free(bin);
	}
	if (reloaded[0] && reloaded[1]) {
		cl_program relinked = clLinkProgram(ctx, 1, &dev, NULL, 2, reloaded, NULL, NULL, &err);
		OK(err);
		if (relinked) {
			run(relinked, "k", 0, out);
			for (int i = 0; i < 8; i++) CHECK(out[i] == 2 * i + 5, "linked from binaries: a[%d] = %d", i, out[i]);
			OK(clReleaseProgram(relinked));
		}
	}
	for (int i = 0; i < 2; i++)
		if (reloaded[i]) OK(clReleaseProgram(reloaded[i]));
	cl_program alone = clLinkProgram(ctx, 1, &dev, NULL, 1, &units[1], NULL, NULL, &err);
	CHECK(err == CL_LINK_PROGRAM_FAILURE, "link of import.spv alone: %d", err);
	if (alone) {
		static char log[16384];
		OK(clGetProgramBuildInfo(alone, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
		CHECK(strstr(log, "twice_plus") != NULL, "the failed link's log: %s", log);
		OK(clReleaseProgram(alone));
	}
	OK(clReleaseProgram(units[0]));
	OK(clReleaseProgram(units[1]));

	OK(clReleaseCommandQueue(q));
	OK(clReleaseContext(ctx));
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
