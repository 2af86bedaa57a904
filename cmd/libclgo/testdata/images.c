/* images: the image and sampler entry points of the ICD (issue 13):
   creation with cl_image_desc and the 1.x forms, formats and info queries,
   read/write/copy/fill/map round trips with row and slice pitches,
   image<->buffer copies, 1D buffer images, samplers, and bad arguments
   giving the specification's error codes with the process alive.

   ./images DEVICE_INDEX [N] prints one FAIL line per wrong answer and PASS
   at the end (after N random calls, 5000 by default), or SKIP when the
   device has no image support. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)
#define NOOBJ(expr, want) do { cl_int _e = 12345; void *_h = (void *)(expr); CHECK(_h == NULL && _e == (want), "%s = %p, error %d, want NULL, %d", #expr, _h, _e, (int)(want)); } while (0)

static cl_context ctx;
static cl_command_queue q;

static const cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
static const cl_image_format rgbaf = {CL_RGBA, CL_FLOAT};

static unsigned char pat(size_t i) { return (unsigned char)(i * 7 + i / 251); }

static size_t sinfo(cl_mem m, cl_image_info what) {
	size_t v = 12345;
	OK(clGetImageInfo(m, what, sizeof v, &v, NULL));
	return v;
}

static void queries(cl_device_id dev) {
	size_t w = 0, h = 0, d = 0, buf = 0, arr = 0;
	cl_uint nread = 0, nwrite = 0, nsamp = 0;
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof w, &w, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof h, &h, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof d, &d, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof buf, &buf, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof arr, &arr, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof nread, &nread, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof nwrite, &nwrite, NULL));
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_SAMPLERS, sizeof nsamp, &nsamp, NULL));
	/* The FULL profile's minimums (table 4.3). */
	CHECK(w >= 2048 && h >= 2048 && d >= 2 && buf >= 65536 && arr >= 256 && nread >= 8 && nwrite >= 8 && nsamp >= 16,
		"limits: 2D %zux%zu, depth %zu, buffer %zu, array %zu, args %u/%u, samplers %u", w, h, d, buf, arr, nread, nwrite, nsamp);

	cl_uint n = 0;
	OK(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n));
	CHECK(n > 0, "%u formats", n);
	cl_image_format *fs = calloc(n + 1, sizeof *fs);
	cl_uint n2 = 0;
	OK(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, n, fs, &n2));
	int have = 0;
	for (cl_uint i = 0; i < n; i++)
		have |= fs[i].image_channel_order == CL_RGBA && fs[i].image_channel_data_type == CL_UNORM_INT8;
	CHECK(n2 == n && have, "CL_RGBA CL_UNORM_INT8 among %u formats", n2);
	/* Fewer entries than formats: only those are written. */
	memset(fs, 0xAB, (n + 1) * sizeof *fs);
	OK(clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D, 1, fs, NULL));
	CHECK(fs[1].image_channel_order == 0xABABABAB, "entry past num_entries written");
	EXPECT(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, fs, &n), CL_INVALID_VALUE);
	free(fs);
	EXPECT(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER, 0, NULL, &n), CL_INVALID_VALUE);
	EXPECT(clGetSupportedImageFormats(ctx, (cl_mem_flags)1 << 40, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n), CL_INVALID_VALUE);
	EXPECT(clGetSupportedImageFormats(NULL, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n), CL_INVALID_CONTEXT);
}

