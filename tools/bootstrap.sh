#!/usr/bin/env bash
# Sets PrefixLab up on a fresh Debian or Ubuntu machine, then launches it or tests it.
#
#   tools/bootstrap.sh run    install what is missing, build, and open the GUI
#   tools/bootstrap.sh test   install what is missing, build, and run the whole test suite
#
# What it installs: Debian packages (apt-get, only those missing) and the glad2 OpenGL-loader
# generator from PyPI into the project's own .venv. CUDA is used when nvcc is on PATH or in
# /usr/local/cuda; without it PrefixLab builds CPU-only and traces on its emulator.
set -euo pipefail

mode=${1:-}
case "$mode" in
  run | test) ;;
  *)
    echo "usage: tools/bootstrap.sh run|test" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build_dir=${PREFIXLAB_BUILD_DIR:-build}

packages=(
  build-essential cmake ninja-build pkg-config python3 python3-venv
  libglfw3-dev libimgui-dev libstb-dev fonts-dejavu-core
  libgtest-dev nlohmann-json3-dev libcli11-dev
  xvfb xauth libgl1-mesa-dri
  libcairo2-dev poppler-utils librsvg2-bin
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

install_missing_packages
install_glad
build

if [ "$mode" = run ]; then
  exec "$build_dir/app/prefixlab"
fi
echo "== running the tests (GPU tests are skipped, with the reason, where there is no CUDA GPU)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
