package cl

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/clgo/clgo/driver"
)

// ErrorCode is an OpenCL error code (CL_INVALID_VALUE is -30). Errors
// returned by this package wrap one, so that
// errors.Is(err, cl.ErrInvalidValue) works and Code(err) gives the number
// the C API would return.
type ErrorCode int32

// The error codes of the OpenCL specification.
const (
	ErrDeviceNotFound                     ErrorCode = -1  // CL_DEVICE_NOT_FOUND
	ErrDeviceNotAvailable                 ErrorCode = -2  // CL_DEVICE_NOT_AVAILABLE
	ErrCompilerNotAvailable               ErrorCode = -3  // CL_COMPILER_NOT_AVAILABLE
	ErrMemObjectAllocationFailure         ErrorCode = -4  // CL_MEM_OBJECT_ALLOCATION_FAILURE
	ErrOutOfResources                     ErrorCode = -5  // CL_OUT_OF_RESOURCES
	ErrOutOfHostMemory                    ErrorCode = -6  // CL_OUT_OF_HOST_MEMORY
	ErrProfilingInfoNotAvailable          ErrorCode = -7  // CL_PROFILING_INFO_NOT_AVAILABLE
	ErrMemCopyOverlap                     ErrorCode = -8  // CL_MEM_COPY_OVERLAP
	ErrImageFormatMismatch                ErrorCode = -9  // CL_IMAGE_FORMAT_MISMATCH
	ErrImageFormatNotSupported            ErrorCode = -10 // CL_IMAGE_FORMAT_NOT_SUPPORTED
	ErrBuildProgramFailure                ErrorCode = -11 // CL_BUILD_PROGRAM_FAILURE
	ErrMapFailure                         ErrorCode = -12 // CL_MAP_FAILURE
	ErrMisalignedSubBufferOffset          ErrorCode = -13 // CL_MISALIGNED_SUB_BUFFER_OFFSET
	ErrExecStatusErrorForEventsInWaitList ErrorCode = -14 // CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
	ErrCompileProgramFailure              ErrorCode = -15 // CL_COMPILE_PROGRAM_FAILURE
	ErrLinkerNotAvailable                 ErrorCode = -16 // CL_LINKER_NOT_AVAILABLE
	ErrLinkProgramFailure                 ErrorCode = -17 // CL_LINK_PROGRAM_FAILURE
	ErrDevicePartitionFailed              ErrorCode = -18 // CL_DEVICE_PARTITION_FAILED
	ErrKernelArgInfoNotAvailable          ErrorCode = -19 // CL_KERNEL_ARG_INFO_NOT_AVAILABLE
	ErrInvalidValue                       ErrorCode = -30 // CL_INVALID_VALUE
	ErrInvalidDeviceType                  ErrorCode = -31 // CL_INVALID_DEVICE_TYPE
	ErrInvalidPlatform                    ErrorCode = -32 // CL_INVALID_PLATFORM
	ErrInvalidDevice                      ErrorCode = -33 // CL_INVALID_DEVICE
	ErrInvalidContext                     ErrorCode = -34 // CL_INVALID_CONTEXT
	ErrInvalidQueueProperties             ErrorCode = -35 // CL_INVALID_QUEUE_PROPERTIES
	ErrInvalidCommandQueue                ErrorCode = -36 // CL_INVALID_COMMAND_QUEUE
	ErrInvalidHostPtr                     ErrorCode = -37 // CL_INVALID_HOST_PTR
	ErrInvalidMemObject                   ErrorCode = -38 // CL_INVALID_MEM_OBJECT
	ErrInvalidImageFormatDescriptor       ErrorCode = -39 // CL_INVALID_IMAGE_FORMAT_DESCRIPTOR
	ErrInvalidImageSize                   ErrorCode = -40 // CL_INVALID_IMAGE_SIZE
	ErrInvalidSampler                     ErrorCode = -41 // CL_INVALID_SAMPLER
	ErrInvalidBinary                      ErrorCode = -42 // CL_INVALID_BINARY
	ErrInvalidBuildOptions                ErrorCode = -43 // CL_INVALID_BUILD_OPTIONS
	ErrInvalidProgram                     ErrorCode = -44 // CL_INVALID_PROGRAM
	ErrInvalidProgramExecutable           ErrorCode = -45 // CL_INVALID_PROGRAM_EXECUTABLE
	ErrInvalidKernelName                  ErrorCode = -46 // CL_INVALID_KERNEL_NAME
	ErrInvalidKernelDefinition            ErrorCode = -47 // CL_INVALID_KERNEL_DEFINITION
	ErrInvalidKernel                      ErrorCode = -48 // CL_INVALID_KERNEL
	ErrInvalidArgIndex                    ErrorCode = -49 // CL_INVALID_ARG_INDEX
	ErrInvalidArgValue                    ErrorCode = -50 // CL_INVALID_ARG_VALUE
	ErrInvalidArgSize                     ErrorCode = -51 // CL_INVALID_ARG_SIZE
	ErrInvalidKernelArgs                  ErrorCode = -52 // CL_INVALID_KERNEL_ARGS
	ErrInvalidWorkDimension               ErrorCode = -53 // CL_INVALID_WORK_DIMENSION
	ErrInvalidWorkGroupSize               ErrorCode = -54 // CL_INVALID_WORK_GROUP_SIZE
	ErrInvalidWorkItemSize                ErrorCode = -55 // CL_INVALID_WORK_ITEM_SIZE
	ErrInvalidGlobalOffset                ErrorCode = -56 // CL_INVALID_GLOBAL_OFFSET
	ErrInvalidEventWaitList               ErrorCode = -57 // CL_INVALID_EVENT_WAIT_LIST
	ErrInvalidEvent                       ErrorCode = -58 // CL_INVALID_EVENT
	ErrInvalidOperation                   ErrorCode = -59 // CL_INVALID_OPERATION
	ErrInvalidGlObject                    ErrorCode = -60 // CL_INVALID_GL_OBJECT
	ErrInvalidBufferSize                  ErrorCode = -61 // CL_INVALID_BUFFER_SIZE
	ErrInvalidMipLevel                    ErrorCode = -62 // CL_INVALID_MIP_LEVEL
	ErrInvalidGlobalWorkSize              ErrorCode = -63 // CL_INVALID_GLOBAL_WORK_SIZE
	ErrInvalidProperty                    ErrorCode = -64 // CL_INVALID_PROPERTY
	ErrInvalidImageDescriptor             ErrorCode = -65 // CL_INVALID_IMAGE_DESCRIPTOR
	ErrInvalidCompilerOptions             ErrorCode = -66 // CL_INVALID_COMPILER_OPTIONS
	ErrInvalidLinkerOptions               ErrorCode = -67 // CL_INVALID_LINKER_OPTIONS
	ErrInvalidDevicePartitionCount        ErrorCode = -68 // CL_INVALID_DEVICE_PARTITION_COUNT
	ErrInvalidPipeSize                    ErrorCode = -69 // CL_INVALID_PIPE_SIZE
	ErrInvalidDeviceQueue                 ErrorCode = -70 // CL_INVALID_DEVICE_QUEUE
	ErrInvalidSpecId                      ErrorCode = -71 // CL_INVALID_SPEC_ID

	// ErrCanceled is clgo's own code, not the specification's (OpenCL
	// has no cancellation): a command stopped, or was abandoned, because
	// the context.Context given to Queue.Run was cancelled or its deadline
	// passed. The error also wraps the context's cause, so
	// errors.Is(err, context.DeadlineExceeded) works too. The C API never
	// sees it (it cannot cancel).
	ErrCanceled ErrorCode = -9999 // CLGO_COMMAND_CANCELED
)

