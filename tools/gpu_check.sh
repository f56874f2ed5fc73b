#!/usr/bin/env bash
# The GPU verification run, for a machine with an NVIDIA GPU, CMake, ninja, a C++20 compiler and CUDA
# but no packages (the device machine): builds with the GUI off, header-only dependencies and
# GoogleTest sources from a carried folder, then runs the whole test suite (GPU tests included),
# compute-sanitizer and the trace timings. Logs go to $OUT (or /tmp/prefixlab-gpu).
#
#   tools/gpu_check.sh [DEPS_DIR]     DEPS_DIR holds include/{CLI,nlohmann} and googletest/ (default .deps)
#
# Make DEPS_DIR on a Debian machine with the packages installed:
#   mkdir -p .deps/include && cp -r /usr/include/CLI /usr/include/nlohmann .deps/include/ &&
#   cp -r /usr/src/googletest .deps/googletest
set -uo pipefail
deps=$(cd "${1:-.deps}" && pwd)
out=${OUT:-/tmp/prefixlab-gpu}
mkdir -p "$out"
build=build-gpu
status=0
step() { echo; echo "=== $*"; }
run() { "$@" || { echo "FAILED ($?): $*"; status=1; }; }

{
  step "machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  nvcc --version | tail -1
  cmake --version | head -1
  c++ --version | head -1

  step "configure and build (GUI off)"
  run cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREFIXLAB_GUI=OFF \
    -DPREFIXLAB_DEPS_DIR="$deps/include" -DPREFIXLAB_GTEST_SOURCE_DIR="$deps/googletest"
  SECONDS=0
  run cmake --build "$build" -j "$(nproc)"
  echo "build took ${SECONDS} s"

  step "all tests, GPU tests included"
  run ctest --test-dir "$build" -j 8 --output-on-failure
  "$build/tests/prefixlab_gpu_tests" --gtest_brief=0 2>&1 | tail -5

  step "trace timings, N = 1024 (capture excludes CUDA context creation)"
  for device in gpu cpu; do
    for i in 1 2 3; do
      run "$build/app/prefixlab" trace --algo hillis-steele --n 1024 --input random --seed "$i" \
        --device "$device" --out "$out/hs1024-$device.json"
    done
  done

  step "compute-sanitizer memcheck and racecheck on the GPU tests"
  for tool in memcheck racecheck; do
    run compute-sanitizer --tool "$tool" --error-exitcode 3 --log-file "$out/sanitizer-$tool.log" \
      "$build/tests/prefixlab_gpu_tests" --gtest_brief=1 >"$out/sanitizer-$tool-tests.log" 2>&1
    tail -3 "$out/sanitizer-$tool-tests.log"
    tail -2 "$out/sanitizer-$tool.log"
  done

  step "done: status $status"
  exit "$status"
} 2>&1 | tee "$out/gpu_check.log"
exit "${PIPESTATUS[0]}"