static void create_errors(void) {
	cl_int e;
	unsigned char host[4096];
	cl_image_desc d = {CL_MEM_OBJECT_IMAGE2D, 4, 4};
	cl_image_format bad = {0x1234, CL_UNORM_INT8};
	cl_image_format odd = {CL_RGB, CL_UNORM_INT8};
	/* A valid format no clgo device lists (the host driver lists every
	   valid pair but the optional CL_Rx and CL_RGx). */
	cl_image_format unsup = {CL_Rx, CL_UNORM_INT8};
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, NULL, &d, NULL, &_e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &bad, &d, NULL, &_e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &odd, &d, NULL, &_e), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
	/* Only where the device lacks the format (the host device has every
	   valid one). */
	cl_uint nf = 0;
	cl_image_format fs[256];
	int has = 0;
	EXPECT(clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 256, fs, &nf), CL_SUCCESS);
	for (cl_uint i = 0; i < nf && i < 256; i++)
		if (fs[i].image_channel_order == unsup.image_channel_order && fs[i].image_channel_data_type == unsup.image_channel_data_type)
			has = 1;
	if (!has)
		NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &unsup, &d, NULL, &_e), CL_IMAGE_FORMAT_NOT_SUPPORTED);
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, NULL, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	NOOBJ(clCreateImage(NULL, CL_MEM_READ_WRITE, &rgba8, &d, NULL, &_e), CL_INVALID_CONTEXT);
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, &rgba8, &d, NULL, &_e), CL_INVALID_VALUE);
	NOOBJ(clCreateImage(ctx, (cl_mem_flags)1 << 40, &rgba8, &d, NULL, &_e), CL_INVALID_VALUE);
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d, host, &_e), CL_INVALID_HOST_PTR);
	NOOBJ(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &d, NULL, &_e), CL_INVALID_HOST_PTR);
	cl_image_desc mip = d;
	mip.num_mip_levels = 1;
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &mip, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	cl_image_desc zero = {CL_MEM_OBJECT_IMAGE2D, 4, 0};
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &zero, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	cl_image_desc type = {CL_MEM_OBJECT_BUFFER, 4, 4};
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &type, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	cl_image_desc wide = {CL_MEM_OBJECT_IMAGE2D, (size_t)1 << 40, 4};
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &wide, NULL, &_e), CL_INVALID_IMAGE_SIZE);
	cl_image_desc pitch = {CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0, 12};
	NOOBJ(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &pitch, host, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	cl_image_desc nohost = {CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0, 32};
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &nohost, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	/* A row pitch no memory has, with a host pointer: refused before the
	   memory is viewed. */
	cl_image_desc huge = {CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0, (size_t)1 << 62};
	NOOBJ(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &huge, host, &_e), CL_INVALID_IMAGE_SIZE);
	cl_image_desc huge3 = {CL_MEM_OBJECT_IMAGE3D, 4, 4, 4, 0, 16, (size_t)1 << 63};
	NOOBJ(clCreateImage(ctx, CL_MEM_COPY_HOST_PTR, &rgba8, &huge3, host, &_e), CL_INVALID_IMAGE_SIZE);
	NOOBJ(clCreateImage2D(ctx, CL_MEM_READ_WRITE, &rgba8, 0, 4, 0, NULL, &_e), CL_INVALID_IMAGE_DESCRIPTOR);
	NOOBJ(clCreateImage3D(ctx, CL_MEM_READ_WRITE, &rgba8, 4, 4, 1, 0, 0, NULL, &_e), CL_INVALID_IMAGE_SIZE);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
	OK(e);
	cl_image_desc from = {CL_MEM_OBJECT_IMAGE2D, 4, 4};
	from.mem_object = b;
	/* No clgo device creates a 2D image from a buffer (pitch alignment 0):
	   CL_INVALID_OPERATION, as the CTS's consistency_2d_image_from_buffer
	   expects. */
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &from, NULL, &_e), CL_INVALID_OPERATION);
	cl_image_desc past = {CL_MEM_OBJECT_IMAGE1D_BUFFER, 17};
	past.mem_object = b;
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &past, NULL, &_e), CL_INVALID_IMAGE_SIZE);
	OK(clReleaseMemObject(b));
}

/* A 2D image from host memory with padded rows, read back and written in
   parts with other pitches. */
