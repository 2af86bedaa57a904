package main

/*
void clgo_register_at_exit(void);
*/
import "C"

import "github.com/clgo/clgo/driver/vulkan"

// The host program ends with libc's exit(), which runs the Vulkan
// driver's destructors while this library's goroutines still run; the
// Vulkan driver's background work (a pipeline-cache save) must stop
// before them (driver/vulkan's ExitHook).
func init() {
	vulkan.ExitHook = func() { C.clgo_register_at_exit() }
}

//export clgoQuiesce
func clgoQuiesce() { vulkan.Quiesce() }
