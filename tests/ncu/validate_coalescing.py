#!/usr/bin/env python3
"""Checks PrefixLab's global-memory coalescing model against Nsight Compute, on a machine with an NVIDIA GPU.

For every configuration validate_bank_conflicts.py runs (every kernel `prefixlab kernels --json` lists as
traceable, at N = 64, 1000 and its largest, its minimal block and 1024 threads, a scan's exclusive form),
it asks PrefixLab for the model's totals
(`prefixlab trace --stats`, "global_totals", from an emulated trace) and profiles the untraced kernel
(`prefixlab run`) with `ncu`, then compares:

  warp-wide global loads (requests)   == l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
  32-byte sectors they move           == l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
  (and the same for stores, _st; global atomics whose old value is dropped, _red; atomics whose value is
  used, _atom: histogram-global-atomics' counts, bucket-by-atomics has none in global memory)

Every difference is printed; docs/coalescing.md explains each kernel's with the evidence.

Usage: validate_coalescing.py PREFIXLAB [--ncu NCU] [--log FILE] [--only NAME]
Exit status 0 when every configuration matches, 1 on any mismatch, 2 on a tool failure.
"""

import argparse
import json
import sys

from validate_bank_conflicts import configurations, model_report, ncu_counters

METRICS = {
    "load_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "load_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "store_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "store_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "reduction_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
    "reduction_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum",
    "atomic_requests": "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
    "atomic_sectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum",
}


def pair(totals, what):
    """The reductions' and the atomics' count of one kind, as "red/atom"."""
    return f"{totals['reduction_' + what]}/{totals['atomic_' + what]}"


def model_totals(prefixlab, algorithm, n, block, exclusive):
    report = model_report(prefixlab, algorithm, n, block, exclusive)
    return report["global_totals"], report["block_threads"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefixlab")
    parser.add_argument("--ncu", default="ncu")
    parser.add_argument("--log", help="also write the table as JSON here")
    parser.add_argument("--only", help="validate only the kernels whose name contains this")
    args = parser.parse_args()

    rows, mismatches = [], 0
    header = (f"{'kernel':28} {'N':>5} {'threads':>7} {'excl':>4} | {'ld req':>6} {'ncu':>6} {'ld sec':>6} {'ncu':>6} | "
              f"{'st req':>6} {'ncu':>6} {'st sec':>6} {'ncu':>6} | {'red/atom req':>13} {'ncu':>13} "
              f"{'red/atom sec':>13} {'ncu':>13} | result")
    print(header)
    print("-" * len(header))
    try:
        for algorithm, n, block, exclusive in configurations(args.prefixlab):
            if args.only and args.only not in algorithm:
                continue
            if block and model_totals(args.prefixlab, algorithm, n, 0, exclusive)[1] == block:
                continue  # the minimal block is this one: validated already
            model, threads = model_totals(args.prefixlab, algorithm, n, block, exclusive)
            hw = ncu_counters(args.ncu, args.prefixlab, algorithm, n, block, exclusive, METRICS)
            ok = all(model[key] == hw[key] for key in METRICS)
            mismatches += not ok
            print(f"{algorithm:28} {n:5} {threads:7} {'yes' if exclusive else 'no':>4} | "
                  f"{model['load_requests']:6} {hw['load_requests']:6} {model['load_sectors']:6} {hw['load_sectors']:6} | "
                  f"{model['store_requests']:6} {hw['store_requests']:6} {model['store_sectors']:6} {hw['store_sectors']:6} | "
                  f"{pair(model, 'requests'):>13} {pair(hw, 'requests'):>13} "
                  f"{pair(model, 'sectors'):>13} {pair(hw, 'sectors'):>13} | "
                  f"{'equal' if ok else 'MISMATCH'}", flush=True)
            rows.append({"algorithm": algorithm, "n": n, "block_threads": threads, "exclusive": exclusive,
                         "model": model, "nsight_compute": hw, "equal": ok})
    except RuntimeError as error:
        print(f"validate_coalescing: {error}", file=sys.stderr)
        return 2
    if args.log:
        with open(args.log, "w") as f:
            json.dump(rows, f, indent=2)
    print(f"{len(rows) - mismatches} of {len(rows)} configurations equal, {mismatches} mismatches")
    return 0 if mismatches == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
