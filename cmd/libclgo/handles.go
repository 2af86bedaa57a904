//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	gocontext "context"
	"encoding/binary"
	"math"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

// An object is the ICD side of an OpenCL object: its C handle (memory the
// application may keep, whose first word is the dispatch table) and the
// reference counts. The Go object is found from the handle's address in
// the table, so a stale or foreign pointer is never dereferenced.
//
// OpenCL makes objects keep their parents alive (a queue its context, a
// kernel its program, an event its queue): deps counts those references and
// pending callbacks that will receive the handle. The object is destroyed
// when the application's references and deps are both gone.
type object struct {
	h       unsafe.Pointer
	refs    int32
	deps    int32
	static  bool // platforms and root devices live forever
	parents []*object
	self    handle
}

type handle interface {
	base() *object
	// destroy releases the Go object once nothing refers to it; it may
	// return a function to run afterwards on a goroutine (the destructor
	// callbacks), before the C handle is freed.
	destroy() func()
}

func (o *object) base() *object { return o }

var (
	tableMu sync.RWMutex
	table   = map[unsafe.Pointer]handle{}
)

// register gives x a C handle. parents are kept alive until x is destroyed.
func register(x handle, parents ...handle) unsafe.Pointer {
	o := x.base()
	o.h = newHandle()
	if o.h == nil {
		return nil
	}
	o.refs, o.self = 1, x
	tableMu.Lock()
	for _, p := range parents {
		if p != nil {
			p.base().deps++
			o.parents = append(o.parents, p.base())
		}
	}
	table[o.h] = x
	tableMu.Unlock()
	return o.h
}

// lookup finds the object of type T behind a handle.
func lookup[T handle](p unsafe.Pointer) (T, bool) {
	var zero T
	if p == nil {
		return zero, false
	}
	tableMu.RLock()
	x, ok := table[p]
	tableMu.RUnlock()
	if !ok {
		return zero, false
	}
	t, ok := x.(T)
	return t, ok
}

// retain adds an application reference; false for a dead object. An
// object whose application references are gone but that a child still
// holds (a kernel's program, a buffer's context) is alive: clGet*Info hands
// out its handle (CL_KERNEL_PROGRAM, CL_MEM_CONTEXT), and wrappers retain
// what they are given before using it.
func retain(o *object) bool {
	tableMu.Lock()
	defer tableMu.Unlock()
	if _, alive := table[o.h]; !alive || (o.refs <= 0 && o.deps <= 0) {
		return false
	}
	if !o.static {
		o.refs++
	}
	return true
}

// release drops an application reference; false when there was none.
func release(o *object) bool {
	tableMu.Lock()
	if o.refs <= 0 {
		tableMu.Unlock()
		return false
	}
	if o.static {
		tableMu.Unlock()
		return true
	}
	o.refs--
	dead := collect(o, nil)
	tableMu.Unlock()
	finish(dead)
	return true
}

// hold and unhold add and drop a dependent reference (a pending callback).
func hold(o *object) {
	tableMu.Lock()
	o.deps++
	tableMu.Unlock()
}

func unhold(o *object) {
	tableMu.Lock()
	o.deps--
	dead := collect(o, nil)
	tableMu.Unlock()
	finish(dead)
}

// collect appends o, and the parents it was the last to hold, to dead when
// nothing refers to o any more. tableMu is held.
func collect(o *object, dead []*object) []*object {
	if o.static || o.refs > 0 || o.deps > 0 {
		return dead
	}
	if _, ok := table[o.h]; !ok {
		return dead
	}
	delete(table, o.h)
	dead = append(dead, o)
	for _, p := range o.parents {
		p.deps--
		dead = collect(p, dead)
	}
	return dead
}

// finish destroys collected objects, children first. Once the process
// is exiting it leaves them: a release then comes from another library's
// static destructor (CLBlast's program cache), the device's driver may be
// unloaded already (NVIDIA's was: vkDestroyShaderModule jumped into
// unmapped memory), and the process is about to free everything anyway.
func finish(dead []*object) {
	if C.clgo_exiting != 0 {
		return
	}
	for _, o := range dead {
		after := o.self.destroy()
		h := o.h
		if after == nil {
			bury(h)
			continue
		}
		go func() {
			after()
			bury(h)
		}()
	}
}

// refCount is the application's count, as CL_*_REFERENCE_COUNT.
func refCount(o *object) uint32 {
	tableMu.RLock()
	defer tableMu.RUnlock()
	return uint32(max(o.refs, 0))
}

