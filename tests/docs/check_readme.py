#!/usr/bin/env python3
"""README.md says what the app has, and stays true (issue 32): under "What it traces" its kernel table
lists every kernel and grid driver of `prefixlab kernels --json` with its family and N range, and nothing
else, and its command table every subcommand of `prefixlab --help`, and nothing else; its
"Documentation" section links every file in docs/.

    check_readme.py PREFIXLAB SOURCE_DIR    checks README.md, prints one line per problem, exits 1 if any
    check_readme.py --self-test PREFIXLAB SOURCE_DIR
                                            removes a kernel row, a command row and a doc link from the
                                            real README in turn and requires each to be found
"""
import json
import os
import re
import subprocess
import sys

# The README's words for a kernel's family: the table's "family" column.
FAMILY_WORDS = {"scan": "scan", "reduction": "reduction", "compaction": "compaction",
                "quiz-variant": "quiz variant"}
GRID_FAMILY_WORD = "grid driver"
CELL_NAME = re.compile(r"^`([a-z0-9-]+)`$")


def run(command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def kernel_table(prefixlab):
    return json.loads(run([prefixlab, "kernels", "--json"]))


def subcommands(prefixlab):
    """The subcommands `prefixlab --help` lists (a hidden one, such as the quiz's child, is not listed)."""
    lines = run([prefixlab, "--help"]).splitlines()
    start = lines.index("Subcommands:") + 1
    names = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        names.append(line.split()[0])
    return names


def n_text(n):
    """A size as the README writes it: digits, or 2^k for a power of two above 65536."""
    return f"2^{n.bit_length() - 1}" if n > 65536 and n & (n - 1) == 0 else str(n)


def expected_rows(table):
    """{name: (family word, N range text)} for every kernel and grid driver."""
    rows = {}
    for k in table["kernels"]:
        rows[k["name"]] = (FAMILY_WORDS.get(k["family"], k["family"]), f"{k['min_n']}–{n_text(k['max_n'])}")
    for d in table["grid_drivers"]:
        rows[d["name"]] = (GRID_FAMILY_WORD, f"{d['min_n']}–{n_text(d['max_n_emulated'])} emulated, "
                                             f"{d['min_n']}–{n_text(d['max_n_gpu_trace'])} on the GPU")
    return rows


def section(text, title):
    """The lines of the `## title` section, without its heading; [] when there is none."""
    lines = text.splitlines()
    try:
        start = lines.index(f"## {title}") + 1
    except ValueError:
        return []
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def table_rows(lines, first_header):
    """The cells of every row of the tables whose first header cell is `first_header`."""
    rows, inside = [], False
    for line in lines:
        if not line.startswith("|"):
            inside = False
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not inside:
            inside = cells[0] == first_header
            continue
        if set(cells[0]) <= set("-: "):
            continue  # the separator row
        rows.append(cells)
    return rows


def check_kernels(readme, table):
    problems = []
    expected = expected_rows(table)
    seen = set()
    rows = table_rows(section(readme, "What it traces"), "kernel")
    if not rows:
        return ["README.md: no kernel table (| kernel | family | what it shows | N |) under '## What it traces'"]
    for cells in rows:
        match = CELL_NAME.match(cells[0])
        if not match or len(cells) != 4:
            problems.append(f"README.md: kernel row not of the form | `name` | family | what | N |: {' | '.join(cells)}")
            continue
        name = match.group(1)
        if name in seen:
            problems.append(f"README.md: kernel {name} is listed twice")
        seen.add(name)
        if name not in expected:
            problems.append(f"README.md: kernel {name} is not in `prefixlab kernels --json`")
            continue
        family, n_range = expected[name]
        if cells[1] != family:
            problems.append(f"README.md: kernel {name}: family '{cells[1]}', the app says '{family}'")
        if cells[3] != n_range:
            problems.append(f"README.md: kernel {name}: N '{cells[3]}', the app says '{n_range}'")
    for name in expected:
        if name not in seen:
            problems.append(f"README.md: kernel {name} ({expected[name][0]}) is missing from the kernel table")
    return problems


def check_commands(readme, names):
    problems = []
    listed = []
    for cells in table_rows(section(readme, "What it traces"), "command"):
        match = re.match(r"^`prefixlab ([a-z][a-z-]*)", cells[0])
        if match:
            listed.append(match.group(1))
    if not listed:
        return ["README.md: no command table (| command | what it does |) under '## What it traces'"]
    for name in names:
        if name not in listed:
            problems.append(f"README.md: subcommand {name} (prefixlab --help) is missing from the command table")
    for name in listed:
        if name not in names:
            problems.append(f"README.md: command {name} is not a subcommand of prefixlab --help")
    return problems


def check_docs_index(readme, doc_files):
    index = "\n".join(section(readme, "Documentation"))
    if not index:
        return ["README.md: no '## Documentation' section"]
    linked = set(re.findall(r"\]\(docs/([^)#]+\.md)(?:#[^)]*)?\)", index))
    problems = [f"README.md: docs/{name} is not linked from the Documentation section"
                for name in doc_files if name not in linked]
    problems += [f"README.md: the Documentation section links docs/{name}, which does not exist"
                 for name in sorted(linked) if name not in doc_files]
    return problems


def check(readme, table, names, doc_files):
    return check_kernels(readme, table) + check_commands(readme, names) + check_docs_index(readme, doc_files)


def inputs(prefixlab, source_dir):
    with open(os.path.join(source_dir, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    docs = sorted(name for name in os.listdir(os.path.join(source_dir, "docs")) if name.endswith(".md"))
    return readme, kernel_table(prefixlab), subcommands(prefixlab), docs


def without_line(text, pattern):
    """The text without the first line that matches `pattern`; the text itself if none does."""
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if re.search(pattern, line):
            return "".join(lines[:i] + lines[i + 1:])
    return text


def self_test(prefixlab, source_dir):
    """Each rule fails on a README that breaks it: a kernel row, a command row, a doc link removed."""
    readme, table, names, docs = inputs(prefixlab, source_dir)
    kernel = table["kernels"][-1]["name"]
    driver = table["grid_drivers"][0]["name"]
    cases = [
        (f"^{re.escape(f'| `{kernel}` |')}", f"kernel {kernel}"),
        (f"^{re.escape(f'| `{driver}` |')}", f"kernel {driver}"),
        (f"^{re.escape(f'| `prefixlab {names[-1]}`')}", f"subcommand {names[-1]}"),
        (f"^- \\[[^]]*\\]\\(docs/{re.escape(docs[0])}\\)", f"docs/{docs[0]}"),
    ]
    failures = 0
    for pattern, expected in cases:
        broken = without_line(readme, pattern)
        problems = check(broken, table, names, docs)
        found = broken != readme and any(expected in problem for problem in problems)
        print(f"{'ok' if found else 'NOT FOUND'}: removing /{pattern}/ is reported ({expected})")
        failures += not found
    return 1 if failures else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "--self-test":
        return self_test(argv[2], argv[3])
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(*inputs(argv[1], argv[2]))
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
