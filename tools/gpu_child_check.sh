#!/usr/bin/env bash
# On a machine with a GPU: ends `prefixlab quiz --device gpu` (whose wrong fragments hang on the GPU in
# child processes until their timeout, then run again under compute-sanitizer) with each signal at
# several moments, and checks that within 5 s no process of it remains and `nvidia-smi
# --query-compute-apps` lists none, then that the next GPU trace succeeds (issue 31: after a `prefixlab
# quiz` killed by `timeout`, a prefixlab process was still listed by nvidia-smi).
#
#   tools/gpu_child_check.sh BUILD_DIR      (the build of tools/gpu_check.sh: build-gpu)
# Prints one line per case and "gpu child check: N of M cases clean"; exits 1 if any was not.
set -um # -m: jobs of their own, so that a background job takes SIGINT (a script's & otherwise ignores it)
build=${1:?usage: tools/gpu_child_check.sh BUILD_DIR}
bin=$(cd "$build/app" && pwd)/prefixlab
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# What of PrefixLab runs (the guard is a fork of it, the fragments are runs of it, compute-sanitizer
# runs them), by each process's executable (a command line may merely mention them), and what the GPU lists.
ours() {
  local p exe
  for p in /proc/[0-9]*; do
    exe=$(readlink "$p/exe" 2>/dev/null) || continue
    case "$exe" in "$bin" | */compute-sanitizer*) echo "${p#/proc/}" ;; esac
  done
}
on_gpu() { nvidia-smi --query-compute-apps=pid,process_name --format=csv,noheader 2>/dev/null || true; }

cases=0 clean=0
for signal in TERM INT HUP KILL; do
  for after in 3 8 20; do
    cases=$((cases + 1))
    "$bin" quiz --device gpu --timeout 30 --sanitizer-timeout 60 >"$work/quiz.out" 2>&1 &
    parent=$!
    sleep "$after"
    running=$(ours | wc -l)
    gpu_before=$(on_gpu | wc -l)
    kill -s "$signal" "$parent"
    wait "$parent" 2>/dev/null
    left="" gpu_left="" waited=0
    for tenth in $(seq 1 50); do
      left=$(ours)
      gpu_left=$(on_gpu)
      waited=$tenth
      [ -z "$left" ] && [ -z "$gpu_left" ] && break
      sleep 0.1
    done
    verdict=clean
    if [ -n "$left" ] || [ -n "$gpu_left" ]; then
      verdict="NOT CLEAN: processes [$(echo $left)] on the GPU [$(echo $gpu_left)]"
      kill -KILL $left 2>/dev/null
    else
      clean=$((clean + 1))
    fi
    echo "SIG$signal after ${after} s: $running processes of it running and $gpu_before on the GPU when killed;" \
      "after $((waited / 10)).$((waited % 10)) s: $verdict; it had printed: $(tail -1 "$work/quiz.out" | cut -c1-100)"
  done
done
echo "nvidia-smi --query-compute-apps now: [$(on_gpu)]"
if "$bin" grid-trace --device gpu --n 65536 --tile-threads 256 --out "$work/after.json" >"$work/after.out" 2>&1; then
  echo "the next GPU trace: $(cut -c1-160 "$work/after.out")"
else
  echo "the next GPU trace FAILED: $(cat "$work/after.out")"
  clean=-1
fi
echo "gpu child check: $clean of $cases cases clean"
[ "$clean" -eq "$cases" ]