static void roundtrip2d(void) {
	cl_int e;
	enum { W = 5, H = 3, ROW = 24 };
	unsigned char host[ROW * H];
	for (size_t i = 0; i < sizeof host; i++) host[i] = pat(i);
	cl_image_desc d = {CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, ROW};
	cl_mem img = clCreateImage(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_WRITE, &rgba8, &d, host, &e);
	OK(e);
	if (!img) return;
	cl_image_format f;
	OK(clGetImageInfo(img, CL_IMAGE_FORMAT, sizeof f, &f, NULL));
	CHECK(f.image_channel_order == CL_RGBA && f.image_channel_data_type == CL_UNORM_INT8, "format");
	CHECK(sinfo(img, CL_IMAGE_ELEMENT_SIZE) == 4, "element size");
	CHECK(sinfo(img, CL_IMAGE_ROW_PITCH) == W * 4, "row pitch %zu", sinfo(img, CL_IMAGE_ROW_PITCH));
	CHECK(sinfo(img, CL_IMAGE_SLICE_PITCH) == 0, "slice pitch");
	CHECK(sinfo(img, CL_IMAGE_WIDTH) == W && sinfo(img, CL_IMAGE_HEIGHT) == H, "size");
	CHECK(sinfo(img, CL_IMAGE_DEPTH) == 0 && sinfo(img, CL_IMAGE_ARRAY_SIZE) == 0, "depth, array size");
	cl_mem_object_type t = 0;
	OK(clGetMemObjectInfo(img, CL_MEM_TYPE, sizeof t, &t, NULL));
	CHECK(t == CL_MEM_OBJECT_IMAGE2D, "CL_MEM_TYPE %#x", t);
	size_t sz = 0;
	OK(clGetMemObjectInfo(img, CL_MEM_SIZE, sizeof sz, &sz, NULL));
	CHECK(sz == W * H * 4, "CL_MEM_SIZE %zu", sz);
	cl_context c = NULL;
	OK(clGetMemObjectInfo(img, CL_MEM_CONTEXT, sizeof c, &c, NULL));
	CHECK(c == ctx, "CL_MEM_CONTEXT");
	EXPECT(clGetImageInfo(img, CL_IMAGE_FORMAT, 2, &f, NULL), CL_INVALID_VALUE);
	EXPECT(clGetImageInfo(img, 0x1234, sizeof f, &f, NULL), CL_INVALID_VALUE);

	/* The whole image, tightly packed. */
	unsigned char all[W * H * 4];
	size_t o0[3] = {0, 0, 0}, r[3] = {W, H, 1};
	OK(clEnqueueReadImage(q, img, CL_TRUE, o0, r, 0, 0, all, 0, NULL, NULL));
	int bad = 0;
	for (int y = 0; y < H; y++)
		bad |= memcmp(all + y * W * 4, host + y * ROW, W * 4);
	CHECK(!bad, "image made with row pitch %d read back", ROW);
	/* Pixels (1..3, 1..2) into rows of 16 bytes. */
	unsigned char part[2 * 16];
	memset(part, 0xEE, sizeof part);
	size_t o1[3] = {1, 1, 0}, r1[3] = {3, 2, 1};
	OK(clEnqueueReadImage(q, img, CL_TRUE, o1, r1, 16, 0, part, 0, NULL, NULL));
	bad = 0;
	for (int y = 0; y < 2; y++)
		bad |= memcmp(part + y * 16, host + (y + 1) * ROW + 4, 12) | (part[y * 16 + 12] != 0xEE);
	CHECK(!bad, "region read with row pitch 16");
	/* Write it back inverted and check the image. */
	for (size_t i = 0; i < sizeof part; i++) part[i] = (unsigned char)~part[i];
	cl_event ev;
	OK(clEnqueueWriteImage(q, img, CL_FALSE, o1, r1, 16, 0, part, 0, NULL, &ev));
	OK(clWaitForEvents(1, &ev));
	cl_command_type ct = 0;
	OK(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL));
	CHECK(ct == CL_COMMAND_WRITE_IMAGE, "command type %#x", ct);
	OK(clReleaseEvent(ev));
	OK(clEnqueueReadImage(q, img, CL_TRUE, o0, r, 0, 0, all, 0, NULL, NULL));
	bad = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			for (int ch = 0; ch < 4; ch++) {
				unsigned char want = host[y * ROW + x * 4 + ch];
				if (x >= 1 && x <= 3 && y >= 1) want = (unsigned char)~want;
				bad |= all[(y * W + x) * 4 + ch] != want;
			}
	CHECK(!bad, "after the region's write");

	/* Bad regions and pitches: CL_INVALID_VALUE before memory is touched. */
	size_t past[3] = {W - 1, 0, 0}, r2[3] = {2, 1, 1}, rz[3] = {1, 1, 0}, r3[3] = {1, 1, 2};
	size_t far[3] = {SIZE_MAX, 0, 0};
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, past, r2, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, rz, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, r3, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, far, r2, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, NULL, r, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, NULL, 0, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, r, 0, 0, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, r, 8, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o0, r, SIZE_MAX / 2, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueWriteImage(q, img, CL_TRUE, o0, r, (size_t)1 << 46, 0, all, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueReadImage(NULL, img, CL_TRUE, o0, r, 0, 0, all, 0, NULL, NULL), CL_INVALID_COMMAND_QUEUE);
	/* Images are not buffers, and buffers not images. */
	EXPECT(clEnqueueReadBuffer(q, img, CL_TRUE, 0, 4, all, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &e);
	EXPECT(clEnqueueReadImage(q, b, CL_TRUE, o0, r, 0, 0, all, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
	EXPECT(clGetImageInfo(b, CL_IMAGE_WIDTH, sizeof sz, &sz, NULL), CL_INVALID_MEM_OBJECT);
	OK(clReleaseMemObject(b));

	OK(clReleaseMemObject(img));
	EXPECT(clGetImageInfo(img, CL_IMAGE_WIDTH, sizeof sz, &sz, NULL), CL_INVALID_MEM_OBJECT);
	EXPECT(clReleaseMemObject(img), CL_INVALID_MEM_OBJECT);
}

/* A 3D image through the 1.x entry point, read with a slice pitch. */
static void roundtrip3d(void) {
	cl_int e;
	enum { W = 3, H = 2, D = 4 };
	float host[W * H * D * 4];
	for (int i = 0; i < W * H * D * 4; i++) host[i] = (float)i * 0.5f;
	cl_mem img = clCreateImage3D(ctx, CL_MEM_COPY_HOST_PTR, &rgbaf, W, H, D, 0, 0, host, &e);
	OK(e);
	if (!img) return;
	CHECK(sinfo(img, CL_IMAGE_SLICE_PITCH) == W * H * 16 && sinfo(img, CL_IMAGE_DEPTH) == D, "3D pitches");
	/* Slices 1..2 of x 1..2, y 0..1, into rows of 48 bytes and slices of
	   128. */
	unsigned char out[2 * 128];
	size_t o[3] = {1, 0, 1}, r[3] = {2, 2, 2};
	OK(clEnqueueReadImage(q, img, CL_TRUE, o, r, 48, 128, out, 0, NULL, NULL));
	int bad = 0;
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 2; y++)
			bad |= memcmp(out + z * 128 + y * 48, &host[(((z + 1) * H + y) * W + 1) * 4], 32);
	CHECK(!bad, "3D region with pitches");
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o, r, 48, 64, out, 0, NULL, NULL), CL_INVALID_VALUE);

	/* Fill a corner and copy it to a 2D image. */
	float color[4] = {1, 2, 3, 4};
	size_t fo[3] = {2, 1, 3}, one[3] = {1, 1, 1};
	OK(clEnqueueFillImage(q, img, color, fo, one, 0, NULL, NULL));
	cl_mem flat = clCreateImage2D(ctx, CL_MEM_READ_WRITE, &rgbaf, 2, 2, 0, NULL, &e);
	OK(e);
	size_t zero[3] = {0, 0, 0}, sq[3] = {2, 2, 1}, src[3] = {1, 0, 3};
	OK(clEnqueueCopyImage(q, img, flat, src, zero, sq, 0, NULL, NULL));
	float got[16];
	OK(clEnqueueReadImage(q, flat, CL_TRUE, zero, sq, 0, 0, got, 0, NULL, NULL));
	CHECK(got[12] == 1 && got[13] == 2 && got[14] == 3 && got[15] == 4 && got[0] == host[((3 * H) * W + 1) * 4],
		"fill then copy: %g %g %g %g, %g", got[12], got[13], got[14], got[15], got[0]);
	cl_mem b8 = clCreateImage2D(ctx, CL_MEM_READ_WRITE, &rgba8, 2, 2, 0, NULL, &e);
	EXPECT(clEnqueueCopyImage(q, img, b8, zero, zero, sq, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
	size_t shifted[3] = {1, 0, 1}, cube[3] = {2, 1, 2};
	EXPECT(clEnqueueCopyImage(q, img, img, zero, shifted, cube, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
	EXPECT(clEnqueueFillImage(q, img, NULL, zero, one, 0, NULL, NULL), CL_INVALID_VALUE);

	/* Image to buffer and back. */
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &e);
	OK(e);
	OK(clEnqueueCopyImageToBuffer(q, flat, b, zero, sq, 16, 0, NULL, NULL));
	float fb[16];
	OK(clEnqueueReadBuffer(q, b, CL_TRUE, 16, sizeof fb, fb, 0, NULL, NULL));
	CHECK(!memcmp(fb, got, sizeof fb), "image to buffer");
	EXPECT(clEnqueueCopyImageToBuffer(q, flat, b, zero, sq, 200, 0, NULL, NULL), CL_INVALID_VALUE);
	size_t last[3] = {0, 0, 0};
	OK(clEnqueueCopyBufferToImage(q, b, img, 16, last, sq, 0, NULL, NULL));
	float back[16];
	OK(clEnqueueReadImage(q, img, CL_TRUE, last, sq, 0, 0, back, 0, NULL, NULL));
	CHECK(!memcmp(back, got, sizeof back), "buffer to image");
	EXPECT(clEnqueueCopyBufferToImage(q, b, img, SIZE_MAX - 8, last, sq, 0, NULL, NULL), CL_INVALID_VALUE);
	EXPECT(clEnqueueCopyBufferToImage(q, img, b, 0, last, sq, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);

	/* Migration takes images and buffers together. */
	cl_mem both[3] = {img, b, flat};
	cl_event mev;
	OK(clEnqueueMigrateMemObjects(q, 3, both, 0, 0, NULL, &mev));
	OK(clWaitForEvents(1, &mev));
	OK(clReleaseEvent(mev));
	OK(clEnqueueMigrateMemObjects(q, 1, both, CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, 0, NULL, NULL));
	EXPECT(clEnqueueMigrateMemObjects(q, 1, both, 0x10, 0, NULL, NULL), CL_INVALID_VALUE);
	OK(clReleaseMemObject(b));
	OK(clReleaseMemObject(b8));
	OK(clReleaseMemObject(flat));
	OK(clReleaseMemObject(img));
}

static int destroyed;
static void CL_CALLBACK on_destroy(cl_mem m, void *ud) { (void)m; (void)ud; destroyed++; }

static void maps(void) {
	cl_int e;
	/* A 2D array, mapped for writing: tightly packed C memory. */
	cl_image_format r8 = {CL_R, CL_UNSIGNED_INT8};
	cl_image_desc d = {CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 2, 0, 2};
	cl_mem img = clCreateImage(ctx, CL_MEM_READ_WRITE, &r8, &d, NULL, &e);
	OK(e);
	if (!img) return;
	OK(clSetMemObjectDestructorCallback(img, on_destroy, NULL));
	size_t o[3] = {1, 0, 1}, r[3] = {2, 2, 1}, row = 0, slice = 0;
	unsigned char *p = clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_WRITE, o, r, &row, &slice, 0, NULL, NULL, &e);
	OK(e);
	CHECK(p && row == 2 && slice == 4, "map: %p pitches %zu %zu", (void *)p, row, slice);
	cl_uint count = 0;
	OK(clGetMemObjectInfo(img, CL_MEM_MAP_COUNT, sizeof count, &count, NULL));
	CHECK(count == 1, "map count %u", count);
	if (p) {
		p[0] = 9; p[1] = 8; p[row] = 7; p[row + 1] = 6;
		EXPECT(clEnqueueUnmapMemObject(q, img, p + 1, 0, NULL, NULL), CL_INVALID_VALUE);
		OK(clEnqueueUnmapMemObject(q, img, p, 0, NULL, NULL));
	}
	unsigned char all[16];
	size_t z[3] = {0, 0, 0}, full[3] = {4, 2, 2};
	OK(clEnqueueReadImage(q, img, CL_TRUE, z, full, 0, 0, all, 0, NULL, NULL));
	unsigned char want[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 8, 0, 0, 7, 6, 0};
	CHECK(!memcmp(all, want, 16), "2D array after unmap: %u %u %u %u", all[9], all[10], all[13], all[14]);
	EXPECT((clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, o, r, NULL, &slice, 0, NULL, NULL, &e), e), CL_INVALID_VALUE);
	EXPECT((clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, o, r, &row, NULL, 0, NULL, NULL, &e), e), CL_INVALID_VALUE);
	EXPECT((clEnqueueMapImage(q, img, CL_TRUE, 0x40, o, r, &row, &slice, 0, NULL, NULL, &e), e), CL_INVALID_VALUE);
	size_t big[3] = {5, 1, 1};
	EXPECT((clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, z, big, &row, &slice, 0, NULL, NULL, &e), e), CL_INVALID_VALUE);
	OK(clReleaseMemObject(img));
	/* Destructor callbacks run on a thread of their own. */
	for (int i = 0; i < 1000 && destroyed == 0; i++) usleep(1000);
	CHECK(destroyed == 1, "destructor called %d times", destroyed);

	/* CL_MEM_USE_HOST_PTR: the map is the host memory at the origin, with
	   the image's pitches. */
	unsigned char host[3 * 8];
	for (size_t i = 0; i < sizeof host; i++) host[i] = pat(i);
	cl_image_desc hd = {CL_MEM_OBJECT_IMAGE2D, 5, 3, 0, 0, 8};
	cl_mem hi = clCreateImage(ctx, CL_MEM_USE_HOST_PTR, &r8, &hd, host, &e);
	OK(e);
	void *hp = NULL;
	OK(clGetMemObjectInfo(hi, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL));
	CHECK(hp == host, "CL_MEM_HOST_PTR");
	CHECK(sinfo(hi, CL_IMAGE_ROW_PITCH) == 8, "row pitch of a host image");
	size_t ho[3] = {1, 1, 0}, hr[3] = {3, 2, 1};
	p = clEnqueueMapImage(q, hi, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, ho, hr, &row, NULL, 0, NULL, NULL, &e);
	OK(e);
	CHECK(p == host + 9 && row == 8, "host map at %p (host+9 = %p), row %zu", (void *)p, (void *)(host + 9), row);
	if (p) {
		p[0] = 0xFE;
		OK(clEnqueueUnmapMemObject(q, hi, p, 0, NULL, NULL));
	}
	unsigned char px = 0;
	size_t one[3] = {1, 1, 1};
	OK(clEnqueueReadImage(q, hi, CL_TRUE, ho, one, 0, 0, &px, 0, NULL, NULL));
	CHECK(px == 0xFE, "pixel written through the host map: %u", px);
	OK(clReleaseMemObject(hi));
}