var codeNames = map[ErrorCode]string{
	-1:  "CL_DEVICE_NOT_FOUND",
	-2:  "CL_DEVICE_NOT_AVAILABLE",
	-3:  "CL_COMPILER_NOT_AVAILABLE",
	-4:  "CL_MEM_OBJECT_ALLOCATION_FAILURE",
	-5:  "CL_OUT_OF_RESOURCES",
	-6:  "CL_OUT_OF_HOST_MEMORY",
	-7:  "CL_PROFILING_INFO_NOT_AVAILABLE",
	-8:  "CL_MEM_COPY_OVERLAP",
	-9:  "CL_IMAGE_FORMAT_MISMATCH",
	-10: "CL_IMAGE_FORMAT_NOT_SUPPORTED",
	-11: "CL_BUILD_PROGRAM_FAILURE",
	-12: "CL_MAP_FAILURE",
	-13: "CL_MISALIGNED_SUB_BUFFER_OFFSET",
	-14: "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
	-15: "CL_COMPILE_PROGRAM_FAILURE",
	-16: "CL_LINKER_NOT_AVAILABLE",
	-17: "CL_LINK_PROGRAM_FAILURE",
	-18: "CL_DEVICE_PARTITION_FAILED",
	-19: "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
	-30: "CL_INVALID_VALUE",
	-31: "CL_INVALID_DEVICE_TYPE",
	-32: "CL_INVALID_PLATFORM",
	-33: "CL_INVALID_DEVICE",
	-34: "CL_INVALID_CONTEXT",
	-35: "CL_INVALID_QUEUE_PROPERTIES",
	-36: "CL_INVALID_COMMAND_QUEUE",
	-37: "CL_INVALID_HOST_PTR",
	-38: "CL_INVALID_MEM_OBJECT",
	-39: "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
	-40: "CL_INVALID_IMAGE_SIZE",
	-41: "CL_INVALID_SAMPLER",
	-42: "CL_INVALID_BINARY",
	-43: "CL_INVALID_BUILD_OPTIONS",
	-44: "CL_INVALID_PROGRAM",
	-45: "CL_INVALID_PROGRAM_EXECUTABLE",
	-46: "CL_INVALID_KERNEL_NAME",
	-47: "CL_INVALID_KERNEL_DEFINITION",
	-48: "CL_INVALID_KERNEL",
	-49: "CL_INVALID_ARG_INDEX",
	-50: "CL_INVALID_ARG_VALUE",
	-51: "CL_INVALID_ARG_SIZE",
	-52: "CL_INVALID_KERNEL_ARGS",
	-53: "CL_INVALID_WORK_DIMENSION",
	-54: "CL_INVALID_WORK_GROUP_SIZE",
	-55: "CL_INVALID_WORK_ITEM_SIZE",
	-56: "CL_INVALID_GLOBAL_OFFSET",
	-57: "CL_INVALID_EVENT_WAIT_LIST",
	-58: "CL_INVALID_EVENT",
	-59: "CL_INVALID_OPERATION",
	-60: "CL_INVALID_GL_OBJECT",
	-61: "CL_INVALID_BUFFER_SIZE",
	-62: "CL_INVALID_MIP_LEVEL",
	-63: "CL_INVALID_GLOBAL_WORK_SIZE",
	-64: "CL_INVALID_PROPERTY",
	-65: "CL_INVALID_IMAGE_DESCRIPTOR",
	-66: "CL_INVALID_COMPILER_OPTIONS",
	-67: "CL_INVALID_LINKER_OPTIONS",
	-68: "CL_INVALID_DEVICE_PARTITION_COUNT",
	-69: "CL_INVALID_PIPE_SIZE",
	-70: "CL_INVALID_DEVICE_QUEUE",
	-71: "CL_INVALID_SPEC_ID",

	ErrCanceled: "CLGO_COMMAND_CANCELED",
}

