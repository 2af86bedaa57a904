#!/bin/sh
# Regenerates the OpenCL-flavoured SPIR-V modules of cl's IL tests: from
# their OpenCL C (clang-15 and llvm-spirv-15, as Debian packages them),
# and the hand-written .spvasm ones (spirv-as).
set -e
cd "$(dirname "$0")"
for f in kernel spec export import ptrs; do
	clang-15 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -emit-llvm-bc -finclude-default-header $f.cl -o /tmp/$f.bc
	llvm-spirv-15 /tmp/$f.bc -o $f.spv
	rm /tmp/$f.bc
	spirv-val $f.spv
done
# LinkOnceODR linkage, which OpenCL C cannot ask for: hand-written assembly.
for f in linkonce_main linkonce_obj; do
	spirv-as --target-env spv1.0 $f.spvasm -o $f.spv
	spirv-val --target-env opencl2.2 $f.spv
done