static void buffer1d(void) {
	cl_int e;
	unsigned char data[64];
	for (int i = 0; i < 64; i++) data[i] = pat(i);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, 64, data, &e);
	OK(e);
	cl_image_desc d = {CL_MEM_OBJECT_IMAGE1D_BUFFER, 16};
	d.buffer = b;
	NOOBJ(clCreateImage(ctx, CL_MEM_READ_WRITE, &rgba8, &d, NULL, &_e), CL_INVALID_VALUE);
	cl_mem img = clCreateImage(ctx, 0, &rgba8, &d, NULL, &e);
	OK(e);
	if (!img) return;
	cl_mem got = NULL;
	OK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof got, &got, NULL));
	CHECK(got == b, "CL_IMAGE_BUFFER");
	OK(clGetMemObjectInfo(img, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof got, &got, NULL));
	CHECK(got == b, "CL_MEM_ASSOCIATED_MEMOBJECT");
	cl_mem_flags f = 0;
	OK(clGetMemObjectInfo(img, CL_MEM_FLAGS, sizeof f, &f, NULL));
	CHECK(f & CL_MEM_READ_ONLY, "flags %#llx inherit CL_MEM_READ_ONLY", (unsigned long long)f);
	/* The buffer stays alive while the image views it. */
	OK(clReleaseMemObject(b));
	unsigned char out[64];
	size_t o[3] = {0, 0, 0}, r[3] = {16, 1, 1};
	OK(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, out, 0, NULL, NULL));
	CHECK(!memcmp(out, data, 64), "1D buffer image reads its buffer");
	size_t r2[3] = {16, 2, 1};
	EXPECT(clEnqueueReadImage(q, img, CL_TRUE, o, r2, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE);
	OK(clReleaseMemObject(img));
}