// Error returns the C name of the code ("CL_INVALID_VALUE").
func (e ErrorCode) Error() string {
	if n, ok := codeNames[e]; ok {
		return n
	}
	return fmt.Sprintf("OpenCL error %d", int32(e))
}

// Code returns the OpenCL error code err carries: 0 for nil,
// CL_OUT_OF_RESOURCES for an error that carries none.
func Code(err error) ErrorCode {
	if err == nil {
		return 0
	}
	var c ErrorCode
	if errors.As(err, &c) {
		return c
	}
	return driverCode(err)
}

// errorf makes an error carrying code, with a message saying what and where.
func errorf(code ErrorCode, format string, args ...any) error {
	return &clError{code: code, msg: fmt.Sprintf(format, args...)}
}

type clError struct {
	code ErrorCode
	msg  string
	err  error  // an underlying driver error, or nil
	log  string // a build log, printed after the code on lines of its own
}

func (e *clError) Error() string {
	s := e.msg
	if e.err != nil {
		s += ": " + e.err.Error()
	}
	s += " (" + e.code.Error() + ")"
	if e.log != "" {
		s += "\n" + strings.TrimRight(e.log, "\n")
	}
	return s
}

func (e *clError) Unwrap() []error {
	if e.err != nil {
		return []error{e.code, e.err}
	}
	return []error{e.code}
}