// callerCtx is the context.Context of the waits an entry point makes
// (clFinish, clWaitForEvents, blocking enqueues). Every entry point runs
// on the application's thread, to which cgo locks the goroutine, where
// parking costs two thread switches; but polling a GPU command's
// completion from that thread first (tried in session 14) made the round
// trip worse on an NVIDIA H100: enqueue + clFinish through the ICD took
// 68-73 µs with it against 27-39 without and 24-28 before the change
// (scripts/gpubench/cllat, 20000 launches, one device call, 2026-11-26).
// So the ICD's waits do not poll.
var callerCtx = gocontext.Background()

// callback is an application function pointer and its user_data.
type callback struct{ fn, data unsafe.Pointer }

// Error codes.
const (
	success = C.CL_SUCCESS
)

func code(err error) C.cl_int {
	if err == nil {
		return success
	}
	return C.cl_int(cl.Code(err))
}

func setErr(errcode_ret *C.cl_int, c C.cl_int) {
	if errcode_ret != nil {
		*errcode_ret = c
	}
}

// putInfo answers a clGet*Info query with value: param_value_size_ret gets
// its size; param_value, when not NULL, gets its bytes if they fit.
func putInfo(value []byte, size C.size_t, dst unsafe.Pointer, sizeRet *C.size_t) C.cl_int {
	if sizeRet != nil {
		*sizeRet = C.size_t(len(value))
	}
	if dst != nil {
		if uint64(size) < uint64(len(value)) {
			return C.CL_INVALID_VALUE
		}
		copy(unsafe.Slice((*byte)(dst), len(value)), value)
	}
	return success
}

// Encoders of info values (little-endian, LP64: size_t and pointers are 8
// bytes). The scalar ones make a slice of constant size, which stays on
// the stack of a query that hands it to putInfo: no allocation per query.
func u32(v uint32) []byte {
	b := make([]byte, 4)
	binary.LittleEndian.PutUint32(b, v)
	return b
}

func i32(v int32) []byte { return u32(uint32(v)) }

func u64(v uint64) []byte {
	b := make([]byte, 8)
	binary.LittleEndian.PutUint64(b, v)
	return b
}

func size(v uint64) []byte        { return u64(v) }
func str(s string) []byte         { return append([]byte(s), 0) }
func ptr(p unsafe.Pointer) []byte { return u64(uint64(uintptr(p))) }

func boolean(b bool) []byte {
	if b {
		return u32(C.CL_TRUE)
	}
	return u32(C.CL_FALSE)
}

func sizes(vs ...uint64) []byte {
	var out []byte
	for _, v := range vs {
		out = binary.LittleEndian.AppendUint64(out, v)
	}
	return out
}

func ptrs(ps ...unsafe.Pointer) []byte {
	var out []byte
	for _, p := range ps {
		out = binary.LittleEndian.AppendUint64(out, uint64(uintptr(p)))
	}
	return out
}

// sizeT clamps a uint64 to what a size_t argument may hold (64 bits here).
func sizeT(v uint64) uint64 { return min(v, math.MaxUint64) }

// cBytes views C memory as a byte slice. n must have been checked (by
// hostBytes, or against an object's size): unsafe.Slice panics on a length
// no memory can have.
func cBytes(p unsafe.Pointer, n uint64) []byte {
	if p == nil || n == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(p), n)
}

// maxHostBytes bounds the application memory one argument may span: no
// process has more than a 47-bit user address space on x86-64 (48 on
// arm64), and unsafe.Slice refuses lengths past 2^48.
const maxHostBytes = 1 << 47

// hostBytes views n bytes of the application's memory at p, or says no
// (CL_INVALID_VALUE at the caller) when p is NULL or p+n cannot be an
// address range: a size or offset from the caller that no memory has.
func hostBytes(p unsafe.Pointer, n uint64) ([]byte, bool) {
	if n == 0 {
		return nil, true
	}
	a := uint64(uintptr(p))
	if p == nil || n > maxHostBytes || a+n < a {
		return nil, false
	}
	return unsafe.Slice((*byte)(p), n), true
}

// inBounds reports whether [offset, offset+n) lies in an object of size
// bytes, without overflowing.
func inBounds(offset, n, size uint64) bool {
	return offset <= size && n <= size-offset
}

// goString copies a NUL-terminated C string (nil for NULL).
func goString(s *C.char) string {
	if s == nil {
		return ""
	}
	return C.GoString(s)
}
