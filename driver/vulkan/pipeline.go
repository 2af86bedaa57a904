package vulkan

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
	"unsafe"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/kernelabi"
	"github.com/clgo/clgo/internal/config"
)

// pipeline returns the kernel's pipeline for the specialization constants
// spec in shader module module, creating it on first use. key is spec's
// encoding (and the module's formats, formatspec.go).
func (k *kernel) pipeline(spec []kernelabi.SpecConstant, key []byte, module uint64) (uint64, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if p, ok := k.pipes[string(key)]; ok {
		return p, nil
	}
	l := k.p.l
	entries := make([]vkSpecializationMapEntry, len(spec))
	data := make([]uint32, len(spec)+1)
	for i, s := range spec {
		entries[i] = vkSpecializationMapEntry{constantID: s.ID, offset: uint32(4 * i), size: 4}
		data[i] = s.Value
	}
	si := &vkSpecializationInfo{mapEntryCount: uint32(len(spec)), dataSize: uintptr(4 * len(spec)), pData: unsafe.Pointer(&data[0])}
	if len(spec) > 0 {
		si.pMapEntries = &entries[0]
	}
	ci := &vkComputePipelineCreateInfo{
		sType: sTypeComputePipelineCreateInfo,
		// DISPATCH_BASE lets a region that exceeds the group count limits be
		// cut with vkCmdDispatchBase when the module has no region push
		// constants to cut it with.
		flags: pipelineCreateDispatchBase,
		stage: vkPipelineShaderStageCreateInfo{
			sType: sTypePipelineShaderStageCreateInfo, stage: shaderStageCompute, module: module,
			pName: cstr(k.refl.Name), pSpecializationInfo: si,
		},
		layout:            k.layout,
		basePipelineIndex: -1,
	}
	var pipe uint64
	start := time.Now()
	if err := check("vkCreateComputePipelines", call(l.vkCreateComputePipelines, l.handle, uintptr(l.pcache.handle), 1, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&pipe)))); err != nil {
		return 0, fmt.Errorf("vulkan: kernel %s: %w: %w", k.refl.Name, err, driver.ErrBuildProgramFailure)
	}
	l.pcache.changed(time.Since(start))
	k.pipes[string(key)] = pipe
	if ExitHook != nil {
		exitHookOnce.Do(ExitHook)
	}
	return pipe, nil
}

// ExitHook, when set, is called once, after the process's first pipeline
// is created. The ICD sets it: its host program ends in libc's exit(),
// which runs the Vulkan driver's destructors while Go goroutines still
// run, so a pipeline-cache save then calls into a driver that is gone
// (SIGSEGV at exit on NVIDIA's). The hook registers Quiesce with
// atexit(3); registered after the driver's libraries were loaded and
// used, it runs before their destructors. Go programs need none: their
// exit is a system call that runs no destructors.
var ExitHook func()

var exitHookOnce sync.Once

// caches lists the open pipeline caches, for Quiesce.
var caches struct {
	mu  sync.Mutex
	all []*pipelineCache
}

// Quiesce saves every pipeline cache with a save pending and stops all
// later saves, so that no goroutine calls into the driver for them
// again. A save already running finishes first.
func Quiesce() {
	caches.mu.Lock()
	all := caches.all
	caches.mu.Unlock()
	for _, pc := range all {
		pc.mu.Lock()
		if pc.timer != nil { // pending, or fired and waiting for mu
			pc.timer.Stop()
			pc.write()
		}
		pc.timer = nil
		pc.closed = true
		pc.mu.Unlock()
	}
}

// pipelineCache is a VkPipelineCache saved under the user's cache
// directory, one file per device and driver version, so that pipelines
// compile once per machine rather than once per process.
type pipelineCache struct {
	l      *logical
	handle uint64
	path   string

	// mu is held across a save's driver calls, so that Quiesce waits
	// for a save under way; closed (set by Quiesce) stops all later ones.
	mu     sync.Mutex
	timer  *time.Timer
	closed bool
}

func openPipelineCache(l *logical) *pipelineCache {
	pc := &pipelineCache{l: l}
	if dir, err := os.UserCacheDir(); err == nil && config.Get(config.NoPipelineCache) == "" {
		var v [4]byte
		binary.LittleEndian.PutUint32(v[:], l.phys.props.driverVersion)
		// Robustness changes the code a pipeline compiles to; keep the
		// modes apart rather than trust every driver to key on it.
		name := fmt.Sprintf("vk-%s-%s-%s-r%d.bin", hex.EncodeToString(l.phys.props.pipelineCacheUUID[:]),
			hex.EncodeToString(l.phys.id.deviceUUID[:8]), hex.EncodeToString(v[:]), l.robust)
		pc.path = filepath.Join(dir, "clgo", name)
	}
	ci := &vkPipelineCacheCreateInfo{sType: sTypePipelineCacheCreateInfo}
	if pc.path != "" {
		// The driver checks the header (vendor, device, cache UUID) and
		// ignores data that is not its own.
		if data, err := os.ReadFile(pc.path); err == nil && len(data) > 32 {
			ci.initialDataSize, ci.pInitialData = uintptr(len(data)), unsafe.Pointer(&data[0])
		}
	}
	if check("vkCreatePipelineCache", call(l.vkCreatePipelineCache, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&pc.handle)))) != nil {
		ci.initialDataSize, ci.pInitialData = 0, nil
		if check("vkCreatePipelineCache", call(l.vkCreatePipelineCache, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&pc.handle)))) != nil {
			pc.handle = 0 // pipelines are made without a cache
		}
	}
	if pc.handle != 0 && pc.path != "" {
		caches.mu.Lock()
		caches.all = append(caches.all, pc)
		caches.mu.Unlock()
	}
	return pc
}

// changed schedules a save shortly after pipelines were created, so that
// a burst of creations writes the file once.
func (pc *pipelineCache) changed(took time.Duration) {
	if pc.handle == 0 || pc.path == "" {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.timer == nil && !pc.closed {
		pc.timer = time.AfterFunc(500*time.Millisecond, pc.save)
	}
}

// save is the timer's: it writes the cache unless Quiesce came first.
func (pc *pipelineCache) save() {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.closed {
		return
	}
	pc.timer = nil
	pc.write()
}

// write writes the cache's data to its file (atomically, by rename).
// pc.mu is held.
func (pc *pipelineCache) write() {
	l := pc.l
	var n uintptr
	if check("vkGetPipelineCacheData", call(l.vkGetPipelineCacheData, l.handle, uintptr(pc.handle), uintptr(unsafe.Pointer(&n)), 0)) != nil || n == 0 {
		return
	}
	data := make([]byte, n)
	if check("vkGetPipelineCacheData", call(l.vkGetPipelineCacheData, l.handle, uintptr(pc.handle), uintptr(unsafe.Pointer(&n)), uintptr(unsafe.Pointer(&data[0])))) != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(pc.path), 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(pc.path), ".vk-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(data[:n])
	if cerr := tmp.Close(); err == nil && cerr == nil {
		os.Rename(tmp.Name(), pc.path)
	} else {
		os.Remove(tmp.Name())
	}
}
