#!/usr/bin/env bash
# Issue 14's GPU run, for the device machine (as tools/gpu_check.sh: GUI off, header-only dependencies and
# GoogleTest sources from a carried folder): builds, runs the tuned scan's GPU tests and its
# compute-sanitizer subset, the tuning sweep, the benchmark of every scan the issue names against CUB and the
# copy in one run, and a GPU grid trace of the register tile at N = 2^22 for the Timeline screenshot.
# Logs and results go to $OUT (or /tmp/prefixlab-tuned); at most 8 files come back, so they are packed.
#
#   tools/gpu_tuned_check.sh [DEPS_DIR [PHASE...]]   DEPS_DIR as tools/gpu_check.sh's (default .deps);
#   PHASE: tests, sanitizers, tune, bench, trace (default all). The whole run takes about 8 minutes on the
#   H100, close to the device's 10-minute limit a call: two calls (tests sanitizers trace, then tune bench)
#   leave room, each building first.
set -uo pipefail
deps=$(cd "${1:-.deps}" && pwd)
shift $(( $# > 0 ? 1 : 0 ))
phases=" ${*:-tests sanitizers tune bench trace} "
wants() { [[ "$phases" == *" $1 "* ]]; }
out=${OUT:-/tmp/prefixlab-tuned}
logs="$out/logs"
mkdir -p "$logs"
build=build-gpu
status=0
step() { echo; echo "=== $*"; }
run() { "$@" || { echo "FAILED ($?): $*"; status=1; }; }
bin="$build/app/prefixlab"
tests="$build/tests/prefixlab_gpu_tests"

{
  step "machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

  step "configure and build (GUI off)"
  run cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREFIXLAB_GUI=OFF \
    -DPREFIXLAB_DEPS_DIR="$deps/include" -DPREFIXLAB_GTEST_SOURCE_DIR="$deps/googletest"
  SECONDS=0
  run cmake --build "$build" -j "$(nproc)" --target prefixlab prefixlab_gpu_tests
  echo "build took ${SECONDS} s"

  if wants tests; then
  step "the tuned scan, the warp operations and the grid traces on the GPU"
  SECONDS=0
  run "$tests" --gtest_filter='GpuTunedScan.*:GpuWarpOps.*:GpuGridTrace.*:GpuMultiBlockScan.*:GpuBenchSweep.*:*GpuGridScan.Runs*' >"$logs/gpu-tests.log" 2>&1
  grep -E "^\[  (PASSED|FAILED) |distinct outputs|FAILED" "$logs/gpu-tests.log" | head -30
  echo "GPU tests took ${SECONDS} s"
  fi

  if wants sanitizers; then
  step "compute-sanitizer memcheck, racecheck, synccheck on the tuned scan and the traced grid runs"
  for tool in memcheck racecheck synccheck; do
    extra=""
    [ "$tool" = racecheck ] && extra="--racecheck-report hazard"
    run compute-sanitizer --tool "$tool" $extra --error-exitcode 3 --log-file "$logs/sanitizer-$tool.log" \
      "$tests" --gtest_filter='GpuSanitized.TunedScan:GpuSanitized.TracedGridRuns:GpuSanitized.MultiBlockDrivers:GpuSanitized.RunsOnOneScan' >"$logs/sanitizer-$tool-tests.log" 2>&1
    echo "$tool: $(tail -1 "$logs/sanitizer-$tool.log")"
  done
  fi

  if wants tune; then
  step "tuning sweep: elements per thread x threads per block at 2^28"
  run "$bin" tune --n 2^28 --out "$out/tune" >"$logs/tune.log" 2>&1
  tail -20 "$logs/tune.log"
  fi

  if wants bench; then
  step "benchmark: the issue's scans, tuned scans against CUB and the copy, 2^20..2^30, one run"
  SECONDS=0
  run "$bin" bench --algos copy,cub,tuned-look-back,tuned-reduce-then-scan \
    --scans uint32-add,int32-add,float-add,uint32-max,uint32-min,uint32-add-exclusive \
    --n 2^20..2^30 --out "$out/bench" >"$logs/bench.log" 2>&1
  echo "bench took ${SECONDS} s"
  grep -E "FAILED|skipped|error" "$logs/bench.log" | head -20
  sed -n '/^median ms/,$p' "$logs/bench.log" | head -120
  fi

  if wants trace; then
  step "GPU grid trace of the register tile at 2^22 (the Timeline screenshot)"
  run "$bin" grid-trace --driver decoupled-look-back --body registers --n 4194304 --tile-threads 256 \
    --input random --device gpu --out "$out/h100-tuned-look-back-2to22.json"
  fi

  step "packing"
  tar -C "$out" -czf "$out/logs.tgz" logs && rm -rf "$logs"
  gzip -f "$out/h100-tuned-look-back-2to22.json" 2>/dev/null
  for d in tune bench; do [ -d "$out/$d" ] && tar -C "$out" -czf "$out/$d.tgz" "$d" && rm -rf "${out:?}/$d"; done
  ls -la "$out"
  step "done: status $status"
  exit "$status"
} 2>&1 | tee "$out/gpu_tuned_check.log"
exit "${PIPESTATUS[0]}"