static void samplers(void) {
	cl_int e;
	cl_sampler s = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &e);
	OK(e);
	cl_bool norm = 0;
	cl_addressing_mode am = 0;
	cl_filter_mode fm = 0;
	cl_uint refs = 0;
	cl_context c = NULL;
	OK(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof norm, &norm, NULL));
	OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL));
	OK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL));
	OK(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof c, &c, NULL));
	OK(clRetainSampler(s));
	OK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, NULL));
	CHECK(norm == CL_TRUE && am == CL_ADDRESS_REPEAT && fm == CL_FILTER_LINEAR && c == ctx && refs == 2,
		"sampler info %u %#x %#x %u", norm, am, fm, refs);
	size_t n = 99;
	OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &n));
	CHECK(n == 0, "properties of clCreateSampler: %zu bytes", n);
	EXPECT(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, 1, &fm, NULL), CL_INVALID_VALUE);
	EXPECT(clGetSamplerInfo(s, 0x1234, sizeof fm, &fm, NULL), CL_INVALID_VALUE);
	OK(clReleaseSampler(s));
	OK(clReleaseSampler(s));
	/* A released sampler's handle answers CL_INVALID_SAMPLER. */
	EXPECT(clReleaseSampler(s), CL_INVALID_SAMPLER);
	EXPECT(clRetainSampler(s), CL_INVALID_SAMPLER);
	EXPECT(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL), CL_INVALID_SAMPLER);
	EXPECT(clRetainSampler(NULL), CL_INVALID_SAMPLER);

	cl_sampler_properties props[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, 0};
	s = clCreateSamplerWithProperties(ctx, props, &e);
	OK(e);
	cl_sampler_properties back[8];
	OK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sizeof back, back, &n));
	CHECK(n == sizeof props && !memcmp(back, props, n), "CL_SAMPLER_PROPERTIES %zu bytes", n);
	OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL));
	CHECK(am == CL_ADDRESS_CLAMP, "default addressing %#x", am);
	OK(clReleaseSampler(s));
	s = clCreateSamplerWithProperties(ctx, NULL, &e);
	OK(e);
	OK(clReleaseSampler(s));

	NOOBJ(clCreateSampler(ctx, 7, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &_e), CL_INVALID_VALUE);
	NOOBJ(clCreateSampler(ctx, CL_TRUE, 0x1200, CL_FILTER_NEAREST, &_e), CL_INVALID_VALUE);
	NOOBJ(clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_CLAMP, 0x1200, &_e), CL_INVALID_VALUE);
	NOOBJ(clCreateSampler(NULL, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &_e), CL_INVALID_CONTEXT);
	cl_sampler_properties twice[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
	NOOBJ(clCreateSamplerWithProperties(ctx, twice, &_e), CL_INVALID_VALUE);
	cl_sampler_properties unknown[] = {0x1155, 0, 0};
	NOOBJ(clCreateSamplerWithProperties(ctx, unknown, &_e), CL_INVALID_VALUE);
	/* An unterminated list is read no further than every property once. */
	cl_sampler_properties endless[16];
	for (int i = 0; i < 16; i += 2) { endless[i] = CL_SAMPLER_FILTER_MODE; endless[i + 1] = CL_FILTER_NEAREST; }
	NOOBJ(clCreateSamplerWithProperties(ctx, endless, &_e), CL_INVALID_VALUE);
}

