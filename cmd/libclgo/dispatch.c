//go:build cgo

/* The ICD dispatch table: every handle points at it, and the loader calls
   through it. The OpenCL functions are the Go exports; the window-system and
   Direct3D sharing entries (extensions clgo does not have) are stubs that
   fail as their specifications say for a context not made for sharing. */
#include "clgo.h"
#include <CL/cl_gl.h>
#include <CL/cl_egl.h>

/* clgo_exiting is set by an exit handler registered when the ICD is
   loaded. Exit handlers run last registered first, so it is set before the
   destructors of libraries loaded earlier run (CLBlast's program cache
   releases its programs from one), and after those of the Vulkan driver,
   loaded later, which may have unloaded it: releases from then on do not
   call the driver (handles.go). */
volatile int clgo_exiting;

static void clgo_mark_exiting(void) { clgo_exiting = 1; }

__attribute__((constructor)) static void clgo_register_exit(void) { atexit(clgo_mark_exiting); }

void *clgo_new_handle(void) {
	struct _cl_context *h = calloc(1, sizeof *h);
	if (h) h->dispatch = &clgo_dispatch;
	return h;
}

static void *no_object(cl_int *errcode_ret, cl_int code) {
	if (errcode_ret) *errcode_ret = code;
	return NULL;
}

