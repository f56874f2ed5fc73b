#!/usr/bin/env python3
"""The untraced kernels carry no instrumentation cost: compiles every untraced block kernel
(tests/ptx/untraced_block_kernels.cu: block_scan_kernel<..., false> for each kernel's instantiation list)
to PTX and checks each for
  - no local memory (a sign that views or the layout spilled out of registers),
  - shared memory reached only with ld.shared / st.shared, never generic 32-bit loads and stores,
  - no division (a padding computed at run time instead of known at compile time).
The double-buffered kernel once failed all three (docs/bank-conflicts.md), and Nsight Compute then
counted extra wavefronts that no bank model can predict. The multi-block drivers' kernels
(kernels/bench/gpu_scan_drivers.cu: tile scans, reduce, propagate, global Hillis–Steele) and the tuned
scans (gpu_tuned_runners.cu) are what the benchmark times, so they are held to the same rules (the
shared-memory one where they use it). The three units compile side by side.

Usage: check_untraced_ptx.py NVCC SOURCE_DIR
"""

import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path



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
                    str(source), "-o", str(out)], check=True)
    return out.read_text()


def main():
    nvcc, source_dir = sys.argv[1], Path(sys.argv[2])
    units = {
        "block": source_dir / "tests" / "ptx" / "untraced_block_kernels.cu",
        "drivers": source_dir / "kernels" / "bench" / "gpu_scan_drivers.cu",
        "tuned": source_dir / "kernels" / "bench" / "gpu_tuned_runners.cu",
    }
    # Which kernels of a unit must reach shared memory: every block kernel, the drivers' tile scans, the
    # tuned scans' register tiles.
    uses_shared = {
        "block": lambda name: True,
        "drivers": lambda name: "tile_scan_kernel" in name,
        "tuned": lambda name: "RegisterTile" in name,
    }
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(max_workers=len(units)) as pool:
        compiled = {what: pool.submit(compile_ptx, nvcc, source_dir, unit, Path(tmp) / f"{what}.ptx")
                    for what, unit in units.items()}
        for what, ptx in compiled.items():
            count = 0
            for name, body in kernels(ptx.result()):
                count += 1
                problems = problems_of(body, uses_shared[what](name))
                if problems:
                    failures.append(f"{what}: {name}: {', '.join(problems)}")
            if count == 0:
                failures.append(f"{what}: no kernel in {units[what].name}'s PTX")
            checked += count
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
