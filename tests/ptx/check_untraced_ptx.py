#!/usr/bin/env python3
"""The untraced kernels carry no instrumentation cost: compiles each kernels/cuda/gpu_<algorithm>.cu to
PTX and checks every untraced instantiation (block_scan_kernel<..., false>) for
  - no local memory (a sign that views or the layout spilled out of registers),
  - shared memory reached only with ld.shared / st.shared, never generic 32-bit loads and stores,
  - no division (a padding computed at run time instead of known at compile time).
The double-buffered kernel once failed all three (docs/bank-conflicts.md), and Nsight Compute then
counted extra wavefronts that no bank model can predict. The multi-block drivers' kernels
(kernels/cuda/gpu_scan_drivers.cu: tile scans, reduce, propagate, global Hillis–Steele) are what the
benchmark times, so they are held to the same rules (the shared-memory one where they use it).

Usage: check_untraced_ptx.py NVCC SOURCE_DIR
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ALGORITHMS = ["hillis_steele", "hillis_steele_double_buffer", "hillis_steele_racy", "blelloch",
              "blelloch_padded", "warp_shuffle"]


def kernels(ptx):
    """Yields (name, body) for every .entry in the PTX text."""
    for match in re.finditer(r"\.visible \.entry (\S+)\(", ptx):
        end = ptx.find("\n}", match.end())
        yield match.group(1), ptx[match.end():end]


def problems_of(body, uses_shared):
    problems = []
    if ".local" in body:
        problems.append("uses local memory")
    if re.search(r"^\s*(ld|st)\.(u32|s32|f32|b32)\s", body, re.M):
        problems.append("reaches memory with generic loads or stores")
    if re.search(r"^\s*div\.", body, re.M):
        problems.append("divides")
    if uses_shared and not re.search(r"\b(ld|st)\.shared\.", body):
        problems.append("has no shared-memory access at all")
    return problems


def compile_ptx(nvcc, source_dir, source, out):
    subprocess.run([nvcc, "-std=c++20", "-arch=sm_90", "-O3", "--ptx", "--diag-suppress=445", f"-I{source_dir}",
                    str(source_dir / "kernels" / "cuda" / source), "-o", str(out)], check=True)
    return out.read_text()


def main():
    nvcc, source_dir = sys.argv[1], Path(sys.argv[2])
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for algorithm in ALGORITHMS:
            ptx = compile_ptx(nvcc, source_dir, f"gpu_{algorithm}.cu", Path(tmp) / f"{algorithm}.ptx")
            for name, body in kernels(ptx):
                # The last template argument is kTraced: ...Lb0EEEv is untraced (Lb1E, traced, may use
                # what it likes). Blelloch's own <bool kPadded> argument also mangles as Lb0E/Lb1E.
                if "Lb0EEEv" not in name:
                    continue
                checked += 1
                problems = problems_of(body, uses_shared=True)
                if problems:
                    failures.append(f"{algorithm}: {name}: {', '.join(problems)}")
        ptx = compile_ptx(nvcc, source_dir, "gpu_scan_drivers.cu", Path(tmp) / "drivers.ptx")
        for name, body in kernels(ptx):
            checked += 1
            problems = problems_of(body, uses_shared="tile_scan_kernel" in name)
            if problems:
                failures.append(f"drivers: {name}: {', '.join(problems)}")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
