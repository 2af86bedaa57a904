// clblastbench times CLBlast's SGEMM (4096x4096x4096), SGEMV (4096x4096)
// and SAXPY (64 Mi elements) on one OpenCL device, for issue 15's
// comparison of clgo with the vendor's OpenCL. Each routine is called once
// to warm up (CLBlast compiles its kernels on first use), then RUNS times,
// each call followed by clFinish; it prints the best and median times and
// the rate of the best, and checks results against float64 references on
// the host (all of y for SGEMV and SAXPY, 64 random elements of C for
// SGEMM) with fresh random inputs.
//
// Environment: CLB_PARAMS (below), CLB_ONLY=list (the routines to run:
// sgemm, sgemv, saxpy, and bufs for SGEMM's buffers alone), CLB_WARM=n
// (n untimed calls before each routine's timed ones: on NVIDIA's Vulkan
// driver the SM clock drops to a few hundred MHz after a second or two of
// idle GPU and rises only after a few hundred milliseconds of steady work,
// docs/performance.md).
//
// Build: gcc -O2 clblastbench.c -o clblastbench -lOpenCL -l:libclblast.so.1
// Run:   ./clblastbench PLATFORM DEVICE [RUNS [GEMM_N [AXPY_N]]]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The C API of CLBlast 1.5 (clblast_c.h), declared here: the Debian
// runtime package ships no header.
typedef enum { CLBlastLayoutRowMajor = 101, CLBlastLayoutColMajor = 102 } CLBlastLayout;
typedef enum { CLBlastTransposeNo = 111, CLBlastTransposeYes = 112 } CLBlastTranspose;
int CLBlastSgemm(CLBlastLayout, CLBlastTranspose, CLBlastTranspose, size_t m, size_t n, size_t k, float alpha, cl_mem a,
                 size_t aoff, size_t lda, cl_mem b, size_t boff, size_t ldb, float beta, cl_mem c, size_t coff, size_t ldc,
                 cl_command_queue *q, cl_event *ev);
int CLBlastSgemv(CLBlastLayout, CLBlastTranspose, size_t m, size_t n, float alpha, cl_mem a, size_t aoff, size_t lda,
                 cl_mem x, size_t xoff, size_t xinc, float beta, cl_mem y, size_t yoff, size_t yinc, cl_command_queue *q,
                 cl_event *ev);
int CLBlastSaxpy(size_t n, float alpha, cl_mem x, size_t xoff, size_t xinc, cl_mem y, size_t yoff, size_t yinc,
                 cl_command_queue *q, cl_event *ev);

typedef enum { CLBlastPrecisionSingle = 32 } CLBlastPrecision;
int CLBlastOverrideParameters(cl_device_id device, const char *kernel_name, CLBlastPrecision precision, size_t num_parameters,
                              const char **parameters_names, const size_t *parameters_values);

#define CK(x) do { cl_int e_ = (x); if (e_ != CL_SUCCESS) { fprintf(stderr, "%s: %d\n", #x, e_); exit(1); } } while (0)

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmpd(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static float *randoms(size_t n) {
	float *v = malloc(n * sizeof *v);
	for (size_t i = 0; i < n; i++) v[i] = (float)rand() / RAND_MAX * 2 - 1;
	return v;
}

static cl_context ctx;
static cl_command_queue q;

static cl_mem upload(const float *v, size_t n) {
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof *v, NULL, &err);
	CK(err);
	CK(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, n * sizeof *v, v, 0, NULL, NULL));
	return m;
}

static int runs;
// warm is CLB_WARM: untimed calls before the timed ones, so that the GPU's
// clocks have risen (a few short calls after an idle pause run at idle
// clocks on NVIDIA's Vulkan driver; see docs/performance.md).
static int warm;

// timeit runs the routine runs times (after the caller's warm-up) and
// prints best/median; rate is work/second at the best time.
// The device time is END - START of the event CLBlast returns (its last
// kernel's), best of the runs.
#define TIMEIT(name, work, unit, call)                                                                                \
	do {                                                                                                          \
		double t_[64], k_[64];                                                                                \
		for (int w_ = 0; w_ < warm; w_++) {                                                                   \
			cl_event ev = NULL;                                                                           \
			(void)(call);                                                                                 \
			if (ev) clReleaseEvent(ev);                                                                   \
		}                                                                                                     \
		CK(clFinish(q));                                                                                      \
		for (int r_ = 0; r_ < runs; r_++) {                                                                   \
			cl_event ev = NULL;                                                                           \
			double t0_ = now();                                                                           \
			int s_ = (call);                                                                              \
			CK(clFinish(q));                                                                              \
			t_[r_] = now() - t0_;                                                                         \
			if (s_) { fprintf(stderr, "%s: CLBlast status %d\n", name, s_); exit(1); }                   \
			cl_ulong st_ = 0, en_ = 0;                                                                    \
			if (ev) {                                                                                     \
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof st_, &st_, NULL);      \
				clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof en_, &en_, NULL);        \
				clReleaseEvent(ev);                                                                   \
			}                                                                                             \
			k_[r_] = (en_ - st_) * 1e-9;                                                                  \
		}                                                                                                     \
		qsort(t_, runs, sizeof t_[0], cmpd);                                                                  \
		qsort(k_, runs, sizeof k_[0], cmpd);                                                                  \
		printf("%-6s best %10.3f ms  median %10.3f ms  %9.1f %s  | last kernel on the device %8.3f ms\n", name, \
		       t_[0] * 1e3, t_[runs / 2] * 1e3, (work) / t_[0] / 1e9, unit, k_[0] * 1e3);                    \
	} while (0)

