//go:build !clgo_noopencl

package refcl

import (
	"fmt"

	"github.com/ebitengine/purego"

	"github.com/clgo/clgo/internal/dynlib"
)

// load binds the entry points of the system's OpenCL loader.
func load() (err error) {
	lib, err := dynlib.Open(dynlib.OpenCL)
	if err != nil {
		return fmt.Errorf("%w: cannot load libOpenCL.so.1 (install ocl-icd-libopencl1 and an ICD such as pocl-opencl-icd): %v", ErrNoOpenCL, err)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: libOpenCL.so.1: %v", ErrNoOpenCL, r)
		}
	}()
	reg := func(fn any, name string) { purego.RegisterLibFunc(fn, lib, name) }
	reg(&api.GetPlatformIDs, "clGetPlatformIDs")
	reg(&api.GetPlatformInfo, "clGetPlatformInfo")
	reg(&api.GetDeviceIDs, "clGetDeviceIDs")
	reg(&api.GetDeviceInfo, "clGetDeviceInfo")
	reg(&api.CreateContext, "clCreateContext")
	reg(&api.CreateCommandQueue, "clCreateCommandQueue")
	reg(&api.CreateProgramWithSrc, "clCreateProgramWithSource")
	reg(&api.BuildProgram, "clBuildProgram")
	reg(&api.CompileProgram, "clCompileProgram")
	reg(&api.LinkProgram, "clLinkProgram")
	reg(&api.GetProgramBuildInfo, "clGetProgramBuildInfo")
	reg(&api.CreateKernel, "clCreateKernel")
	reg(&api.SetKernelArg, "clSetKernelArg")
	reg(&api.GetKernelWGInfo, "clGetKernelWorkGroupInfo")
	reg(&api.CreateBuffer, "clCreateBuffer")
	reg(&api.CreateSubBuffer, "clCreateSubBuffer")
	reg(&api.EnqueueWriteBuffer, "clEnqueueWriteBuffer")
	reg(&api.EnqueueReadBuffer, "clEnqueueReadBuffer")
	reg(&api.EnqueueNDRangeKernel, "clEnqueueNDRangeKernel")
	reg(&api.Finish, "clFinish")
	reg(&api.WaitForEvents, "clWaitForEvents")
	reg(&api.GetEventProfilingInfo, "clGetEventProfilingInfo")
	reg(&api.ReleaseMemObject, "clReleaseMemObject")
	reg(&api.ReleaseKernel, "clReleaseKernel")
	reg(&api.ReleaseProgram, "clReleaseProgram")
	reg(&api.ReleaseCommandQueue, "clReleaseCommandQueue")
	reg(&api.ReleaseContext, "clReleaseContext")
	reg(&api.ReleaseEvent, "clReleaseEvent")
	reg(&api.CreateImage, "clCreateImage")
	reg(&api.EnqueueWriteImage, "clEnqueueWriteImage")
	reg(&api.EnqueueReadImage, "clEnqueueReadImage")
	reg(&api.CreateSampler, "clCreateSampler")
	reg(&api.ReleaseSampler, "clReleaseSampler")
	return nil
}
