#!/bin/sh
# Builds libclgo.so, the clgo OpenCL ICD, and registers it with the ICD
# loader: as root into /usr/local/lib and /etc/OpenCL/vendors/clgo.icd,
# otherwise into $HOME/.local/lib, printing the environment that points a
# loader at it. PREFIX overrides the library directory.
set -eu
cd "$(dirname "$0")/../.."
GO=${GO:-go}
if [ "$(id -u)" = 0 ]; then
	libdir=${PREFIX:-/usr/local/lib}
else
	libdir=${PREFIX:-$HOME/.local/lib}
fi
mkdir -p "$libdir"
"$GO" build -buildmode=c-shared -o "$libdir/libclgo.so" ./cmd/libclgo
rm -f "$libdir/libclgo.h"
echo "built $libdir/libclgo.so"
if [ "$(id -u)" = 0 ] && mkdir -p /etc/OpenCL/vendors 2>/dev/null; then
	echo "$libdir/libclgo.so" > /etc/OpenCL/vendors/clgo.icd
	echo "registered /etc/OpenCL/vendors/clgo.icd"
else
	vendors="$HOME/.local/etc/OpenCL/vendors"
	mkdir -p "$vendors"
	echo "$libdir/libclgo.so" > "$vendors/clgo.icd"
	echo "not root: to use clgo, set (ocl-icd reads the first, the Khronos loader the second)"
	echo "  export OCL_ICD_VENDORS=$vendors OCL_ICD_FILENAMES=$libdir/libclgo.so"
fi
