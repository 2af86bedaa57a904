// vkfloor measures what a Vulkan driver itself allows for one small
// dispatch: a command buffer recorded once (timestamp, empty compute
// shader, timestamp) submitted again and again, waited for in several
// ways. It is the floor under clgo's kernel launch latency (issue 15):
// clgo cannot launch faster than its Vulkan driver lets any program.
//
// Per wait variant it prints, over N submissions (after a warm-up):
//   submit   time spent inside vkQueueSubmit
//   rtrip    host time from before vkQueueSubmit to the wait's return
//   dispatch host time before vkQueueSubmit -> the device's first
//            timestamp, put on CLOCK_MONOTONIC with
//            VK_EXT_calibrated_timestamps (what clpeak calls kernel
//            launch latency: QUEUED -> START)
// as median and mean in microseconds.
//
// Variants, to find what makes a submission dearer (environment):
// VKF_QUERIES=n (a pool of n timestamps, all reset in the command
// buffer, as clgo's batches do; default 2), VKF_ROBUST=1
// (robustBufferAccess on), VKF_BDA=1 (bufferDeviceAddress on),
// VKF_ALLOCS=n (n more device memory allocations of 1 MiB).
//
// Build: gcc -O2 -I<vulkan headers> vkfloor.c -o vkfloor -ldl
// Run:   ./vkfloor [N [device index [queue family]]]
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "empty_spv.h"

static PFN_vkGetInstanceProcAddr gipa;
static VkInstance inst;
static VkDevice dev;
#define IFN(n) PFN_##n n = (PFN_##n)gipa(inst, #n)
#define DFN(n) n = (PFN_##n)vkGetDeviceProcAddr(dev, #n)

static PFN_vkGetDeviceProcAddr vkGetDeviceProcAddr;
static PFN_vkQueueSubmit vkQueueSubmit;
static PFN_vkWaitForFences vkWaitForFences;
static PFN_vkResetFences vkResetFences;
static PFN_vkGetFenceStatus vkGetFenceStatus;
static PFN_vkQueueWaitIdle vkQueueWaitIdle;
static PFN_vkWaitSemaphores vkWaitSemaphores;
static PFN_vkGetSemaphoreCounterValue vkGetSemaphoreCounterValue;
static PFN_vkGetQueryPoolResults vkGetQueryPoolResults;
static PFN_vkGetCalibratedTimestampsEXT vkGetCalibratedTimestampsEXT;

static void die(const char *what, VkResult r) {
	fprintf(stderr, "vkfloor: %s failed: %d\n", what, r);
	exit(1);
}
#define CK(x) do { VkResult r_ = (x); if (r_ != VK_SUCCESS) die(#x, r_); } while (0)

static unsigned long long now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000000000ull + t.tv_nsec;
}