/* Random calls with origins, regions and pitches drawn from the values
   that break arithmetic: each must return CL_SUCCESS or an error code,
   never crash. The host memory behind every pointer is HOST bytes, and a
   call is made only when the region it names fits there or is invalid
   (then clgo must refuse it before touching memory). */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static const size_t nasty[] = {0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 64, 255, 256, 1024, 4096,
	(size_t)1 << 31, ((size_t)1 << 32) - 1, (size_t)1 << 32, (size_t)1 << 47, SIZE_MAX / 2, SIZE_MAX - 1, SIZE_MAX};
/* Half of the values are small, so that many calls are valid. */
static size_t pick(void) { return next() & 1 ? next() % 9 : nasty[next() % (sizeof nasty / sizeof nasty[0])]; }
enum { HOST = 1 << 16 };

/* hostNeed is the bytes a read or write of region with these pitches
   spans in host memory (elements of elem bytes, layered: a 3D image), or
   0 when that is invalid or overflows. */
static uint64_t hostNeed(const size_t r[3], size_t row, size_t slice, size_t elem, int layered) {
	uint64_t tight, minSlice, a, b, e;
	if (!r[0] || !r[1] || !r[2] || __builtin_mul_overflow(r[0], elem, &tight)) return 0;
	if (row == 0) row = tight;
	if (row < tight) return 0;
	if (!layered) {
		if (r[2] != 1) return 0;
		slice = 0;
	} else {
		if (__builtin_mul_overflow(row, r[1], &minSlice)) return 0;
		if (slice == 0) slice = minSlice;
		if (slice < minSlice) return 0;
	}
	if (__builtin_mul_overflow(r[2] - 1, slice, &a) || __builtin_mul_overflow(r[1] - 1, row, &b) ||
	    __builtin_add_overflow(a, b, &e) || __builtin_add_overflow(e, tight, &e))
		return 0;
	return e;
}

