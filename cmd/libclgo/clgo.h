/* Shared by the Go files (through their cgo preambles) and dispatch.c. */
#ifndef CLGO_H
#define CLGO_H
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_2_0_APIS
#define CL_USE_DEPRECATED_OPENCL_2_1_APIS
#define CL_USE_DEPRECATED_OPENCL_2_2_APIS
#include <CL/cl_icd.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every handle: the dispatch table first, as the ICD loader requires. The
   Go side finds the object by the handle's address; it never reads it. */
#define CLGO_HANDLE { const cl_icd_dispatch *dispatch; uint64_t pad; }
struct _cl_platform_id CLGO_HANDLE;
struct _cl_device_id CLGO_HANDLE;
struct _cl_context CLGO_HANDLE;
struct _cl_command_queue CLGO_HANDLE;
struct _cl_mem CLGO_HANDLE;
struct _cl_program CLGO_HANDLE;
struct _cl_kernel CLGO_HANDLE;
struct _cl_event CLGO_HANDLE;
struct _cl_sampler CLGO_HANDLE;

extern const cl_icd_dispatch clgo_dispatch;
void *clgo_new_handle(void);
/* Set once the process has begun to exit (dispatch.c). */
extern volatile int clgo_exiting;
void *clgo_ext_address(const char *name);
/* clGetDeviceInfo's answers kept in C (devinfo.c); clgoGetDeviceInfo is
   the Go side, which computes them. */
void clgo_device_register(cl_device_id h);
void clgo_device_answer(cl_device_id h, cl_device_info param, const void *value, size_t size);
/* clFinish's and clWaitForEvents's waits in C (wait.c); the clgo* ones
   are their Go side. */
void clgo_wake(uint32_t *word);
int clgoFinishStart(cl_command_queue command_queue, uint32_t *word, cl_int *rc);
cl_int clgoFinish(cl_command_queue command_queue);
int clgoWaitStart(cl_uint num_events, const cl_event *event_list, uint32_t *word, cl_int *rc);
cl_int clgoWaitForEvents(cl_uint num_events, const cl_event *event_list);
cl_int clgoGetDeviceInfo(cl_device_id device, cl_device_info param_name, size_t param_value_size, void *param_value,
                         size_t *param_value_size_ret);

/* The const-qualified parameter types of the C API, named so that the
   prototypes cgo writes for the exported Go functions match cl.h's. */
typedef const cl_context_properties *clgo_ctx_props;
typedef const cl_device_id *clgo_devices;
typedef const char *clgo_str;
typedef const char **clgo_strs;
typedef const size_t *clgo_sizes;
typedef const unsigned char **clgo_binaries;
typedef const cl_event *clgo_events;
typedef const void *clgo_cvoid;
typedef const void **clgo_cvoids;
typedef const cl_queue_properties *clgo_queue_props;
typedef const cl_image_format *clgo_image_format;
typedef const cl_image_desc *clgo_image_desc;
typedef const cl_mem *clgo_mems;
typedef const cl_program *clgo_programs;
typedef const cl_mem_properties *clgo_mem_props;
typedef const cl_sampler_properties *clgo_sampler_props;
typedef const cl_pipe_properties *clgo_pipe_props;
typedef const cl_device_partition_property *clgo_partition_props;
typedef void **clgo_voids;

typedef void (CL_CALLBACK *clgo_ctx_notify)(const char *, const void *, size_t, void *);
typedef void (CL_CALLBACK *clgo_program_notify)(cl_program, void *);
typedef void (CL_CALLBACK *clgo_event_notify)(cl_event, cl_int, void *);
typedef void (CL_CALLBACK *clgo_mem_notify)(cl_mem, void *);
typedef void (CL_CALLBACK *clgo_context_notify)(cl_context, void *);
typedef void (CL_CALLBACK *clgo_native_fn)(void *);
typedef void (CL_CALLBACK *clgo_svm_free_fn)(cl_command_queue, cl_uint, void *[], void *);

/* Trampolines: Go calls the application's callbacks through these. */
static inline void clgo_call_ctx_notify(void *fn, const char *msg, void *ud) {
	((clgo_ctx_notify)fn)(msg, NULL, 0, ud);
}
static inline void clgo_call_program_notify(void *fn, cl_program p, void *ud) {
	((clgo_program_notify)fn)(p, ud);
}
static inline void clgo_call_event_notify(void *fn, cl_event e, cl_int s, void *ud) {
	((clgo_event_notify)fn)(e, s, ud);
}
static inline void clgo_call_mem_notify(void *fn, cl_mem m, void *ud) {
	((clgo_mem_notify)fn)(m, ud);
}
static inline void clgo_call_context_notify(void *fn, cl_context c, void *ud) {
	((clgo_context_notify)fn)(c, ud);
}
static inline void clgo_call_svm_free(void *fn, cl_command_queue q, cl_uint n, void **ptrs, void *ud) {
	((clgo_svm_free_fn)fn)(q, n, ptrs, ud);
}
#endif
