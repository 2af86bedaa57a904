#!/bin/bash
# run.sh: issue 15's GPU measurements in one device call (see
# docs/performance.md). Run from the checkout's root on the device
# machine with .gl/ carried: .gl holds the loaders' debs, libclblast.so.1,
# clgo, libclgo.so, vulkan.test, vkfloor, cllat, clcalls, clblastbench, kernels/.
# Usage: [LIB=libclgo-x.so] [VT=vulkan-x.test] [CLGOBIN=clgo-x] [TAG=x] bash .gl/run.sh STEP...
# (from the checkout's root) where STEP is floor, queues, submitcost,
# latency, nvlatency, calls, nvcalls, gobench, gobenchvar, clblast, nvclblast, clbdebug,
# clbbisect, clbparams, clbdump, bandwidth, nvbandwidth, kernels; everything
# goes to stdout and to $OUT/<step><TAG>.txt. The nv* steps run NVIDIA's
# OpenCL, the others clgo (LIB, default libclgo.so).
for f in .gl/*.deb; do dpkg -x $f / ; done; ldconfig
G=$PWD/.gl
LIB=$G/${LIB:-libclgo.so}
VT=${VT:-vulkan.test}
mkdir -p /tmp/icd /tmp/clblast
echo "$LIB" > /tmp/icd/clgo.icd
cp .gl/libclblast.so.1 /tmp/clblast/ 2>/dev/null
export LD_LIBRARY_PATH=/tmp/clblast
clgo_cl() { OCL_ICD_VENDORS=/tmp/icd OCL_ICD_FILENAMES=$LIB "$@"; }
OUT=${OUT:-/tmp/out}; mkdir -p $OUT
step() {
  case $1 in
  floor) $G/vkfloor 20000 ;;
  queues) for f in 0 1 2 3 4 5 6; do $G/vkfloor 5000 0 $f | grep -v '^queue family\|^device' ; done ;;
  nvlatency)
    clpeak -p 1 -d 0 --kernel-latency | grep -i latency; $G/cllat 1 0 20000 ;;
  calls) clgo_cl $G/clcalls 0 1 20000 ;;
  nvcalls) $G/clcalls 1 0 20000 ;;
  latency)
    for i in 1 2; do clgo_cl clpeak -p 0 -d 1 --kernel-latency | grep -i latency; done
    clgo_cl $G/cllat 0 1 20000; clgo_cl $G/cllat 0 1 20000 ;;
  gobench)
    (cd $G && ./$VT -test.run '^$' -test.bench 'Latency' -test.benchtime 20000x -test.count 2) ;;
  submitcost)
    for v in "" VKF_QUERIES=512 VKF_ROBUST=1 VKF_BDA=1 VKF_ALLOCS=300 "VKF_QUERIES=512 VKF_ROBUST=1 VKF_BDA=1 VKF_ALLOCS=300"; do
      env $v $G/vkfloor 5000 | grep 'variant\|spin vkGetFenceStatus'
    done ;;
  gobenchvar)
    for v in CLGO_VULKAN_ROBUST=0 CLGO_VULKAN_REUSE=0; do echo "$v"
      (cd $G && env $v ./$VT -test.run '^$' -test.bench 'LatencyProfiled' -test.benchtime 20000x -test.count 1 | grep Bench)
    done ;;
  clbbisect)
    for v in CLGO_ICD_DEBUG=1 CLGO_PHYSICAL=0 CLGO_VULKAN_ROBUST=0 CLGO_NO_PIPELINE_CACHE=1; do echo "== $v"
      env $v OCL_ICD_VENDORS=/tmp/icd OCL_ICD_FILENAMES=$LIB $G/clblastbench 0 1 2 256 1000000 2>&1 | grep -a 'sgemm\|sgemv\|saxpy\|level=\|clFinish'
    done ;;
  clbparams)
    for p in mesa; do
      CLB_PARAMS=$p $G/clblastbench 1 0 5 | grep -a 'param\|sgemm\|sgemv\|saxpy\|device'
      CLB_PARAMS=$p CLGO_ICD_DEBUG=1 clgo_cl $G/clblastbench 0 1 5 2>&1 | grep -a 'param\|sgemm\|sgemv\|saxpy\|device\|level=\|clFinish'
    done ;;
  clbdump)
    mkdir -p /tmp/dump/mesa /tmp/dump/default
    CLB_PARAMS=mesa CLGO_DUMP_DIR=/tmp/dump/mesa clgo_cl $G/clblastbench 0 1 5 2>&1 | grep -a 'param\|sgemm\|sgemv\|saxpy\|device\|level=\|clFinish'
    CLGO_DUMP_DIR=/tmp/dump/default clgo_cl $G/clblastbench 0 1 1 256 1000 2>&1 | grep -a 'param\|sgemm\|level=\|clFinish'
    tar czf $OUT/dump.tgz -C /tmp dump ;;
  nvclblast) $G/clblastbench 1 0 10 ;;
  clblast) CLGO_ICD_DEBUG=1 clgo_cl $G/clblastbench 0 1 10 ;;
  clbdebug)
    for n in 1024 2048; do CLGO_ICD_DEBUG=1 clgo_cl $G/clblastbench 0 1 2 $n 1000000 2>&1 | grep -v '^\s\|^goroutine\|^runtime\|^created\|^github\|^main\|^_cgo\|^r[a-z0-9]* \|^[cfg]s ' ; done
    mkdir -p /tmp/dump
    CLGO_DUMP_DIR=/tmp/dump CLGO_VULKAN_CHECK_BOUNDS=1 CLGO_ICD_DEBUG=1 clgo_cl $G/clblastbench 0 1 2 4096 1000000 2>&1 | grep -v '^\s\|^goroutine\|^runtime\|^created\|^github\|^main\|^_cgo\|^r[a-z0-9]* \|^[cfg]s '
    tar czf $OUT/dump.tgz -C /tmp dump ;;
  nvbandwidth) clpeak -p 1 -d 0 --global-bandwidth ;;
  bandwidth) clgo_cl clpeak -p 0 -d 1 --global-bandwidth ;;
  kernels) $G/${CLGOBIN:-clgo} bench --device vulkan --ref nvidia --runs 5 $G/kernels/*.cl ;;
  esac
}
for s in "$@"; do
  echo "=== $s$TAG $(date +%T) $LIB"
  step $s 2>&1 | tee $OUT/$s$TAG.txt
done
