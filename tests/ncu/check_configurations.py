#!/usr/bin/env python3
"""The Nsight Compute validators' configurations come from `prefixlab kernels --json`, checked without a GPU:
every kernel that leaves a trace at N = 64, 1000 and its largest N, with its minimal block and 1024 threads,
and at N = 1000 exclusive exactly where the kernel has an exclusive form; no kernel without a trace.

    check_configurations.py PREFIXLAB    exits 1 with one line per problem, 0 when all hold
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the validators in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from validate_bank_conflicts import configurations  # noqa: E402


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    prefixlab = argv[1]
    table = json.loads(subprocess.run([prefixlab, "kernels", "--json"], capture_output=True, text=True,
                                      check=True).stdout)["kernels"]
    got = list(configurations(prefixlab))
    expected = []
    for kernel in table:
        if not kernel["traceable"]:
            continue
        for n in (64, 1000, kernel["max_n"]):
            expected += [(kernel["name"], n, 0, False), (kernel["name"], n, 1024, False)]
        if kernel["exclusive_form"]:
            expected.append((kernel["name"], 1000, 0, True))
    problems = []
    if got != expected:
        problems += [f"missing: {c}" for c in expected if c not in got]
        problems += [f"not expected: {c}" for c in got if c not in expected]
        if not problems:
            problems.append("the configurations are out of order")
    largest = {}
    for name, n, _, _ in got:
        largest[name] = max(n, largest.get(name, 0))
    for kernel in table:  # a few facts that do not follow from the loop above
        if kernel["traceable"] and largest.get(kernel["name"]) != kernel["max_n"]:
            problems.append(f"{kernel['name']}: largest N {largest.get(kernel['name'])}, not {kernel['max_n']}")
        if not kernel["traceable"] and kernel["name"] in largest:
            problems.append(f"{kernel['name']} leaves no trace and cannot be validated")
    if not any(n > 1024 for _, n, _, _ in got):
        problems.append("no kernel above N = 1024 (Blelloch's 2048, the shuffle reductions' 8192)")
    for problem in problems:
        print(problem)
    print(f"{len(got)} configurations, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
