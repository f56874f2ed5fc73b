#!/usr/bin/env bash
# Where a build's and a test run's time goes, so that every change to the build is judged by numbers
# (docs/build-time.md holds the tables this printed before and after each change).
#
#   tools/build_report.sh [BUILD_DIR] [TOP]     BUILD_DIR defaults to build, TOP (rows per table) to 15
#
# Build: from BUILD_DIR/.ninja_log, the newest record of every output (a later partial build replaces
# only what it rebuilt), as ninja measured it: wall-clock seconds per step while the other jobs ran
# beside it, so on a 2-core machine with ninja's default of 3 jobs a step reads about 1.5 times what it
# takes alone. Tests: from BUILD_DIR/Testing/Temporary/LastTest.log, the last ctest run.
# (No `head` in a pipe: with pipefail the writer's SIGPIPE would end the script.)
set -euo pipefail

build_dir=${1:-build}
top=${2:-15}
case "$top" in
  '' | *[!0-9]*)
    echo "build_report.sh: TOP '$top': expected a whole number of rows" >&2
    exit 2
    ;;
esac
if [ ! -d "$build_dir" ]; then
  echo "build_report.sh: '$build_dir' is no build folder" >&2
  exit 2
fi

ninja_log="$build_dir/.ninja_log"
if [ -f "$ninja_log" ]; then
  # Newest record per output (the log appends every build), then one row per compile or link step with
  # its seconds, its target (from CMakeFiles/<target>.dir/) and its kind.
  steps=$(awk '
    NR == 1 || /^#/ { next }
    { start[$4] = $1; end[$4] = $2 }
    END {
      for (out in start) {
        seconds = (end[out] - start[out]) / 1000
        target = "(link or generate)"
        if (match(out, /CMakeFiles\/[^\/]+\.dir\//)) target = substr(out, RSTART + 11, RLENGTH - 16)
        kind = "link/other"
        if (out ~ /\.cu\.o$/) kind = "CUDA"
        else if (out ~ /\.(c|cc|cpp|cxx)\.o$/) kind = "C/C++"
        printf "%.2f\t%s\t%s\t%s\n", seconds, kind, target, out
      }
    }' "$ninja_log" | sort -t "$(printf '\t')" -k1,1 -rn)
  count=$(printf '%s\n' "$steps" | grep -c . || true)
  echo "## Build: $build_dir ($count steps in .ninja_log; seconds per step as ninja saw them)"
  echo
  printf '%s\n' "$steps" | awk -F '\t' '
    { total += $1; by_kind[$2] += $1; n_kind[$2]++ }
    END {
      printf "| kind | steps | seconds |\n|---|---:|---:|\n"
      for (k in by_kind) printf "| %s | %d | %.0f |\n", k, n_kind[k], by_kind[k]
      printf "| all | %d | %.0f |\n\n", NR, total
    }'
  echo "Slowest $top steps:"
  echo
  echo "| seconds | kind | step |"
  echo "|---:|---|---|"
  printf '%s\n' "$steps" | awk -F '\t' -v top="$top" 'NR <= top { printf "| %.1f | %s | %s |\n", $1, $2, $4 }'
  echo
  echo "Targets by their compile and link seconds ($top largest):"
  echo
  echo "| seconds | steps | target |"
  echo "|---:|---:|---|"
  printf '%s\n' "$steps" | awk -F '\t' '{ s[$3] += $1; n[$3]++ } END { for (t in s) printf "%.1f\t%d\t%s\n", s[t], n[t], t }' |
    sort -rn | awk -F '\t' -v top="$top" 'NR <= top { printf "| %.0f | %d | %s |\n", $1, $2, $3 }'
  echo
else
  echo "## Build: no $ninja_log (build with Ninja first: tools/bootstrap.sh does)"
  echo
fi

test_log="$build_dir/Testing/Temporary/LastTest.log"
if [ -f "$test_log" ]; then
  # "N/M Test: NAME" opens a test's record and "Test time = S sec" closes it.
  tests=$(awk '
    /^[0-9]+\/[0-9]+ Test: / { name = $3 }
    /^Test time = / && name != "" { printf "%.2f\t%s\n", $4, name; name = "" }' "$test_log" | sort -rn)
  count=$(printf '%s\n' "$tests" | grep -c . || true)
  echo "## Tests: the last ctest run in $build_dir ($count tests, $(sed -n '0,/^Start testing: /s/^Start testing: //p' "$test_log"))"
  echo
  printf '%s\n' "$tests" | awk -F '\t' '{ s += $1 } END { printf "Sum of the tests'"'"' own times: %.0f s (ctest runs them side by side)\n\n", s }'
  echo "Slowest $top tests:"
  echo
  echo "| seconds | test |"
  echo "|---:|---|"
  printf '%s\n' "$tests" | awk -F '\t' -v top="$top" 'NR <= top { printf "| %.1f | %s |\n", $1, $2 }'
  echo
  # ctest's own summary of the labelled tests (gui, gpu, fuzz, ...), at the end of its log.
  labels=$(grep -E '^[a-z]+ = +[0-9.]+ sec\*proc' "$test_log" || true)
  if [ -n "$labels" ]; then
    echo "By label (seconds): $(printf '%s\n' "$labels" | sed -E 's/ += +/ /; s/ sec\*proc//' | paste -sd ',' | sed 's/,/, /g')"
    echo
  fi
else
  echo "## Tests: no $test_log (run ctest in $build_dir first)"
fi
