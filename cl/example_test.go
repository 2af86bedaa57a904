package cl_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clgo/clgo/cl"
)

// In these examples ctx is always a Go context.Context and clctx an
// OpenCL context (cl.Context): see the package documentation.

// Vector addition: a context and queue on the best device, a program
// built from source, buffers made from Go slices, a kernel run over an
// NDRange of n work-items, and the result read back as a []float32.
func Example() {
	ctx := context.Background()
	clctx, q, err := cl.Default()
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()

	prog, err := clctx.CreateProgramWithSource(`
		kernel void add(global const float *a, global const float *b, global float *c) {
			size_t i = get_global_id(0);
			c[i] = a[i] + b[i];
		}`)
	if err != nil {
		panic(err)
	}
	if err := prog.Build(""); err != nil {
		panic(err) // the error ends with the compiler's diagnostics
	}
	add, err := prog.CreateKernel("add")
	if err != nil {
		panic(err)
	}

	const n = 8
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(10*i)
	}
	bufA, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, a)
	if err != nil {
		panic(err)
	}
	bufB, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, b)
	if err != nil {
		panic(err)
	}
	bufC, err := clctx.CreateBuffer(cl.MemWriteOnly, 4*n, nil) // bytes
	if err != nil {
		panic(err)
	}
	if err := add.SetArgs(bufA, bufB, bufC); err != nil {
		panic(err)
	}
	if _, err := q.Run(ctx, add, cl.NDRange{Global: []uint64{n}}); err != nil {
		panic(err)
	}
	// The queue is in order: the read-back runs after the kernel, and
	// reports the kernel's error if it failed.
	c, err := cl.ReadAll[float32](ctx, q, bufC)
	if err != nil {
		panic(err)
	}
	fmt.Println(c)
	// Output: [0 11 22 33 44 55 66 77]
}

// Tiled matrix multiplication: each work-group of tile x tile work-items
// computes one tile of C = A B, staging tiles of A and B in __local
// arrays shared by the group, with barriers between loading and using
// them.
func Example_matrixMultiply() {
	ctx := context.Background()
	clctx, q, err := cl.Default()
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()

	const n, tile = 32, 8
	prog, err := clctx.CreateProgramWithSource(`
		kernel void matmul(global const float *A, global const float *B, global float *C, uint n) {
			local float As[TILE][TILE], Bs[TILE][TILE];
			uint row = get_global_id(1), col = get_global_id(0);
			uint lr = get_local_id(1), lc = get_local_id(0);
			float sum = 0.0f;
			for (uint t = 0; t < n / TILE; t++) {
				As[lr][lc] = A[row * n + t * TILE + lc];
				Bs[lr][lc] = B[(t * TILE + lr) * n + col];
				barrier(CLK_LOCAL_MEM_FENCE);
				for (uint k = 0; k < TILE; k++)
					sum += As[lr][k] * Bs[k][lc];
				barrier(CLK_LOCAL_MEM_FENCE);
			}
			C[row * n + col] = sum;
		}`)
	if err != nil {
		panic(err)
	}
	if err := prog.Build(fmt.Sprintf("-DTILE=%d", tile)); err != nil {
		panic(err)
	}
	matmul, err := prog.CreateKernel("matmul")
	if err != nil {
		panic(err)
	}

	// Small whole numbers: every sum is exact, on any device.
	a, b := make([]float32, n*n), make([]float32, n*n)
	for i := range n {
		for j := range n {
			a[i*n+j], b[i*n+j] = float32((i+j)%4), float32((i*j)%3)
		}
	}
	bufA, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, a)
	if err != nil {
		panic(err)
	}
	bufB, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, b)
	if err != nil {
		panic(err)
	}
	bufC, err := clctx.CreateBuffer(cl.MemWriteOnly, 4*n*n, nil)
	if err != nil {
		panic(err)
	}
	if err := matmul.SetArgs(bufA, bufB, bufC, uint32(n)); err != nil {
		panic(err)
	}
	nd := cl.NDRange{Global: []uint64{n, n}, Local: []uint64{tile, tile}}
	if _, err := q.Run(ctx, matmul, nd); err != nil {
		panic(err)
	}
	c, err := cl.ReadAll[float32](ctx, q, bufC)
	if err != nil {
		panic(err)
	}

	same := true
	for i := range n {
		for j := range n {
			var want float32
			for k := range n {
				want += a[i*n+k] * b[k*n+j]
			}
			same = same && c[i*n+j] == want
		}
	}
	fmt.Println("first row:", c[:6])
	fmt.Println("as computed in Go:", same)
	// Output:
	// first row: [0 46 47 0 46 47]
	// as computed in Go: true
}

