#!/bin/sh
# Regenerates the OpenCL-flavoured SPIR-V modules of cl's IL tests from
# their OpenCL C (clang-15 and llvm-spirv-15, as Debian packages them).
set -e
cd "$(dirname "$0")"
for f in kernel spec export import; do
	clang-15 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -emit-llvm-bc -finclude-default-header $f.cl -o /tmp/$f.bc
	llvm-spirv-15 /tmp/$f.bc -o $f.spv
	rm /tmp/$f.bc
	spirv-val $f.spv
done
