// Package cl is the Go API of clgo: the OpenCL object model (platforms,
// devices, contexts, command queues, buffers, images, samplers, programs,
// kernels, events) over the devices of package driver.
//
// Methods return (T, error); every error carries the OpenCL error code the
// specification names for the failure, so errors.Is(err, cl.ErrInvalidValue)
// works and Code(err) gives the number. Objects have Release methods, as in
// OpenCL; a finalizer releases what the program forgets. Waiting takes a
// context.Context.
package cl