static void randomCalls(int n) {
	cl_int e;
	unsigned char *host = calloc(HOST, 1);
	cl_mem i2 = clCreateImage2D(ctx, CL_MEM_READ_WRITE, &rgba8, 16, 16, 0, NULL, &e);
	cl_mem i3 = clCreateImage3D(ctx, CL_MEM_READ_WRITE, &rgbaf, 8, 8, 4, 0, 0, NULL, &e);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &e);
	int accepted = 0;
	for (int i = 0; i < n; i++) {
		int three = next() & 1;
		cl_mem img = three ? i3 : i2;
		size_t elem = three ? 16 : 4;
		size_t o[3] = {pick(), pick() & 15, next() & 1 ? 0 : pick()};
		size_t r[3] = {pick(), pick() & 15, next() & 1 ? 1 : pick()};
		size_t row = next() & 1 ? 0 : pick(), slice = next() & 1 ? 0 : pick();
		uint64_t need = hostNeed(r, row, slice, elem, three);
		float color[4] = {0.5f, 0.25f, 1, 0};
		switch (next() % 7) {
		case 0:
			if (need <= HOST) accepted += clEnqueueReadImage(q, img, CL_TRUE, o, r, row, slice, host, 0, NULL, NULL) == CL_SUCCESS;
			break;
		case 1:
			if (need <= HOST) accepted += clEnqueueWriteImage(q, img, CL_TRUE, o, r, row, slice, host, 0, NULL, NULL) == CL_SUCCESS;
			break;
		case 2: {
			size_t d[3] = {pick() & 15, pick() & 7, next() & 1 ? 0 : pick() & 3};
			accepted += clEnqueueCopyImage(q, img, next() & 1 ? i3 : i2, o, d, r, 0, NULL, NULL) == CL_SUCCESS;
			break;
		}
		case 3:
			accepted += clEnqueueFillImage(q, img, color, o, r, 0, NULL, NULL) == CL_SUCCESS;
			break;
		case 4:
			accepted += clEnqueueCopyImageToBuffer(q, img, b, o, r, pick(), 0, NULL, NULL) == CL_SUCCESS;
			break;
		case 5:
			accepted += clEnqueueCopyBufferToImage(q, b, img, pick(), o, r, 0, NULL, NULL) == CL_SUCCESS;
			break;
		case 6: {
			size_t rp, sp;
			void *p = clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o, r, &rp, &sp, 0, NULL, NULL, &e);
			if (p) {
				accepted++;
				OK(clEnqueueUnmapMemObject(q, img, p, 0, NULL, NULL));
			}
			break;
		}
		}
	}
	OK(clFinish(q));
	printf("%d random calls, %d accepted\n", n, accepted);
	clReleaseMemObject(i2);
	clReleaseMemObject(i3);
	clReleaseMemObject(b);
	free(host);
}

int main(int argc, char **argv) {
	int index = argc > 1 ? atoi(argv[1]) : 0;
	cl_platform_id plat;
	cl_uint n = 0;
	if (clGetPlatformIDs(1, &plat, NULL) != CL_SUCCESS) { printf("FAIL no platform\n"); return 1; }
	cl_device_id devs[8];
	if (clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 8, devs, &n) != CL_SUCCESS || (cl_uint)index >= n) {
		printf("SKIP no device %d\n", index);
		return 0;
	}
	cl_device_id dev = devs[index];
	cl_bool images = CL_FALSE;
	OK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
	char name[256] = "";
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
	if (!images) {
		printf("SKIP %s has no image support\n", name);
		return 0;
	}
	cl_int e;
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	OK(e);
	q = clCreateCommandQueue(ctx, dev, 0, &e);
	OK(e);
	printf("device %s\n", name);
	queries(dev);
	create_errors();
	roundtrip2d();
	roundtrip3d();
	maps();
	buffer1d();
	samplers();
	randomCalls(argc > 2 ? atoi(argv[2]) : 5000);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
