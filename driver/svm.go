package driver

// HostMemoryWrapper is implemented by devices that can use host memory in
// place as a Buffer: the runtime then offers fine-grained shared virtual
// memory on them (CL_DEVICE_SVM_FINE_GRAIN_BUFFER), the host's and the
// kernels' accesses reaching the same bytes. Such a device also takes a buffer
// argument at any byte offset (Arg.Offset): its kernels address host
// memory.
type HostMemoryWrapper interface {
	// WrapHostMemory returns a Buffer whose bytes are mem. The caller
	// keeps mem valid (and unmoved) until the Buffer is released and the
	// commands that use it have completed; len(mem) is a multiple of 4.
	WrapHostMemory(mem []byte) (Buffer, error)
}