int main(int argc, char **argv) {
	if (argc < 3) { fprintf(stderr, "usage: clblastbench PLATFORM DEVICE [RUNS]\n"); return 2; }
	int pi = atoi(argv[1]), di = atoi(argv[2]);
	runs = argc > 3 ? atoi(argv[3]) : 10;
	if (runs > 64) runs = 64;
	warm = getenv("CLB_WARM") ? atoi(getenv("CLB_WARM")) : 0;
	cl_platform_id plats[8];
	cl_uint np;
	CK(clGetPlatformIDs(8, plats, &np));
	cl_device_id devs[8];
	cl_uint nd;
	CK(clGetDeviceIDs(plats[pi], CL_DEVICE_TYPE_ALL, 8, devs, &nd));
	cl_device_id d = devs[di];
	char name[256], vendor[256], drv[256], ext[8192];
	cl_uint vid;
	CK(clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_VENDOR, sizeof vendor, vendor, NULL));
	CK(clGetDeviceInfo(d, CL_DRIVER_VERSION, sizeof drv, drv, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_VENDOR_ID, sizeof vid, &vid, NULL));
	CK(clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL));
	printf("device: %s | vendor: %s (%#x) | driver %s | cl_nv_device_attribute_query: %s\n", name, vendor, vid, drv,
	       strstr(ext, "cl_nv_device_attribute_query") ? "yes" : "no");
	cl_int err;
	ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
	CK(err);
	q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err);
	CK(err);
	srand(12345);
	if (getenv("CLB_PARAMS")) {
		// CLB_PARAMS=nvidia: the parameters CLBlast 1.5.3 chose for
		// clgo's NVIDIA H200; CLB_PARAMS=mesa: those it chose for
		// lavapipe (both read from CLGO_DUMP_DIR), to run its GEMM
		// kernels so on any device.
		int nv = !strcmp(getenv("CLB_PARAMS"), "nvidia");
		const char *xn[] = {"GEMMK", "KREG", "KWG", "KWI", "MDIMA", "MDIMC", "MWG", "NDIMB", "NDIMC", "NWG", "SA", "SB", "STRM", "STRN", "VWM", "VWN"};
		const size_t xnv[] = {0, 1, 32, 2, 16, 16, 64, 16, 16, 64, 1, 1, 0, 0, 4, 4};
		const size_t xme[] = {0, 1, 32, 2, 8, 8, 32, 16, 16, 32, 1, 1, 0, 0, 4, 2};
		const char *dn[] = {"KWID", "MDIMAD", "MDIMCD", "NDIMBD", "NDIMCD", "PADA", "PADB", "VWMD", "VWND", "WGD"};
		const size_t dnv[] = {2, 8, 8, 16, 16, 1, 1, 4, 2, 32};
		const size_t dme[] = {2, 8, 8, 8, 8, 1, 1, 1, 1, 16};
		int s1 = CLBlastOverrideParameters(d, "Xgemm", CLBlastPrecisionSingle, 16, xn, nv ? xnv : xme);
		int s2 = CLBlastOverrideParameters(d, "XgemmDirect", CLBlastPrecisionSingle, 10, dn, nv ? dnv : dme);
		// SAXPY: one setting for every device (VW 4, 128 work-items,
		// 1 element each), so both implementations run the same kernel.
		const char *an[] = {"VW", "WGS", "WPT"};
		const size_t av[] = {4, 128, 1};
		int s3 = CLBlastOverrideParameters(d, "Xaxpy", CLBlastPrecisionSingle, 3, an, av);
		printf("parameters %s: %d %d %d\n", nv ? "nvidia" : "mesa", s1, s2, s3);
	}

	// CLB_ONLY=list runs only the routines named in it (sgemm, sgemv,
	// saxpy; "bufs" makes SGEMM's buffers without calling it): CLB_ONLY=saxpy
	// skips SGEMM and SGEMV and their buffers.
	const char *only = getenv("CLB_ONLY");