// Local memory as an argument: each work-group of 64 sums its part of the
// input in a __local array whose size (in bytes) cl.Local gives, with a
// tree reduction.
func Example_localMemory() {
	ctx := context.Background()
	clctx, q, err := cl.Default()
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()

	prog, err := clctx.CreateProgramWithSource(`
		kernel void partial_sums(global const float *in, global float *sums, local float *tmp) {
			size_t l = get_local_id(0);
			tmp[l] = in[get_global_id(0)];
			barrier(CLK_LOCAL_MEM_FENCE);
			for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
				if (l < s)
					tmp[l] += tmp[l + s];
				barrier(CLK_LOCAL_MEM_FENCE);
			}
			if (l == 0)
				sums[get_group_id(0)] = tmp[0];
		}`)
	if err != nil {
		panic(err)
	}
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	k, err := prog.CreateKernel("partial_sums")
	if err != nil {
		panic(err)
	}

	const n, group = 256, 64
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(i / group)
	}
	bufIn, err := cl.CreateBufferFrom(clctx, cl.MemReadOnly, in)
	if err != nil {
		panic(err)
	}
	bufSums, err := clctx.CreateBuffer(cl.MemWriteOnly, 4*n/group, nil)
	if err != nil {
		panic(err)
	}
	if err := k.SetArgs(bufIn, bufSums, cl.Local(4*group)); err != nil {
		panic(err)
	}
	if _, err := q.Run(ctx, k, cl.NDRange{Global: []uint64{n}, Local: []uint64{group}}); err != nil {
		panic(err)
	}
	sums, err := cl.ReadAll[float32](ctx, q, bufSums)
	if err != nil {
		panic(err)
	}
	fmt.Println(sums)
	// Output: [0 64 128 192]
}

// An image filter: a 3x3 box blur of an 8-bit grey image, read through a
// sampler that clamps coordinates to the edge, written to a second image.
func Example_imageFilter() {
	ctx := context.Background()
	clctx, q, err := cl.Default()
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()
	if !q.Device().Info().ImageSupport {
		fmt.Println("no image support on", q.Device())
		return
	}

	prog, err := clctx.CreateProgramWithSource(`
		kernel void blur(read_only image2d_t src, write_only image2d_t dst, sampler_t s) {
			int2 p = (int2)(get_global_id(0), get_global_id(1));
			uint sum = 0;
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++)
					sum += read_imageui(src, s, p + (int2)(dx, dy)).x;
			write_imageui(dst, p, (uint4)(sum / 9));
		}`)
	if err != nil {
		panic(err)
	}
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	blur, err := prog.CreateKernel("blur")
	if err != nil {
		panic(err)
	}

	// A white dot in the middle of a black 5x4 image.
	const w, h = 5, 4
	pixels := make([]byte, w*h)
	pixels[1*w+2] = 180
	grey := cl.ImageFormat{Order: cl.R, DataType: cl.UnsignedInt8}
	src, err := clctx.CreateImage2D(cl.MemReadOnly, grey, w, h, pixels)
	if err != nil {
		panic(err)
	}
	dst, err := clctx.CreateImage2D(cl.MemWriteOnly, grey, w, h, nil)
	if err != nil {
		panic(err)
	}
	clamp, err := clctx.CreateSampler(false, cl.AddressClampToEdge, cl.FilterNearest)
	if err != nil {
		panic(err)
	}
	if err := blur.SetArgs(src, dst, clamp); err != nil {
		panic(err)
	}
	if _, err := q.Run(ctx, blur, cl.NDRange{Global: []uint64{w, h}}); err != nil {
		panic(err)
	}
	out, err := q.ReadImageAll(ctx, dst)
	if err != nil {
		panic(err)
	}
	for y := range h {
		fmt.Println(out[y*w : (y+1)*w])
	}
	// Output:
	// [0 20 20 20 0]
	// [0 20 20 20 0]
	// [0 20 20 20 0]
	// [0 0 0 0 0]
}