static cl_mem CL_API_CALL gl_buffer(cl_context c, cl_mem_flags f, cl_GLuint b, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_mem CL_API_CALL gl_texture(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint tex, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_mem CL_API_CALL gl_renderbuffer(cl_context c, cl_mem_flags f, cl_GLuint r, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_int CL_API_CALL gl_object_info(cl_mem m, cl_gl_object_type *t, cl_GLuint *n) {
	return CL_INVALID_GL_OBJECT;
}
static cl_int CL_API_CALL gl_texture_info(cl_mem m, cl_gl_texture_info p, size_t s, void *v, size_t *r) {
	return CL_INVALID_GL_OBJECT;
}
static cl_int CL_API_CALL gl_objects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e) {
	return n == 0 ? CL_INVALID_VALUE : CL_INVALID_GL_OBJECT;
}
static cl_int CL_API_CALL gl_context_info(const cl_context_properties *p, cl_gl_context_info n, size_t s, void *v, size_t *r) {
	return CL_INVALID_OPERATION;
}
static cl_event CL_API_CALL gl_event(cl_context c, cl_GLsync s, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_mem CL_API_CALL egl_image(cl_context c, CLeglDisplayKHR d, CLeglImageKHR i, cl_mem_flags f, const cl_egl_image_properties_khr *p, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_int CL_API_CALL egl_objects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e) {
	return n == 0 ? CL_INVALID_VALUE : CL_INVALID_OPERATION;
}
static cl_event CL_API_CALL egl_event(cl_context c, CLeglSyncKHR s, CLeglDisplayKHR d, cl_int *e) {
	return no_object(e, CL_INVALID_CONTEXT);
}
static cl_int CL_API_CALL fission_create(cl_device_id d, const cl_device_partition_property_ext *p, cl_uint n, cl_device_id *o, cl_uint *r) {
	return CL_INVALID_OPERATION;
}
static cl_int CL_API_CALL fission_ref(cl_device_id d) {
	return CL_INVALID_OPERATION;
}

const cl_icd_dispatch clgo_dispatch = {
	.clGetPlatformIDs = clGetPlatformIDs,
	.clGetPlatformInfo = clGetPlatformInfo,
	.clGetDeviceIDs = clGetDeviceIDs,
	.clGetDeviceInfo = clGetDeviceInfo,
	.clCreateContext = clCreateContext,
	.clCreateContextFromType = clCreateContextFromType,
	.clRetainContext = clRetainContext,
	.clReleaseContext = clReleaseContext,
	.clGetContextInfo = clGetContextInfo,
	.clCreateCommandQueue = clCreateCommandQueue,
	.clRetainCommandQueue = clRetainCommandQueue,
	.clReleaseCommandQueue = clReleaseCommandQueue,
	.clGetCommandQueueInfo = clGetCommandQueueInfo,
	.clSetCommandQueueProperty = clSetCommandQueueProperty,
	.clCreateBuffer = clCreateBuffer,
	.clCreateImage2D = clCreateImage2D,
	.clCreateImage3D = clCreateImage3D,
	.clRetainMemObject = clRetainMemObject,
	.clReleaseMemObject = clReleaseMemObject,
	.clGetSupportedImageFormats = clGetSupportedImageFormats,
	.clGetMemObjectInfo = clGetMemObjectInfo,
	.clGetImageInfo = clGetImageInfo,
	.clCreateSampler = clCreateSampler,
	.clRetainSampler = clRetainSampler,
	.clReleaseSampler = clReleaseSampler,
	.clGetSamplerInfo = clGetSamplerInfo,
	.clCreateProgramWithSource = clCreateProgramWithSource,
	.clCreateProgramWithBinary = clCreateProgramWithBinary,
	.clRetainProgram = clRetainProgram,
	.clReleaseProgram = clReleaseProgram,
	.clBuildProgram = clBuildProgram,
	.clUnloadCompiler = clUnloadCompiler,
	.clGetProgramInfo = clGetProgramInfo,
	.clGetProgramBuildInfo = clGetProgramBuildInfo,
	.clCreateKernel = clCreateKernel,
	.clCreateKernelsInProgram = clCreateKernelsInProgram,
	.clRetainKernel = clRetainKernel,
	.clReleaseKernel = clReleaseKernel,
	.clSetKernelArg = clSetKernelArg,
	.clGetKernelInfo = clGetKernelInfo,
	.clGetKernelWorkGroupInfo = clGetKernelWorkGroupInfo,
	.clWaitForEvents = clWaitForEvents,
	.clGetEventInfo = clGetEventInfo,
	.clRetainEvent = clRetainEvent,
	.clReleaseEvent = clReleaseEvent,
	.clGetEventProfilingInfo = clGetEventProfilingInfo,
	.clFlush = clFlush,
	.clFinish = clFinish,
	.clEnqueueReadBuffer = clEnqueueReadBuffer,
	.clEnqueueWriteBuffer = clEnqueueWriteBuffer,
	.clEnqueueCopyBuffer = clEnqueueCopyBuffer,
	.clEnqueueReadImage = clEnqueueReadImage,
	.clEnqueueWriteImage = clEnqueueWriteImage,
	.clEnqueueCopyImage = clEnqueueCopyImage,
	.clEnqueueCopyImageToBuffer = clEnqueueCopyImageToBuffer,
	.clEnqueueCopyBufferToImage = clEnqueueCopyBufferToImage,
	.clEnqueueMapBuffer = clEnqueueMapBuffer,
	.clEnqueueMapImage = clEnqueueMapImage,
	.clEnqueueUnmapMemObject = clEnqueueUnmapMemObject,
	.clEnqueueNDRangeKernel = clEnqueueNDRangeKernel,
	.clEnqueueTask = clEnqueueTask,
	.clEnqueueNativeKernel = clEnqueueNativeKernel,
	.clEnqueueMarker = clEnqueueMarker,
	.clEnqueueWaitForEvents = clEnqueueWaitForEvents,
	.clEnqueueBarrier = clEnqueueBarrier,
	.clGetExtensionFunctionAddress = clGetExtensionFunctionAddress,
	.clCreateFromGLBuffer = gl_buffer,
	.clCreateFromGLTexture2D = gl_texture,
	.clCreateFromGLTexture3D = gl_texture,
	.clCreateFromGLRenderbuffer = gl_renderbuffer,
	.clGetGLObjectInfo = gl_object_info,
	.clGetGLTextureInfo = gl_texture_info,
	.clEnqueueAcquireGLObjects = gl_objects,
	.clEnqueueReleaseGLObjects = gl_objects,
	.clGetGLContextInfoKHR = gl_context_info,
	.clSetEventCallback = clSetEventCallback,
	.clCreateSubBuffer = clCreateSubBuffer,
	.clSetMemObjectDestructorCallback = clSetMemObjectDestructorCallback,
	.clCreateUserEvent = clCreateUserEvent,
	.clSetUserEventStatus = clSetUserEventStatus,
	.clEnqueueReadBufferRect = clEnqueueReadBufferRect,
	.clEnqueueWriteBufferRect = clEnqueueWriteBufferRect,
	.clEnqueueCopyBufferRect = clEnqueueCopyBufferRect,
	.clCreateSubDevicesEXT = fission_create,
	.clRetainDeviceEXT = fission_ref,
	.clReleaseDeviceEXT = fission_ref,
	.clCreateEventFromGLsyncKHR = gl_event,
	.clCreateSubDevices = clCreateSubDevices,
	.clRetainDevice = clRetainDevice,
	.clReleaseDevice = clReleaseDevice,
	.clCreateImage = clCreateImage,
	.clCreateProgramWithBuiltInKernels = clCreateProgramWithBuiltInKernels,
	.clCompileProgram = clCompileProgram,
	.clLinkProgram = clLinkProgram,
	.clUnloadPlatformCompiler = clUnloadPlatformCompiler,
	.clGetKernelArgInfo = clGetKernelArgInfo,
	.clEnqueueFillBuffer = clEnqueueFillBuffer,
	.clEnqueueFillImage = clEnqueueFillImage,
	.clEnqueueMigrateMemObjects = clEnqueueMigrateMemObjects,
	.clEnqueueMarkerWithWaitList = clEnqueueMarkerWithWaitList,
	.clEnqueueBarrierWithWaitList = clEnqueueBarrierWithWaitList,
	.clGetExtensionFunctionAddressForPlatform = clGetExtensionFunctionAddressForPlatform,
	.clCreateFromGLTexture = gl_texture,
	.clCreateFromEGLImageKHR = egl_image,
	.clEnqueueAcquireEGLObjectsKHR = egl_objects,
	.clEnqueueReleaseEGLObjectsKHR = egl_objects,
	.clCreateEventFromEGLSyncKHR = egl_event,
	.clCreateCommandQueueWithProperties = clCreateCommandQueueWithProperties,
	.clCreatePipe = clCreatePipe,
	.clGetPipeInfo = clGetPipeInfo,
	.clSVMAlloc = clSVMAlloc,
	.clSVMFree = clSVMFree,
	.clEnqueueSVMFree = clEnqueueSVMFree,
	.clEnqueueSVMMemcpy = clEnqueueSVMMemcpy,
	.clEnqueueSVMMemFill = clEnqueueSVMMemFill,
	.clEnqueueSVMMap = clEnqueueSVMMap,
	.clEnqueueSVMUnmap = clEnqueueSVMUnmap,
	.clCreateSamplerWithProperties = clCreateSamplerWithProperties,
	.clSetKernelArgSVMPointer = clSetKernelArgSVMPointer,
	.clSetKernelExecInfo = clSetKernelExecInfo,
	.clGetKernelSubGroupInfoKHR = clGetKernelSubGroupInfoKHR,
	.clCloneKernel = clCloneKernel,
	.clCreateProgramWithIL = clCreateProgramWithIL,
	.clEnqueueSVMMigrateMem = clEnqueueSVMMigrateMem,
	.clGetDeviceAndHostTimer = clGetDeviceAndHostTimer,
	.clGetHostTimer = clGetHostTimer,
	.clGetKernelSubGroupInfo = clGetKernelSubGroupInfo,
	.clSetDefaultDeviceCommandQueue = clSetDefaultDeviceCommandQueue,
	.clSetProgramReleaseCallback = clSetProgramReleaseCallback,
	.clSetProgramSpecializationConstant = clSetProgramSpecializationConstant,
	.clCreateBufferWithProperties = clCreateBufferWithProperties,
	.clCreateImageWithProperties = clCreateImageWithProperties,
	.clSetContextDestructorCallback = clSetContextDestructorCallback,
};

/* clGetExtensionFunctionAddress: the extension functions clgo has. */
void *clgo_ext_address(const char *name) {
	if (!name) return NULL;
	if (!strcmp(name, "clIcdGetPlatformIDsKHR")) return (void *)clIcdGetPlatformIDsKHR;
	/* clGetKernelSubGroupInfoKHR: no clgo device lists cl_khr_subgroups
	   (compiler.SubgroupExtensions); the table entry answers
	   CL_INVALID_OPERATION for the loader's callers (kernel.go). */
	if (!strcmp(name, "clGetKernelSubGroupInfoKHR")) return NULL;
	return NULL;
}
