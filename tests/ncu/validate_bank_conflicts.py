#!/usr/bin/env python3
"""Checks PrefixLab's shared-memory bank model against Nsight Compute, on a machine with an NVIDIA GPU.

For every kernel, size and block size below, it asks PrefixLab for the model's totals
(`prefixlab trace --stats`, from an emulated trace: GPU traces equal emulated ones, the GPU tests prove
it) and profiles the untraced kernel (`prefixlab run`, what benchmarks time) with `ncu`, then requires
exact equality:

  warp-wide shared loads   == smsp__sass_inst_executed_op_shared_ld.sum
  load conflicts           == l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
                              - smsp__sass_inst_executed_op_shared_ld.sum
  (and the same for stores, _st, and for shared atomics, _atom: an atomic is neither a load nor a store,
  and its wavefronts beyond one an instruction are its conflicts, as a load's are)

Usage: validate_bank_conflicts.py PREFIXLAB [--ncu NCU] [--log FILE] [--only NAME] [--input random|iota|ones]

--input changes what the atomics contend for (bucket-by-atomics: iota spreads a warp's lanes over 4 buckets,
ones puts all 32 on one word); loads and stores of the other kernels do not depend on it.
Exit status 0 when every configuration matches, 1 on any mismatch, 2 on a tool failure.
"""

import argparse
import csv
import io
import json
import os
import subprocess
import sys
import tempfile

METRICS = {
    "ld_inst": "smsp__sass_inst_executed_op_shared_ld.sum",
    "st_inst": "smsp__sass_inst_executed_op_shared_st.sum",
    "ld_wave": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "st_wave": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "atom_inst": "smsp__sass_inst_executed_op_shared_atom.sum",
    "atom_wave": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
}

def kernel_table(prefixlab):
    """Every kernel of the catalogue with its limits and forms, as `prefixlab kernels --json` lists them: the
    one kernel list PrefixLab keeps (core/ground/kernel_info.hpp), so that none is kept here."""
    return json.loads(run([prefixlab, "kernels", "--json"]))["kernels"]


def configurations(prefixlab):
    """Every kernel that leaves a trace (the quiz's wrong fragments with a divergent barrier or shuffle do
    not: `prefixlab quiz` runs those) at N = 64, 1000 and its per-block maximum, with its minimal block (0)
    and with 1024 threads (skipped where the minimal block is 1024 already); plus the exclusive variant at
    N = 1000 where the kernel has one (a scan's: reductions, compactions and splits have none)."""
    for kernel in kernel_table(prefixlab):
        if not kernel["traceable"]:
            continue
        for n in (64, 1000, kernel["max_n"]):
            yield kernel["name"], n, 0, False
            yield kernel["name"], n, 1024, False
        if kernel["exclusive_form"]:
            yield kernel["name"], 1000, 0, True


def run(command):
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{' '.join(command)} did not finish within 120 s")
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def block_option(block):
    """--block B, or nothing for the algorithm's minimal block (0 here; prefixlab refuses --block 0)."""
    return ["--block", str(block)] if block else []


INPUT = ["random"]  # --input: the same for the model's trace and the profiled run


