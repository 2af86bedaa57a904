#!/bin/bash
# compile the project's own kernels as the runtime builds them for the host device
cd "$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
for f in $(find testdata/kernels /work/shared/kernels -name "*.cl" | sort); do
  rel=${f#/work/shared/}; rel=${rel#testdata/}; out=${SURVEY:-/tmp/survey}/out_testdata/${rel%.cl}.spv
  mkdir -p $(dirname $out)
  opts=$(grep -h "^//! *options " $f | sed 's|^//! *options ||' | tr '\n' ' ')
  copts=$(grep -h "^//! *clgo-options " $f | sed 's|^//! *clgo-options ||' | tr '\n' ' ')
  nice timeout 120 ${SURVEY:-/tmp/survey}/clgo compile -arch=spir64 -physical-storage-buffers=auto $opts $copts -o $out $f > ${SURVEY:-/tmp/survey}/td_err.txt 2>&1 || echo "FAIL $f: $(grep -m1 error ${SURVEY:-/tmp/survey}/td_err.txt)"
done
