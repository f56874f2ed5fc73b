#!/usr/bin/env bash
# Sets PrefixLab up on a fresh Debian or Ubuntu machine, then launches it or tests it.
#
#   tools/bootstrap.sh run       install what is missing, build, and open the GUI
#   tools/bootstrap.sh test      install what is missing, build, and run the whole test suite; then the
#                                sanitizer job (below)
#   tools/bootstrap.sh sanitize  install what is missing and run only the sanitizer job
#
# The sanitizer job (docs/fuzzing.md) builds a second tree, CPU-only, with GCC's AddressSanitizer and
# UBSan, and runs its CPU, command-line, GUI and fuzz-replay tests; any sanitizer report fails it.
#
# What it installs: Debian packages (apt-get, only those missing) and the glad2 OpenGL-loader
# generator from PyPI into the project's own .venv. CUDA is used when nvcc is on PATH or in
# /usr/local/cuda; without it PrefixLab builds CPU-only and traces on its emulator.
set -euo pipefail

mode=${1:-}
case "$mode" in
  run | test | sanitize) ;;
  *)
    echo "usage: tools/bootstrap.sh run|test|sanitize" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build_dir=${PREFIXLAB_BUILD_DIR:-build}
sanitize_dir=${PREFIXLAB_SANITIZE_BUILD_DIR:-build-asan}

packages=(
  build-essential cmake ninja-build pkg-config python3 python3-venv
  libglfw3-dev libimgui-dev libstb-dev fonts-dejavu-core
  libgtest-dev nlohmann-json3-dev libcli11-dev
  xvfb xauth libgl1-mesa-dri xdotool
  libcairo2-dev poppler-utils librsvg2-bin
  libgif-dev
)

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
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

install_glad() {
  if [ ! -x .venv/bin/glad ]; then
    echo "== creating .venv with glad2 (generates the OpenGL loader at build time)"
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check glad2==2.0.8
  fi
}

build() {
  # nvcc is often installed outside PATH
  if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
  echo "== configuring and building in $build_dir"
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build_dir"
}

sanitizer_job() {
  # -O1 (what the sanitizers' documentation advises: inlining that keeps reports readable, none of
  # -O2's longer builds) with line tables (-g1), so reports name file and line. CPU-only: the
  # sanitizers instrument host code, and the GPU tests would only be skipped.
  echo "== sanitizer job: configuring and building in $sanitize_dir (AddressSanitizer, UBSan, CPU-only)"
  # (Called as `sanitizer_job || …`, where set -e does not act: every step returns its failure.)
  cmake -S . -B "$sanitize_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
    -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DPREFIXLAB_CUDA=OFF -DPREFIXLAB_SANITIZE=ON || return 1
  cmake --build "$sanitize_dir" || return 1
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

install_missing_packages
install_glad

if [ "$mode" = sanitize ]; then
  sanitizer_job || exit 1
  exit 0
fi

build
if [ "$mode" = run ]; then
  exec "$build_dir/app/prefixlab"
fi
# Both jobs run even if the first fails, so that one CI run reports both.
status=0
echo "== running the tests (GPU tests are skipped, with the reason, where there is no CUDA GPU)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" || status=1
sanitizer_job || status=1
exit $status
