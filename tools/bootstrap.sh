#!/usr/bin/env bash
# Sets PrefixLab up on a fresh Debian or Ubuntu machine, then launches it or tests it.
#
#   tools/bootstrap.sh run       install what is missing, build the application, and open the GUI
#   tools/bootstrap.sh test      install what is missing, build everything, and run the whole test suite
#   tools/bootstrap.sh sanitize  install what is missing, then the sanitizer job (below)
#   tools/bootstrap.sh package   install what is missing (and lintian), build the application, make the .deb
#                                with CPack and check it with lintian; prints the package's path
#
# CI (.ci/run) runs test, then sanitize. On a 2-core machine (docs/build-time.md has the measurements):
# run opens the window after about 6 minutes the first time, test takes about 12, sanitize about 14;
# with the compiler cache warm (a fresh clone at the same place), test and sanitize together take about 8.
#
# The sanitizer job (docs/fuzzing.md) builds a second tree, CPU-only, with GCC's AddressSanitizer and
# UBSan, and runs its CPU, command-line, GUI and fuzz-replay tests; any sanitizer report fails it.
#
# What it installs: Debian packages (apt-get, only those missing; ccache among them, whose cache lives in
# ~/.cache/ccache) and the glad2 OpenGL-loader generator from PyPI into the project's own .venv. CUDA is
# used when nvcc is on PATH or in /usr/local/cuda; without it PrefixLab builds CPU-only and traces on
# its emulator.
#
# Each phase prints its wall time; with PREFIXLAB_PHASE_LOG=FILE each also appends "phase<TAB>seconds<TAB>
# status" to FILE, which .ci/run turns into its closing table.
set -euo pipefail

mode=${1:-}
case "$mode" in
  run | test | sanitize | package) ;;
  *)
    echo "usage: tools/bootstrap.sh run|test|sanitize|package" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build_dir=${PREFIXLAB_BUILD_DIR:-build}
sanitize_dir=${PREFIXLAB_SANITIZE_BUILD_DIR:-build-asan}

packages=(
  build-essential cmake ninja-build pkg-config python3 python3-venv ccache
  libglfw3-dev libimgui-dev libstb-dev fonts-dejavu-core
  libgtest-dev nlohmann-json3-dev libcli11-dev
  xvfb xauth libgl1-mesa-dri xdotool xserver-xorg-video-dummy x11-xserver-utils
  libcairo2-dev poppler-utils librsvg2-bin
  libgif-dev
)

# phase NAME COMMAND...: runs the command, prints and logs its wall time; returns its status.
phase() {
  local name=$1 start status=0
  shift
  start=$(date +%s)
  "$@" || status=$?
  local seconds=$(($(date +%s) - start))
  echo "== $name: $(printf '%d min %02d s' $((seconds / 60)) $((seconds % 60)))$([ $status -eq 0 ] || echo ", FAILED ($status)")"
  if [ -n "${PREFIXLAB_PHASE_LOG:-}" ]; then
    printf '%s\t%d\t%s\n' "$name" "$seconds" "$([ $status -eq 0 ] && echo ok || echo failed)" >>"$PREFIXLAB_PHASE_LOG"
  fi
  return $status
}

# ccache_counts: "hits misses" of the whole cache so far (ccache's own counters, never reset here, so
# that a user's statistics stay theirs); a build's share is the difference.
ccache_counts() {
  ccache --print-stats 2>/dev/null | awk -F '\t' '
    $1 ~ /^(direct|preprocessed)_cache_hit$/ { hits += $2 }
    $1 == "cache_miss" { misses += $2 }
    END { printf "%d %d\n", hits, misses }'
}

