//go:build cgo

/* clFinish and clWaitForEvents wait in C. Every entry point runs on the application's
   thread, to which cgo locks the goroutine, and a locked goroutine that
   parks costs thread hand-offs an unlocked one does not pay (docs/icd.md).
   So clFinish asks the Go side for the queue's pending work
   (clgoFinishStart), sleeps on a futex that a goroutine wakes when the
   work has ended, and then lets the Go side finish (clgoFinish), which
   no longer blocks. */
#include "clgo.h"
#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#else
#include <sched.h>
#endif

void clgo_wake(uint32_t *word) {
	__atomic_store_n(word, 1, __ATOMIC_RELEASE);
#ifdef __linux__
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
#endif
}

/* sleep_until waits for *word to become 1: on a futex on Linux, elsewhere
   by yielding the processor between looks. */
static void sleep_until(uint32_t *word) {
	while (!__atomic_load_n(word, __ATOMIC_ACQUIRE)) {
#ifdef __linux__
		syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
#else
		sched_yield();
#endif
	}
}

/* One call into Go when there is nothing to wait for in C. */
cl_int CL_API_CALL clFinish(cl_command_queue command_queue) {
	uint32_t word = 0;
	cl_int rc = CL_SUCCESS;
	if (!clgoFinishStart(command_queue, &word, &rc)) return rc;
	sleep_until(&word);
	return clgoFinish(command_queue);
}

cl_int CL_API_CALL clWaitForEvents(cl_uint num_events, const cl_event *event_list) {
	uint32_t word = 0;
	cl_int rc = CL_SUCCESS;
	if (!clgoWaitStart(num_events, event_list, &word, &rc)) return rc;
	sleep_until(&word);
	return clgoWaitForEvents(num_events, event_list);
}
