#!/bin/sh
# Makes FOLDER__NAME.spv from testdata/kernels/FOLDER/NAME.cl with clang
# and the SPIR-V LLVM translator (LLVM 15), for fromspirv's TestCorpus:
#
#   go generate ./compiler/fromspirv     (or: sh gen.sh [OUTDIR [KERNEL...]])
#
# KERNEL is FOLDER/NAME or FOLDER/NAME:-O0; without KERNELs the list below.
# -ffp-contract=off keeps clang from fusing a*b+c into mad, which the
# source build (TestCorpus's reference) does not do.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
out=${1:-$here}
[ $# -gt 0 ] && shift
list="$*"
[ -z "$list" ] && list="
control/nested_break
control/switch_in_loop:-O0
control/switch_fallthrough
local/scan_exclusive
local/matmul_tiled
atomic/local_histogram
collective/wg_int
aggregate/struct_nested:-O0
vector/width16
function/many_params
generic/helper_spaces:-O0
program/nqueens
crypto/sha256
convert/convert_sat
subgroup/reduce_scan
attribute/packed
images/samplers_2d
images/write_then_read:-O0
images/integer_images
spir64/program_pointers
"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in $list; do
	path=${k%%:*}
	opt=-O2
	case $k in *:*) opt=${k#*:} ;; esac
	src="$root/testdata/kernels/$path.cl"
	name=$(echo "$path" | sed 's|/|__|')
	defs=$(sed -n 's|^//! options||p' "$src" | tr ' ' '\n' | grep '^-D' | tr '\n' ' ')
	clang-15 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 -emit-llvm-bc -finclude-default-header \
		-no-opaque-pointers -ffp-contract=off $opt $defs "$src" -o "$tmp/$name.bc"
	llvm-spirv-15 "$tmp/$name.bc" -o "$out/$name.spv"
done