# cached_build DIR [cmake --build arguments]: builds through ccache and says how much came from it.
cached_build() {
  local dir=$1 before after hits0 misses0 hits1 misses1
  shift
  before=$(ccache_counts)
  cmake --build "$dir" "$@" || return 1
  after=$(ccache_counts)
  read -r hits0 misses0 <<<"$before"
  read -r hits1 misses1 <<<"$after"
  echo "== ccache: $((hits1 - hits0)) compiles from the cache, $((misses1 - misses0)) compiled ($(ccache --get-config cache_dir))"
  ccache --show-stats
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing_packages() {
  local missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing: ${missing[*]}"
    as_root apt-get update -qq &&
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

install_glad() {
  if [ ! -x .venv/bin/glad ]; then
    echo "== creating .venv with glad2 (generates the OpenGL loader at build time)"
    python3 -m venv .venv && .venv/bin/pip install --quiet --disable-pip-version-check glad2==2.0.8
  fi
}

set_up() {
  install_missing_packages && install_glad
}

configure() {
  # nvcc is often installed outside PATH
  if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
  echo "== configuring $build_dir"
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
}

configure_sanitized() {
  # -O1 (what the sanitizers' documentation advises: inlining that keeps reports readable, none of
  # -O2's longer builds) with line tables (-g1), so reports name file and line. CPU-only: the
  # sanitizers instrument host code, and the GPU tests would only be skipped.
  echo "== sanitizer job: configuring $sanitize_dir (AddressSanitizer, UBSan, CPU-only)"
  cmake -S . -B "$sanitize_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
    -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DPREFIXLAB_CUDA=OFF -DPREFIXLAB_SANITIZE=ON
}

sanitized_tests() {
  echo "== sanitizer job: CPU, command-line, GUI and fuzz-replay tests; any sanitizer report fails its test"
  (
    . tests/sanitizers/options.sh
    ctest --test-dir "$sanitize_dir" --output-on-failure -j "$(nproc)" -LE gpu && exit 0
    # LeakSanitizer's exit-time tracer sometimes crashes ("Tracer caught signal 11 … LeakSanitizer has
    # encountered a fatal error"): a failure of the tool while threads end, not a leak and not the test's
    # (google/sanitizers#1353; tests/sanitizers/options.sh). When the failed run shows that signature,
    # the failed tests run once more; any other failure stands.
    grep -q "LeakSanitizer has encountered a fatal error" "$sanitize_dir/Testing/Temporary/LastTest.log" || exit 1
    echo "== sanitizer job: LeakSanitizer's tracer crashed (google/sanitizers#1353): the failed tests once more"
    ctest --test-dir "$sanitize_dir" --rerun-failed --output-on-failure -LE gpu
  )
}

# The .deb from the application's build: CPack (CMakeLists.txt, its end) into build/packages/, then lintian, whose
# errors fail this mode (warnings are printed).
make_package() {
  cpack --config "$build_dir/CPackConfig.cmake" -B "$build_dir/packages" || return 1
  local deb
  deb=$(ls -t "$build_dir"/packages/prefixlab_*.deb | head -1)
  echo "== lintian $deb"
  lintian --fail-on error "$deb" || return 1
  echo "== package: $deb"
}

if [ "$mode" = package ]; then
  packages+=(lintian dpkg-dev file)
fi

# Inside a phase, set -e does not act (the command is on the left of ||): each step returns its failure.
phase "set-up (packages, glad)" set_up

case "$mode" in
  run)
    phase "configure" configure
    # The application only: the tests' 150 translation units wait for `test`.
    phase "build (the application)" cached_build "$build_dir" --target prefixlab
    exec "$build_dir/app/prefixlab"
    ;;
  test)
    phase "configure" configure
    phase "build" cached_build "$build_dir"
    echo "== running the tests (GPU tests are skipped, with the reason, where there is no CUDA GPU)"
    phase "tests" ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
    ;;
  package)
    phase "configure" configure
    phase "build (the application and its desktop files)" cached_build "$build_dir" --target prefixlab \
      prefixlab_desktop_files prefixlab_package_changelog
    phase "package" make_package
    ;;
  sanitize)
    phase "sanitizer job: configure" configure_sanitized
    phase "sanitizer job: build" cached_build "$sanitize_dir"
    phase "sanitizer job: tests" sanitized_tests
    ;;
esac
