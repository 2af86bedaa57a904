//go:build cgo

/* clGetDeviceInfo answered in C. A device's information never changes, and
   programs ask for it all the time (CLBlast about 30 times per routine
   call): each answer, once the Go side has computed it (platform.go,
   device.answer), is kept here, so that the same query again costs a list
   walk and a copy instead of a call into Go (a cgo callback is about
   0.1 µs; the answer from here about a tenth of that).

   The devices are the platform's root devices, registered once when the
   platform is made; a handle that is not one of them (a stale or foreign
   pointer) is never dereferenced here and goes to the Go side, which
   answers CL_INVALID_DEVICE. Answers are prepended to a device's list with
   a compare-and-swap and never removed: readers take no lock. */
#include "clgo.h"

#define CLGO_MAX_DEVICES 16

struct clgo_answer {
	struct clgo_answer *next;
	cl_device_info param;
	size_t size;
	unsigned char value[];
};

static struct {
	cl_device_id h;
	struct clgo_answer *head;
} devices[CLGO_MAX_DEVICES];
static int ndevices;

void clgo_device_register(cl_device_id h) {
	int n = __atomic_load_n(&ndevices, __ATOMIC_ACQUIRE);
	if (n == CLGO_MAX_DEVICES) return;
	devices[n].h = h;
	__atomic_store_n(&ndevices, n + 1, __ATOMIC_RELEASE);
}

static int device_index(cl_device_id h) {
	int n = __atomic_load_n(&ndevices, __ATOMIC_ACQUIRE);
	for (int i = 0; i < n; i++)
		if (devices[i].h == h) return i;
	return -1;
}

void clgo_device_answer(cl_device_id h, cl_device_info param, const void *value, size_t size) {
	int i = device_index(h);
	if (i < 0) return;
	struct clgo_answer *a = malloc(sizeof *a + size);
	if (!a) return;
	a->param = param;
	a->size = size;
	if (size) memcpy(a->value, value, size);
	a->next = __atomic_load_n(&devices[i].head, __ATOMIC_ACQUIRE);
	while (!__atomic_compare_exchange_n(&devices[i].head, &a->next, a, 0, __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
		;
}

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name, size_t param_value_size, void *param_value,
                                   size_t *param_value_size_ret) {
	int i = device_index(device);
	if (i >= 0) {
		for (struct clgo_answer *a = __atomic_load_n(&devices[i].head, __ATOMIC_ACQUIRE); a; a = a->next) {
			if (a->param != param_name) continue;
			/* As putInfo (handles.go). */
			if (param_value_size_ret) *param_value_size_ret = a->size;
			if (param_value) {
				if (param_value_size < a->size) return CL_INVALID_VALUE;
				memcpy(param_value, a->value, a->size);
			}
			return CL_SUCCESS;
		}
	}
	return clgoGetDeviceInfo(device, param_name, param_value_size, param_value, param_value_size_ret);
}
