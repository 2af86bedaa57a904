#!/usr/bin/env bash
# Installs the test oracles when they are missing: spirv-tools (spirv-val,
# spirv-as, spirv-dis), glslang (a foreign SPIR-V producer), lavapipe (a
# Vulkan device on the CPU) and the Khronos validation layer, PoCL behind the ICD loader (the reference OpenCL),
# clang-15 + llvm-spirv-15 (the compile-speed comparison), the OpenCL
# headers and clients the ICD is tested with, and for the arm64 back end
# qemu-user-static (its tests run under qemu) and llvm's llvm-mc (the A64
# encodings' reference). Debian packages.
set -u
need=()
have_file() { [ -e "$1" ]; }
command -v spirv-val >/dev/null 2>&1 && command -v spirv-as >/dev/null 2>&1 || need+=(spirv-tools)
have_file /usr/include/spirv/unified1/spirv.core.grammar.json || need+=(spirv-headers)
command -v glslangValidator >/dev/null 2>&1 || need+=(glslang-tools)
ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1 ' || need+=(libvulkan1)
ls /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json >/dev/null 2>&1 || need+=(vulkan-validationlayers)
ls /etc/OpenCL/vendors/pocl*.icd >/dev/null 2>&1 || need+=(pocl-opencl-icd)
ldconfig -p 2>/dev/null | grep -q 'libOpenCL.so.1 ' || need+=(ocl-icd-libopencl1)
command -v clinfo >/dev/null 2>&1 || need+=(clinfo)
command -v clang-15 >/dev/null 2>&1 || need+=(clang-15)
command -v llvm-spirv-15 >/dev/null 2>&1 || need+=(llvm-spirv-15)
command -v qemu-aarch64-static >/dev/null 2>&1 || need+=(qemu-user-static)
command -v llvm-mc >/dev/null 2>&1 || need+=(llvm)
# The ICD (cmd/libclgo, cgo) builds against the Khronos headers and is
# tested with a C client, clinfo, pyopencl (the system Python's), clpeak and ffmpeg.
command -v gcc >/dev/null 2>&1 || need+=(gcc)
have_file /usr/include/CL/cl.h || need+=(opencl-c-headers)
ls /usr/lib/*/libOpenCL.so >/dev/null 2>&1 || need+=(ocl-icd-opencl-dev)
/usr/bin/python3 -c 'import pyopencl, numpy' >/dev/null 2>&1 || need+=(python3-pyopencl python3-numpy)
command -v clpeak >/dev/null 2>&1 || need+=(clpeak)
# ffmpeg (built with OpenCL) runs its OpenCL filters on the ICD (TestFFmpegFilters).
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
[ ${#need[@]} -eq 0 ] && { echo "oracles: all present"; exit 0; }
echo "oracles: installing ${need[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo=sudo
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }; then
  echo "oracles: could not install ${need[*]}" >&2
  # Outside CI the tests skip what is missing; under CI a missing oracle fails.
  [ "${CI:-}" = "true" ] && exit 1
fi
exit 0
