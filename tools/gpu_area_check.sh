#!/usr/bin/env bash
# One GPU call about one area (device machine, as tools/gpu_check.sh: GUI off, header-only dependencies and
# GoogleTest sources from .deps), its parts chosen by variables, so that a session's few calls each run what it
# needs within the device's 10 minutes a call. The build (build-gpu37, outside the carried folders) is reused
# while the machine stays warm; cold it takes about 150 s on the H200's 16 cores.
#
#   TESTS=FILTER                      gtest filter of prefixlab_gpu_tests to run
#   SANITIZERS="memcheck racecheck synccheck" SAN_TESTS=FILTER   compute-sanitizer on that filter
#   HIST=1 [HIST_N HIST_BINS HIST_INPUT] [HIST_PROF=1]          the histogram table (and Nsight Compute at 2^24)
#   SEG=1 [SEG_N SEG_LEN SEG_ARGS] [SEG_PROF=1]                 the segmented table (and Nsight Compute at 2^24)
#   SORT=1 [SORT_N SORT_ARGS]                                   the sort table
#   EXTRA="COMMAND"                   run last (relative paths: the build is build-gpu37/)
#   CALL_LIMIT=SECONDS                each part is cut off so that the call ends within it (default 560)
# Logs go to $OUT (packed into logs.tgz: the device tool brings back at most 8 files), the tables' CSVs beside.
#
#   export OUT; SEG=1 SEG_ARGS=--sweep TESTS='GpuSegmented*' CALL_LIMIT=500 bash tools/gpu_area_check.sh
set -uo pipefail
deps=$(cd .deps && pwd)
out=${OUT:-/tmp/prefixlab-area}; logs="$out/logs"; mkdir -p "$logs"
build=${BUILD:-build-gpu37}
limit=${CALL_LIMIT:-560}; start=$(date +%s)
left() { echo $(( limit - ($(date +%s) - start) )); }
step() { echo; echo "=== $* (t=$(( $(date +%s) - start )) s)"; }
bin="$build/app/prefixlab"; tests="$build/tests/prefixlab_gpu_tests"
{
  step machine; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv,noheader
  step build
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPREFIXLAB_GUI=OFF \
    -DPREFIXLAB_DEPS_DIR="$deps/include" -DPREFIXLAB_GTEST_SOURCE_DIR="$deps/googletest" >"$logs/cmake.log" 2>&1
  cmake --build "$build" -j "$(nproc)" --target prefixlab prefixlab_gpu_tests >"$logs/build.log" 2>&1 || { tail -40 "$logs/build.log"; echo BUILD FAILED; }
  tail -2 "$logs/build.log"
  if [ -n "${HIST:-}" ]; then
    step "histogram table"
    timeout $(( $(left) - 20 )) "$bin" histogram-table --n "${HIST_N:-2^28}" --bins "${HIST_BINS:-256}" \
      --input "${HIST_INPUT:-uniform,one-bin,zipf}" --gpu-only --csv "$out/histogram-table.csv" 2>&1 | tee "$logs/hist.log" | tail -80
  fi
  if [ -n "${HIST_PROF:-}" ]; then
    step "ncu histogram 2^24"
    timeout $(( $(left) - 20 )) ncu --kernel-name-base demangled -k 'regex:[Hh]istogram' --metrics gpu__time_duration.sum,smsp__inst_executed.sum,l1tex__t_set_accesses_pipe_lsu_mem_global_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,lts__t_requests_srcunit_l1_op_atom.sum \
      "$bin" histogram-table --n 2^24 --bins 256 --input uniform --gpu-only --reps 1 --warmup 0 >"$logs/ncu-hist.log" 2>&1
    grep -E "^\s+[A-Za-z_].*\(|gpu__time|inst_executed|atom" "$logs/ncu-hist.log" | head -80
  fi
  if [ -n "${SEG:-}" ]; then
    step "segmented table"
    timeout $(( $(left) - 20 )) "$bin" segmented-table --n "${SEG_N:-2^28}" --length "${SEG_LEN:-1000}" --gpu-only ${SEG_ARGS:-} \
      --csv "$out/segmented-table.csv" 2>&1 | tee "$logs/seg.log" | tail -40
  fi
  if [ -n "${SEG_PROF:-}" ]; then
    step "ncu segmented 2^24"
    timeout $(( $(left) - 20 )) ncu --kernel-name-base demangled -k 'regex:Segmented|ScanByKey|DeviceScanKernel' --metrics gpu__time_duration.sum,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active \
      "$bin" segmented-table --n 2^24 --length 1000 --gpu-only --reps 1 --warmup 0 >"$logs/ncu-seg.log" 2>&1
    grep -E "^\s+[A-Za-z_].*\(|gpu__time|inst_executed|dram__|bank|registers|warps_active" "$logs/ncu-seg.log" | head -60
  fi
  if [ -n "${SORT:-}" ]; then
    step "sort table"
    timeout $(( $(left) - 20 )) "$bin" sort-table --n "${SORT_N:-2^28}" --gpu-only ${SORT_ARGS:-} --csv "$out/sort-table.csv" 2>&1 | tee "$logs/sort.log" | tail -60
  fi
  if [ -n "${TESTS:-}" ]; then
    step "tests $TESTS"
    timeout $(( $(left) - 20 )) "$tests" --gtest_filter="$TESTS" >"$logs/gpu-tests.log" 2>&1
    echo "rc $?"; grep -E "^\[  (PASSED|FAILED) |^\[       OK|FAILED|Skipped|runs differ|differ" "$logs/gpu-tests.log" | head -60
  fi
  for tool in ${SANITIZERS:-}; do
    step "sanitizer $tool"
    extra=""; [ "$tool" = racecheck ] && extra="--racecheck-report hazard"
    timeout $(( $(left) - 15 )) compute-sanitizer --tool "$tool" $extra --error-exitcode 3 --log-file "$logs/san-$tool.log" \
      "$tests" --gtest_filter="$SAN_TESTS" >"$logs/san-$tool-tests.log" 2>&1
    echo "$tool rc $?: $(tail -1 "$logs/san-$tool.log")"; tail -3 "$logs/san-$tool-tests.log"
  done
  if [ -n "${EXTRA:-}" ]; then step "extra"; timeout $(( $(left) - 15 )) bash -c "$EXTRA" 2>&1 | tail -80; fi
  step packing
  tar -C "$out" -czf "$out/logs.tgz" logs && rm -rf "$logs"; ls -la "$out"
} 2>&1 | tee "$out/run.log"