// wrap returns err (from a driver) with the OpenCL code it maps to, and a
// prefix saying what the runtime was doing. fallback is the code for errors
// that match no driver sentinel.
func wrap(err error, fallback ErrorCode, format string, args ...any) error {
	if err == nil {
		return nil
	}
	var c ErrorCode
	if !errors.As(err, &c) {
		c = driverCodeOr(err, fallback)
	}
	return &clError{code: c, msg: fmt.Sprintf(format, args...), err: err}
}

var driverCodes = []struct {
	err  error
	code ErrorCode
}{
	{driver.ErrWaitListFailed, ErrExecStatusErrorForEventsInWaitList},
	{driver.ErrInvalidValue, ErrInvalidValue},
	{driver.ErrInvalidBufferSize, ErrInvalidBufferSize},
	{driver.ErrMemAllocationFailure, ErrMemObjectAllocationFailure},
	{driver.ErrOutOfResources, ErrOutOfResources},
	{driver.ErrOutOfHostMemory, ErrOutOfHostMemory},
	{driver.ErrInvalidBinary, ErrInvalidBinary},
	{driver.ErrBuildProgramFailure, ErrBuildProgramFailure},
	{driver.ErrInvalidKernelName, ErrInvalidKernelName},
	{driver.ErrInvalidKernelArgs, ErrInvalidKernelArgs},
	{driver.ErrInvalidArgValue, ErrInvalidArgValue},
	{driver.ErrInvalidWorkGroupSize, ErrInvalidWorkGroupSize},
	{driver.ErrInvalidWorkItemSize, ErrInvalidWorkItemSize},
	{driver.ErrInvalidGlobalWorkSize, ErrInvalidGlobalWorkSize},
	{driver.ErrInvalidOperation, ErrInvalidOperation},
	{driver.ErrUnsupported, ErrInvalidOperation},
	{driver.ErrOutOfBounds, ErrOutOfResources},
	{driver.ErrExecution, ErrOutOfResources},
	{driver.ErrCanceled, ErrCanceled},
	{driver.ErrDeviceLost, ErrOutOfResources},
	{driver.ErrMisalignedSubBuffer, ErrMisalignedSubBufferOffset},
	{driver.ErrCompilerNotAvailable, ErrCompilerNotAvailable},
	{driver.ErrInvalidDevice, ErrInvalidDevice},
	{driver.ErrProfilingInfoNotAvail, ErrProfilingInfoNotAvailable},
	{driver.ErrDeviceNotAvailable, ErrDeviceNotAvailable},
	{driver.ErrInvalidCommandQueue, ErrInvalidCommandQueue},
	{driver.ErrInvalidEventWaitList, ErrInvalidEventWaitList},
	{driver.ErrInvalidMemObject, ErrInvalidMemObject},
	{driver.ErrInvalidProgramExecable, ErrInvalidProgramExecutable},
	{context.Canceled, ErrCanceled},
	{context.DeadlineExceeded, ErrCanceled},
}

func driverCodeOr(err error, fallback ErrorCode) ErrorCode {
	for _, m := range driverCodes {
		if errors.Is(err, m.err) {
			return m.code
		}
	}
	return fallback
}

func driverCode(err error) ErrorCode { return driverCodeOr(err, ErrOutOfResources) }

// withLog makes a build error's text end with the build log, so that a
// caller that prints the error shows the diagnostics.
func withLog(err error, log string) error {
	if e, ok := err.(*clError); ok && log != "" {
		e.log = log
	}
	return err
}