static int cmpd(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void report(const char *name, const char *what, double *v, int n) {
	double s = 0;
	for (int i = 0; i < n; i++) s += v[i];
	qsort(v, n, sizeof *v, cmpd);
	printf("%-22s %-8s median %8.2f us  mean %8.2f us  p10 %8.2f  p90 %8.2f\n", name, what, v[n / 2] / 1e3, s / n / 1e3,
	       v[n / 10] / 1e3, v[n * 9 / 10] / 1e3);
}

static VkQueue queue;
static VkCommandBuffer cb;
static VkFence fence;
static VkSemaphore timeline;
static uint64_t tlValue;
static VkQueryPool qpool;
static double period;
static int calibrated;
static unsigned long long calDev, calHost;

static void calibrate(void) {
	if (!vkGetCalibratedTimestampsEXT) return;
	VkCalibratedTimestampInfoEXT ci[2] = {
		{VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, NULL, VK_TIME_DOMAIN_DEVICE_EXT},
		{VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, NULL, VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT},
	};
	uint64_t ts[2], dev_[1], best = ~0ull;
	for (int i = 0; i < 8; i++) {
		uint64_t dv;
		if (vkGetCalibratedTimestampsEXT(dev, 2, ci, ts, &dv) != VK_SUCCESS) return;
		if (dv < best) { best = dv; calDev = ts[0]; calHost = ts[1]; }
	}
	(void)dev_;
	calibrated = 1;
}

enum { WAIT_FENCE, SPIN_FENCE, WAIT_TIMELINE, SPIN_TIMELINE, QUEUE_IDLE, NVARIANT };
static const char *names[] = {"vkWaitForFences", "spin vkGetFenceStatus", "vkWaitSemaphores", "spin timeline value", "vkQueueWaitIdle"};

static void run(int variant, int n, double *sub, double *rt, double *disp) {
	for (int i = -n / 10; i < n; i++) {
		if (i % 1000 == 0) calibrate();
		VkTimelineSemaphoreSubmitInfo tsi = {VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
		VkSubmitInfo si = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
		si.commandBufferCount = 1;
		si.pCommandBuffers = &cb;
		VkFence f = VK_NULL_HANDLE;
		uint64_t want = 0;
		if (variant == WAIT_TIMELINE || variant == SPIN_TIMELINE) {
			want = ++tlValue;
			tsi.signalSemaphoreValueCount = 1;
			tsi.pSignalSemaphoreValues = &want;
			si.pNext = &tsi;
			si.signalSemaphoreCount = 1;
			si.pSignalSemaphores = &timeline;
		} else if (variant != QUEUE_IDLE) {
			f = fence;
		}
		unsigned long long t0 = now_ns();
		CK(vkQueueSubmit(queue, 1, &si, f));
		unsigned long long t1 = now_ns();
		switch (variant) {
		case WAIT_FENCE:
			CK(vkWaitForFences(dev, 1, &fence, VK_TRUE, ~0ull));
			break;
		case SPIN_FENCE:
			while (vkGetFenceStatus(dev, fence) != VK_SUCCESS) {}
			break;
		case WAIT_TIMELINE: {
			VkSemaphoreWaitInfo wi = {VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
			wi.semaphoreCount = 1;
			wi.pSemaphores = &timeline;
			wi.pValues = &want;
			CK(vkWaitSemaphores(dev, &wi, ~0ull));
			break;
		}
		case SPIN_TIMELINE: {
			uint64_t v = 0;
			while (v < want) CK(vkGetSemaphoreCounterValue(dev, timeline, &v));
			break;
		}
		case QUEUE_IDLE:
			CK(vkQueueWaitIdle(queue));
			break;
		}
		unsigned long long t2 = now_ns();
		if (f) CK(vkResetFences(dev, 1, &fence));
		uint64_t ts[2];
		CK(vkGetQueryPoolResults(dev, qpool, 0, 2, sizeof ts, ts, 8, VK_QUERY_RESULT_64_BIT));
		if (i < 0) continue;
		sub[i] = t1 - t0;
		rt[i] = t2 - t0;
		disp[i] = calibrated ? (double)(long long)(calHost + (unsigned long long)((double)(long long)(ts[0] - calDev) * period)) - (double)t0 : 0;
	}
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 20000;
	int want = argc > 2 ? atoi(argv[2]) : -1;
	void *lib = dlopen("libvulkan.so.1", RTLD_NOW);
	if (!lib) { fprintf(stderr, "vkfloor: %s\n", dlerror()); return 1; }
	gipa = (PFN_vkGetInstanceProcAddr)dlsym(lib, "vkGetInstanceProcAddr");
	IFN(vkCreateInstance);
	VkApplicationInfo ai = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
	ai.apiVersion = VK_API_VERSION_1_2;
	VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
	ici.pApplicationInfo = &ai;
	CK(vkCreateInstance(&ici, NULL, &inst));
	IFN(vkEnumeratePhysicalDevices);
	IFN(vkGetPhysicalDeviceProperties);
	IFN(vkGetPhysicalDeviceQueueFamilyProperties);
	IFN(vkEnumerateDeviceExtensionProperties);
	IFN(vkCreateDevice);
	vkGetDeviceProcAddr = (PFN_vkGetDeviceProcAddr)gipa(inst, "vkGetDeviceProcAddr");
	uint32_t np = 16;
	VkPhysicalDevice pds[16];
	CK(vkEnumeratePhysicalDevices(inst, &np, pds));
	int pick = -1;
	for (uint32_t i = 0; i < np; i++) {
		VkPhysicalDeviceProperties p;
		vkGetPhysicalDeviceProperties(pds[i], &p);
		printf("device %u: %s (type %d, driver version 0x%x)\n", i, p.deviceName, p.deviceType, p.driverVersion);
		if (want >= 0 ? (int)i == want : (pick < 0 && p.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU)) pick = i;
	}
	if (pick < 0) pick = 0;
	VkPhysicalDevice pd = pds[pick];
	VkPhysicalDeviceProperties props;
	vkGetPhysicalDeviceProperties(pd, &props);
	period = props.limits.timestampPeriod;
	printf("using %d: %s, timestampPeriod %.3f ns\n", pick, props.deviceName, period);
	uint32_t nq = 16;
	VkQueueFamilyProperties qf[16];
	vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, qf);
	uint32_t fam = 0;
	for (uint32_t i = 0; i < nq; i++) {
		printf("queue family %u: flags %#x, %u queues\n", i, qf[i].queueFlags, qf[i].queueCount);
	}
	for (uint32_t i = 0; i < nq; i++)
		if (qf[i].queueFlags & VK_QUEUE_COMPUTE_BIT) { fam = i; break; }
	if (argc > 3) fam = atoi(argv[3]);
	if (fam >= nq || !(qf[fam].queueFlags & VK_QUEUE_COMPUTE_BIT)) { printf("queue family %u has no compute\n", fam); return 0; }
	printf("using queue family %u\n", fam);
	uint32_t ne = 0;
	vkEnumerateDeviceExtensionProperties(pd, NULL, &ne, NULL);
	VkExtensionProperties *ep = calloc(ne, sizeof *ep);
	vkEnumerateDeviceExtensionProperties(pd, NULL, &ne, ep);
	const char *cal = NULL;
	for (uint32_t i = 0; i < ne; i++) {
		if (!strcmp(ep[i].extensionName, "VK_EXT_calibrated_timestamps")) cal = "VK_EXT_calibrated_timestamps";
	}
	float prio = 1;
	VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
	qci.queueFamilyIndex = fam;
	qci.queueCount = 1;
	qci.pQueuePriorities = &prio;
	VkPhysicalDeviceVulkan12Features f12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
	f12.timelineSemaphore = VK_TRUE;
	f12.bufferDeviceAddress = getenv("VKF_BDA") != NULL;
	VkPhysicalDeviceFeatures feats = {0};
	feats.robustBufferAccess = getenv("VKF_ROBUST") != NULL;
	VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
	dci.pNext = &f12;
	dci.pEnabledFeatures = &feats;
	dci.queueCreateInfoCount = 1;
	dci.pQueueCreateInfos = &qci;
	dci.enabledExtensionCount = cal ? 1 : 0;
	dci.ppEnabledExtensionNames = &cal;
	CK(vkCreateDevice(pd, &dci, NULL, &dev));
	PFN_vkGetDeviceQueue vkGetDeviceQueue;
	PFN_vkCreateShaderModule vkCreateShaderModule;
	PFN_vkCreatePipelineLayout vkCreatePipelineLayout;
	PFN_vkCreateComputePipelines vkCreateComputePipelines;
	PFN_vkCreateCommandPool vkCreateCommandPool;
	PFN_vkAllocateCommandBuffers vkAllocateCommandBuffers;
	PFN_vkBeginCommandBuffer vkBeginCommandBuffer;
	PFN_vkEndCommandBuffer vkEndCommandBuffer;
	PFN_vkCmdBindPipeline vkCmdBindPipeline;
	PFN_vkCmdDispatch vkCmdDispatch;
	PFN_vkCmdWriteTimestamp vkCmdWriteTimestamp;
	PFN_vkCmdResetQueryPool vkCmdResetQueryPool;
	PFN_vkCreateFence vkCreateFence;
	PFN_vkCreateSemaphore vkCreateSemaphore;
	PFN_vkCreateQueryPool vkCreateQueryPool;
	DFN(vkGetDeviceQueue); DFN(vkCreateShaderModule); DFN(vkCreatePipelineLayout); DFN(vkCreateComputePipelines);
	DFN(vkCreateCommandPool); DFN(vkAllocateCommandBuffers); DFN(vkBeginCommandBuffer); DFN(vkEndCommandBuffer);
	DFN(vkCmdBindPipeline); DFN(vkCmdDispatch); DFN(vkCmdWriteTimestamp); DFN(vkCmdResetQueryPool);
	DFN(vkCreateFence); DFN(vkCreateSemaphore); DFN(vkCreateQueryPool);
	DFN(vkQueueSubmit); DFN(vkWaitForFences); DFN(vkResetFences); DFN(vkGetFenceStatus); DFN(vkQueueWaitIdle);
	DFN(vkWaitSemaphores); DFN(vkGetSemaphoreCounterValue); DFN(vkGetQueryPoolResults);
	if (cal) DFN(vkGetCalibratedTimestampsEXT);
	vkGetDeviceQueue(dev, fam, 0, &queue);

	VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
	smci.codeSize = sizeof empty_spv;
	smci.pCode = (const uint32_t *)empty_spv;
	VkShaderModule sm;
	CK(vkCreateShaderModule(dev, &smci, NULL, &sm));
	VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
	VkPipelineLayout pl;
	CK(vkCreatePipelineLayout(dev, &plci, NULL, &pl));
	VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
	cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
	cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
	cpci.stage.module = sm;
	cpci.stage.pName = "main";
	cpci.layout = pl;
	VkPipeline pipe;
	CK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe));

	uint32_t nqueries = getenv("VKF_QUERIES") ? atoi(getenv("VKF_QUERIES")) : 2;
	if (nqueries < 2) nqueries = 2;
	VkQueryPoolCreateInfo qpci = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
	qpci.queryType = VK_QUERY_TYPE_TIMESTAMP;
	qpci.queryCount = nqueries;
	if (getenv("VKF_ALLOCS")) {
		PFN_vkAllocateMemory vkAllocateMemory;
		DFN(vkAllocateMemory);
		int na = atoi(getenv("VKF_ALLOCS"));
		for (int i = 0; i < na; i++) {
			VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
			mai.allocationSize = 1 << 20;
			mai.memoryTypeIndex = 0;
			VkDeviceMemory mem;
			CK(vkAllocateMemory(dev, &mai, NULL, &mem));
		}
	}
	printf("variant: queries %u robust %d bda %d allocs %s\n", nqueries, feats.robustBufferAccess, f12.bufferDeviceAddress,
	       getenv("VKF_ALLOCS") ? getenv("VKF_ALLOCS") : "0");
	CK(vkCreateQueryPool(dev, &qpci, NULL, &qpool));
	VkCommandPoolCreateInfo cpi = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
	cpi.queueFamilyIndex = fam;
	VkCommandPool cpool;
	CK(vkCreateCommandPool(dev, &cpi, NULL, &cpool));
	VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
	cbai.commandPool = cpool;
	cbai.commandBufferCount = 1;
	CK(vkAllocateCommandBuffers(dev, &cbai, &cb));
	VkCommandBufferBeginInfo bi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
	CK(vkBeginCommandBuffer(cb, &bi));
	vkCmdResetQueryPool(cb, qpool, 0, nqueries);
	vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, qpool, 0);
	vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
	vkCmdDispatch(cb, 1, 1, 1);
	vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, qpool, 1);
	CK(vkEndCommandBuffer(cb));

	VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
	CK(vkCreateFence(dev, &fci, NULL, &fence));
	VkSemaphoreTypeCreateInfo stci = {VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
	stci.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
	VkSemaphoreCreateInfo sci = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
	sci.pNext = &stci;
	CK(vkCreateSemaphore(dev, &sci, NULL, &timeline));

	printf("calibrated timestamps: %s; %d submissions per variant\n", cal ? "yes" : "no", n);
	double *sub = malloc(n * sizeof *sub), *rt = malloc(n * sizeof *rt), *disp = malloc(n * sizeof *disp);
	for (int v = 0; v < NVARIANT; v++) {
		run(v, n, sub, rt, disp);
		report(names[v], "submit", sub, n);
		report(names[v], "rtrip", rt, n);
		if (calibrated) report(names[v], "dispatch", disp, n);
	}
	return 0;
}