#define RUN(r) (!only || strstr(only, r))
	if (!RUN("sgemm") && !RUN("sgemv") && !RUN("bufs")) goto saxpy;
	// SGEMM, column-major, C = A*B.
	const size_t N = argc > 4 ? (size_t)atol(argv[4]) : 4096;
	float *A = randoms(N * N), *B = randoms(N * N), *C = malloc(N * N * sizeof *C);
	for (size_t i = 0; i < N * N; i++) C[i] = 12345.0f; // finite: CLBlast computes beta*C even for beta 0
	cl_mem a = upload(A, N * N), b = upload(B, N * N), c = upload(C, N * N);
	int s = 0;
	if (!RUN("sgemm")) goto sgemv;
	double t0 = now();
	s = CLBlastSgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, N, N, N, 1, a, 0, N, b, 0, N, 0, c, 0,
	                     N, &q, NULL);
	CK(clFinish(q));
	printf("sgemm first call (compiles) %.1f ms, status %d\n", (now() - t0) * 1e3, s);
	if (s) return 1;
	CK(clEnqueueReadBuffer(q, c, CL_TRUE, 0, N * N * sizeof *C, C, 0, NULL, NULL));
	double maxrel = 0;
	for (int t = 0; t < 64; t++) {
		size_t i = rand() % N, j = rand() % N;
		double ref = 0, mag = 0;
		for (size_t k = 0; k < N; k++) {
			ref += (double)A[i + k * N] * B[k + j * N];
			mag += fabs((double)A[i + k * N] * B[k + j * N]);
		}
		double e = fabs(C[i + j * N] - ref) / mag;
		if (!(e <= maxrel)) maxrel = e; // NaN sticks
	}
	printf("sgemm check: max |c-ref|/sum|a*b| over 64 elements = %.2e %s\n", maxrel, maxrel < 1e-5 ? "ok" : "FAIL");
	TIMEIT("sgemm", 2.0 * N * N * N, "GFLOPS",
	       CLBlastSgemm(CLBlastLayoutColMajor, CLBlastTransposeNo, CLBlastTransposeNo, N, N, N, 1, a, 0, N, b, 0, N, 0, c, 0, N,
	                    &q, &ev));

sgemv:;
	// SGEMV, column-major, y = A*x.
	if (!RUN("sgemv")) goto saxpy;
	float *x = randoms(N), *y = malloc(N * sizeof *y);
	for (size_t i = 0; i < N; i++) y[i] = 12345.0f;
	cl_mem xm = upload(x, N), ym = upload(y, N);
	s = CLBlastSgemv(CLBlastLayoutColMajor, CLBlastTransposeNo, N, N, 1, a, 0, N, xm, 0, 1, 0, ym, 0, 1, &q, NULL);
	CK(clFinish(q));
	if (s) { printf("sgemv status %d\n", s); return 1; }
	CK(clEnqueueReadBuffer(q, ym, CL_TRUE, 0, N * sizeof *y, y, 0, NULL, NULL));
	maxrel = 0;
	for (size_t i = 0; i < N; i++) {
		double ref = 0, mag = 0;
		for (size_t k = 0; k < N; k++) {
			ref += (double)A[i + k * N] * x[k];
			mag += fabs((double)A[i + k * N] * x[k]);
		}
		double e = fabs(y[i] - ref) / mag;
		if (!(e <= maxrel)) maxrel = e;
	}
	printf("sgemv check: max rel = %.2e %s\n", maxrel, maxrel < 1e-5 ? "ok" : "FAIL");
	TIMEIT("sgemv", (double)(N * N + 2 * N) * 4, "GB/s",
	       CLBlastSgemv(CLBlastLayoutColMajor, CLBlastTransposeNo, N, N, 1, a, 0, N, xm, 0, 1, 0, ym, 0, 1, &q, &ev));

saxpy:;
	// SAXPY, y += alpha*x over 64 Mi elements.
	const size_t M = argc > 5 ? (size_t)atol(argv[5]) : 64u << 20;
	float *sx = randoms(M), *sy = randoms(M), *out = malloc(M * sizeof *out);
	cl_mem sxm = upload(sx, M), sym = upload(sy, M);
	s = CLBlastSaxpy(M, 0.5f, sxm, 0, 1, sym, 0, 1, &q, NULL);
	CK(clFinish(q));
	if (s) { printf("saxpy status %d\n", s); return 1; }
	CK(clEnqueueReadBuffer(q, sym, CL_TRUE, 0, M * sizeof *out, out, 0, NULL, NULL));
	size_t bad = 0;
	for (size_t i = 0; i < M; i++)
		if (!(fabsf(out[i] - (sy[i] + 0.5f * sx[i])) <= 1e-6f * (1 + fabsf(sy[i])))) bad++;
	printf("saxpy check: %zu of %zu wrong %s\n", bad, M, bad ? "FAIL" : "ok");
	TIMEIT("saxpy", 3.0 * M * 4, "GB/s", CLBlastSaxpy(M, 0.5f, sxm, 0, 1, sym, 0, 1, &q, &ev));
	return 0;
}
