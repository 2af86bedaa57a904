/* Pipes and device-side enqueue answered as an OpenCL 3.0 device without
   them: the queries report no support and the entry points fail with the
   codes the specification gives. Usage: nofeatures [DEVICE-INDEX]; prints
   PASS. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EXPECT(call, want) do { cl_int _r = (call); CHECK(_r == (want), "%s = %d, want %d", #call, _r, (int)(want)); } while (0)
#define OK(call) EXPECT(call, CL_SUCCESS)

static void CL_CALLBACK on_release(cl_program p, void *data) {}

int main(int argc, char **argv) {
	int index = argc > 1 ? atoi(argv[1]) : 0;
	cl_platform_id plat;
	cl_device_id devs[4];
	cl_uint n;
	cl_int err;
	OK(clGetPlatformIDs(1, &plat, NULL));
	OK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 4, devs, &n));
	if ((cl_uint)index >= n) { printf("no device %d\n", index); return 1; }
	cl_device_id dev = devs[index];

	cl_bool pipes = CL_TRUE;
	OK(clGetDeviceInfo(dev, CL_DEVICE_PIPE_SUPPORT, sizeof pipes, &pipes, NULL));
	CHECK(pipes == CL_FALSE, "CL_DEVICE_PIPE_SUPPORT");
	cl_uint u = 99;
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_PIPE_ARGS, sizeof u, &u, NULL));
	CHECK(u == 0, "CL_DEVICE_MAX_PIPE_ARGS %u", u);
	u = 99;
	OK(clGetDeviceInfo(dev, CL_DEVICE_PIPE_MAX_PACKET_SIZE, sizeof u, &u, NULL));
	CHECK(u == 0, "CL_DEVICE_PIPE_MAX_PACKET_SIZE %u", u);
	cl_device_device_enqueue_capabilities dq = 99;
	OK(clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof dq, &dq, NULL));
	CHECK(dq == 0, "CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES %#llx", (unsigned long long)dq);
	cl_command_queue_properties qp = 99;
	OK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, sizeof qp, &qp, NULL));
	CHECK(qp == 0, "CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES %#llx", (unsigned long long)qp);
	u = 99;
	OK(clGetDeviceInfo(dev, CL_DEVICE_MAX_ON_DEVICE_QUEUES, sizeof u, &u, NULL));
	CHECK(u == 0, "CL_DEVICE_MAX_ON_DEVICE_QUEUES %u", u);

	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	OK(err);
	EXPECT((clCreatePipe(ctx, 0, 4, 16, NULL, &err), err), CL_INVALID_OPERATION);
	EXPECT((clCreatePipe(NULL, 0, 4, 16, NULL, &err), err), CL_INVALID_CONTEXT);
	cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, NULL, &err);
	OK(err);
	EXPECT(clGetPipeInfo(b, CL_PIPE_PACKET_SIZE, sizeof u, &u, NULL), CL_INVALID_MEM_OBJECT);

	/* Device queues: not supported (valid properties), or invalid. */
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0}, &err), err), CL_INVALID_QUEUE_PROPERTIES);
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, CL_QUEUE_SIZE, 1024, 0}, &err), err), CL_INVALID_QUEUE_PROPERTIES);
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE, 0}, &err), err), CL_INVALID_VALUE);
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE_DEFAULT, 0}, &err), err), CL_INVALID_VALUE);
	EXPECT((clCreateCommandQueueWithProperties(ctx, dev, (cl_queue_properties[]){CL_QUEUE_SIZE, 1024, 0}, &err), err), CL_INVALID_VALUE);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	OK(err);
	EXPECT(clSetDefaultDeviceCommandQueue(ctx, dev, q), CL_INVALID_OPERATION);
	cl_command_queue dflt = (cl_command_queue)1;
	OK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof dflt, &dflt, NULL));
	CHECK(dflt == NULL, "CL_QUEUE_DEVICE_DEFAULT %p", (void *)dflt);

	/* No program-scope global constructors or destructors. */
	const char *src = "kernel void k(global int *a) { a[0] = 1; }";
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	OK(err);
	EXPECT(clSetProgramReleaseCallback(p, on_release, NULL), CL_INVALID_OPERATION);
	EXPECT(clSetProgramReleaseCallback(p, NULL, NULL), CL_INVALID_VALUE);
	OK(clReleaseProgram(p));
	OK(clReleaseCommandQueue(q));
	OK(clReleaseMemObject(b));
	OK(clReleaseContext(ctx));
	if (failures) { printf("%d failures\n", failures); return 1; }
	printf("PASS\n");
	return 0;
}
