// Package cl is the Go API of clgo: the OpenCL object model (platforms,
// devices, contexts, command queues, buffers, images, samplers, programs,
// kernels, events) over the devices of package driver.
//
// # Getting started
//
// Default gives a context and an in-order queue on the best device (a
// Vulkan GPU, else the host CPU, which is always there); DefaultFor picks
// a driver ("host", "vulkan") or a device by name. A program is built
// from OpenCL C source, a kernel's arguments are set, and Queue.Run runs
// it over an NDRange:
//
//	clctx, q, err := cl.Default()
//	prog, err := clctx.CreateProgramWithSource(src)
//	err = prog.Build("")
//	add, err := prog.CreateKernel("add")
//	a, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, []float32{1, 2, 3})
//	...
//	err = add.SetArgs(a, b, c)
//	_, err = q.Run(ctx, add, cl.NDRange{Global: []uint64{3}})
//	sum, err := cl.ReadAll[float32](ctx, q, c)
//
// The examples show vector addition, a tiled matrix multiplication in
// __local memory, an image filter, cancellation and errors.
//
// # Two contexts
//
// An OpenCL context (Context: devices and the memory and programs they
// share) is not a Go context.Context (a deadline and cancellation for one
// call). The type keeps its OpenCL name, as in the specification and the C
// API; in this package's documentation and examples a variable named ctx
// is always a context.Context, and an OpenCL context is clctx. Methods
// that wait or run take a context.Context first, as Go's do.
//
// # Units
//
// The Enqueue* methods are the C API's: their offsets and sizes count
// bytes (buffers) or pixels (images), as the specification says. The
// generic helpers count elements of their type parameter: CreateBufferFrom,
// ReadElems, WriteElems and ReadAll take and give []T, and their first
// argument is an element index. Local(n) sizes a __local argument in
// bytes.
//
// # Errors
//
// Methods return (T, error); every error carries the OpenCL error code the
// specification names for the failure, so errors.Is(err, cl.ErrInvalidValue)
// works and Code(err) gives the number. A failed build's error ends with
// the build log. A kernel's execution error is reported by its event
// (Event.Wait) and by the next Queue.Finish.
//
// # Cancellation
//
// The context.Context given to Queue.Run bounds the kernel: when it is
// cancelled or its deadline passes, the kernel's event fails at once with
// an error wrapping ErrCanceled and the context's error. The host device
// stops the kernel; a Vulkan device cannot interrupt a dispatch, so the
// kernel is abandoned (it may still run; later commands run after it).
// Other waits (Event.Wait, Queue.Finish, ReadAll) end when their context
// ends, and the command goes on.
//
// Objects have Release methods, as in OpenCL; a finalizer releases what the
// program forgets.
package cl
