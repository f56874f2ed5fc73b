#!/usr/bin/env python3
"""docs/gui-script.md's command table is the GUI's command table (issue 32): the rows between its two
markers must equal `prefixlab --script-help=markdown`, which prints the table every script is read
against. A command added, removed or changed in the code without the docs fails here.

    check_script_docs.py PREFIXLAB DOCS_FILE    exits 1, with a diff, when they differ
    check_script_docs.py --self-test            shows that a changed row fails
"""
import difflib
import subprocess
import sys
import tempfile

BEGIN = "<!-- script-commands:"
END = "<!-- script-commands end -->"


def documented_table(text):
    """The lines between the markers, or None if the markers are missing."""
    start = text.find(BEGIN)
    end = text.find(END)
    if start < 0 or end < start:
        return None
    return text[text.index("\n", start) + 1:end].splitlines()


def problems(printed, docs_text):
    documented = documented_table(docs_text)
    if documented is None:
        return [f"the docs have no '{BEGIN} …' / '{END}' markers around the command table"]
    printed = printed.splitlines()
    if documented == printed:
        return []
    diff = difflib.unified_diff(documented, printed, "docs/gui-script.md", "prefixlab --script-help=markdown",
                                lineterm="")
    return ["the documented commands differ from the command table (regenerate the table with "
            "`prefixlab --script-help=markdown`):"] + list(diff)


def self_test():
    table = "| command | effect |\n|---|---|\n| `quit` | exit now |\n"
    docs = f"intro\n{BEGIN} made -->\n{table}{END}\nmore\n"
    failures = []
    if problems(table, docs):
        failures.append("equal tables fail")
    if not problems(table.replace("exit now", "exit later"), docs):
        failures.append("a changed row passes")
    if not problems(table + "| `wait FRAMES` | wait |\n", docs):
        failures.append("a command missing from the docs passes")
    if not problems(table, "no markers\n" + table):
        failures.append("docs without markers pass")
    for f in failures:
        print("self-test: " + f)
    print(f"self-test: 3 broken cases, {len(failures)} failures")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 3:
        print("usage: check_script_docs.py PREFIXLAB DOCS_FILE | --self-test", file=sys.stderr)
        return 2
    printed = subprocess.run([sys.argv[1], "--script-help=markdown"], check=True, capture_output=True,
                             text=True).stdout
    with open(sys.argv[2], encoding="utf-8") as f:
        found = problems(printed, f.read())
    for line in found:
        print(line)
    print(f"script docs: {len(printed.splitlines()) - 2} commands, {'differ' if found else 'equal'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