def model_report(prefixlab, algorithm, n, block, exclusive):
    """The model's statistics of an emulated trace (`prefixlab trace --stats`), as JSON."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [prefixlab, "trace", "--algo", algorithm, "--n", str(n), *block_option(block), "--input", INPUT[0],
                   "--device", "cpu", "--stats", "--out", os.path.join(tmp, "trace.json")]
        if exclusive:
            command.append("--exclusive")
        return json.loads(run(command))


def model_totals(prefixlab, algorithm, n, block, exclusive):
    report = model_report(prefixlab, algorithm, n, block, exclusive)
    return report["totals"], report["block_threads"]


def ncu_counters(ncu, prefixlab, algorithm, n, block, exclusive, metrics):
    """Nsight Compute's `metrics` ({key: metric name}) for the untraced kernel (`prefixlab run`), by key."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "ncu.csv")
        command = [ncu, "--csv", "--log-file", log, "--metrics", ",".join(metrics.values()),
                   "--kernel-name", "regex:block_scan_kernel", prefixlab, "run", "--algo", algorithm, "--n", str(n),
                   *block_option(block), "--input", INPUT[0]]
        if exclusive:
            command.append("--exclusive")
        run(command)
        with open(log) as f:
            text = f.read()
    # The CSV starts at its header; ncu may write ==PROF== lines before it.
    start = text.find('"ID"')
    if start < 0:
        raise RuntimeError(f"no CSV from ncu for {algorithm} n={n}: {text[:300]}")
    values = {}
    kernels = set()
    for row in csv.DictReader(io.StringIO(text[start:])):
        kernels.add(row["ID"])
        values[row["Metric Name"]] = int(float(row["Metric Value"].replace(",", "")))
    if len(kernels) != 1:
        raise RuntimeError(f"expected one profiled kernel for {algorithm} n={n}, found {len(kernels)}")
    return {key: values[name] for key, name in metrics.items()}


def hardware_counters(ncu, prefixlab, algorithm, n, block, exclusive):
    return ncu_counters(ncu, prefixlab, algorithm, n, block, exclusive, METRICS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixlab")
    parser.add_argument("--ncu", default="ncu")
    parser.add_argument("--log", help="also write the table as JSON here")
    parser.add_argument("--only", help="validate only the kernels whose name contains this")
    parser.add_argument("--input", default="random", choices=["random", "iota", "ones"])
    args = parser.parse_args()
    INPUT[0] = args.input

    rows, mismatches = [], 0
    header = (f"{'kernel':28} {'N':>5} {'threads':>7} {'excl':>4} | {'loads':>6} {'ncu':>6} {'ld conf':>7} {'ncu':>7} | "
              f"{'stores':>6} {'ncu':>6} {'st conf':>7} {'ncu':>7} | {'atoms':>5} {'ncu':>5} {'conf':>5} {'ncu':>5} | result")
    print(header)
    print("-" * len(header))
    try:
        for algorithm, n, block, exclusive in configurations(args.prefixlab):
            if args.only and args.only not in algorithm:
                continue
            if block and model_totals(args.prefixlab, algorithm, n, 0, exclusive)[1] == block:
                continue  # the minimal block is this one: validated already
            model, threads = model_totals(args.prefixlab, algorithm, n, block, exclusive)
            hw = hardware_counters(args.ncu, args.prefixlab, algorithm, n, block, exclusive)
            measured = {
                "loads": hw["ld_inst"],
                "load_conflicts": hw["ld_wave"] - hw["ld_inst"],
                "stores": hw["st_inst"],
                "store_conflicts": hw["st_wave"] - hw["st_inst"],
                "atomics": hw["atom_inst"],
                "atomic_conflicts": hw["atom_wave"] - hw["atom_inst"],
            }
            ok = all(model[key] == measured[key] for key in measured)
            mismatches += not ok
            print(f"{algorithm:28} {n:5} {threads:7} {'yes' if exclusive else 'no':>4} | "
                  f"{model['loads']:6} {measured['loads']:6} {model['load_conflicts']:7} {measured['load_conflicts']:7} | "
                  f"{model['stores']:6} {measured['stores']:6} {model['store_conflicts']:7} {measured['store_conflicts']:7} | "
                  f"{model['atomics']:5} {measured['atomics']:5} {model['atomic_conflicts']:5} {measured['atomic_conflicts']:5} | "
                  f"{'equal' if ok else 'MISMATCH'}", flush=True)
            rows.append({"algorithm": algorithm, "n": n, "block_threads": threads, "exclusive": exclusive,
                         "model": model, "nsight_compute": measured, "raw": hw, "equal": ok})
    except RuntimeError as error:
        print(f"validate_bank_conflicts: {error}", file=sys.stderr)
        return 2
    if args.log:
        with open(args.log, "w") as f:
            json.dump(rows, f, indent=2)
    print(f"{len(rows) - mismatches} of {len(rows)} configurations equal, {mismatches} mismatches")
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