// Cancellation: the context.Context given to Run bounds the kernel. When
// its deadline passes, the kernel's event fails at once with an error
// that is both cl.ErrCanceled and the context's error; the queue goes on,
// and Finish does not report the cancellation again. (The host device
// stops the kernel; a Vulkan device cannot interrupt one, so the kernel is
// abandoned and may run on, and later commands run after it.)
func Example_cancel() {
	clctx, q, err := cl.DefaultFor("host")
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()

	prog, err := clctx.CreateProgramWithSource(`
		kernel void spin(global uint *x, uint n) {
			uint v = get_global_id(0);
			for (uint i = 0; i < n; i++)
				v = v * 1664525u + 1013904223u;
			x[get_global_id(0)] = v;
		}`)
	if err != nil {
		panic(err)
	}
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	spin, err := prog.CreateKernel("spin")
	if err != nil {
		panic(err)
	}
	const items = 1 << 15
	buf, err := clctx.CreateBuffer(cl.MemReadWrite, 4*items, nil)
	if err != nil {
		panic(err)
	}
	if err := spin.SetArgs(buf, uint32(60000)); err != nil { // seconds of work
		panic(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	ev, err := q.Run(ctx, spin, cl.NDRange{Global: []uint64{items}})
	if err != nil {
		panic(err)
	}
	err = ev.Wait(context.Background())
	fmt.Println("stopped within a second:", time.Since(start) < time.Second)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), errors.Is(err, cl.ErrCanceled), cl.Code(err))
	fmt.Println("Finish:", q.Finish(context.Background()))
	// Output:
	// stopped within a second: true
	// true true CLGO_COMMAND_CANCELED
	// Finish: <nil>
}

// Errors: every error carries the OpenCL code the specification names
// (errors.Is works with the cl.Err* values, cl.Code gives the code), and a
// failed build's error and log hold the compiler's diagnostics.
func Example_errors() {
	clctx, q, err := cl.DefaultFor("host")
	if err != nil {
		panic(err)
	}
	defer clctx.Release()
	defer q.Release()

	prog, err := clctx.CreateProgramWithSource("kernel void k(global int *p) { *p = undeclared; }")
	if err != nil {
		panic(err)
	}
	err = prog.Build("")
	fmt.Println(errors.Is(err, cl.ErrBuildProgramFailure), cl.Code(err))
	fmt.Print(prog.BuildLog(q.Device()))

	_, err = clctx.CreateBuffer(cl.MemReadWrite, 0, nil)
	fmt.Println(errors.Is(err, cl.ErrInvalidBufferSize))

	prog, _ = clctx.CreateProgramWithSource("kernel void k(global int *p, int v) { *p = v; }")
	if err := prog.Build(""); err != nil {
		panic(err)
	}
	k, _ := prog.CreateKernel("k")
	_, err = q.Run(context.Background(), k, cl.NDRange{Global: []uint64{1}})
	fmt.Println(errors.Is(err, cl.ErrInvalidKernelArgs), err)
	// Output:
	// true CL_BUILD_PROGRAM_FAILURE
	// <source>:1:37: error: use of undeclared identifier 'undeclared'
	// kernel void k(global int *p) { *p = undeclared; }
	//                                     ^
	// true
	// true clEnqueueNDRangeKernel(k): argument 0 "p" is not set (CL_INVALID_KERNEL_ARGS)
}
