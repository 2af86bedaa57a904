//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"sync"
	"unsafe"
)

// Released handles stay readable. The ICD loader reads a handle's first
// word (the dispatch table) before clgo sees the call, so a handle the
// application released and then uses again must still point at
// clgo_dispatch, or the loader jumps through freed memory. A destroyed
// object's handle therefore becomes a tombstone: it leaves the table (every
// entry point answers CL_INVALID_<OBJECT> for it, as for any unknown
// pointer), and its memory is never given back to malloc.
//
// So that an application that makes millions of events does not grow
// without bound, a tombstone is reused for a new object once
// handleQuarantine later handles have been released: until then a stale
// handle cannot name a newer object. Using a released handle is undefined
// behaviour in OpenCL; this makes it an error code within that window and
// never a crash.
const handleQuarantine = 1 << 16

var (
	graveMu  sync.Mutex
	graves   []unsafe.Pointer // quarantined tombstones, oldest first
	graveOld int              // index of the oldest in graves
	reusable []unsafe.Pointer // tombstones past their quarantine
)

// newHandle returns a handle whose first word is &clgo_dispatch: a
// reusable tombstone or fresh memory.
func newHandle() unsafe.Pointer {
	graveMu.Lock()
	if n := len(reusable); n > 0 {
		h := reusable[n-1]
		reusable = reusable[:n-1]
		graveMu.Unlock()
		return h
	}
	graveMu.Unlock()
	return C.clgo_new_handle()
}

// bury makes h a tombstone. It must already be out of the table.
func bury(h unsafe.Pointer) {
	graveMu.Lock()
	defer graveMu.Unlock()
	if len(graves) < handleQuarantine {
		graves = append(graves, h)
		return
	}
	// The ring is full: its oldest tombstone may be reused.
	reusable = append(reusable, graves[graveOld])
	graves[graveOld] = h
	graveOld = (graveOld + 1) % handleQuarantine
}
