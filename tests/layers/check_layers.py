#!/usr/bin/env python3
"""The layers the build keeps (issue 11): every #include in app/ and kernels/ goes to its own area or to
a lower floor, and is spelled one way. docs/architecture.md draws the same floors.

    check_layers.py SOURCE_DIR    checks the tree, prints one line per problem, exits 1 if any
    check_layers.py --self-test   checks made-up trees that break each rule, and one that keeps them

Rules:
  1. One include style: a project include is spelled from app/ ("core/trace/trace.hpp", "gui/…",
     "cli/…") or from the repository root ("kernels/common/…"), never with "..", and names a file
     that exists.
  2. Floors: a file includes only its own area or an area on a lower floor (FLOORS below). Two areas on
     one floor do not include each other.
  3. The entry points (app/cli, app/gui, app/main.cpp) see the kernels only through the core: they
     include nothing from kernels/.
  5. GUI features (app/gui/features/<feature>/, issue 32) do not include each other, and the rest of the
     GUI includes none of them: they meet in the shell's tables and sessions. Only the one list of
     features, app/gui/features/feature_list.cpp, includes from several.
  4. The libraries link like their includes: every prefixlab_<area> library that app/core/CMakeLists.txt
     or kernels/CMakeLists.txt declares links only to libraries of lower floors.
"""
import os
import re
import sys
import tempfile

# Lowest first; one floor per line. An area is a folder: app/core/<area>, app/cli, app/gui (with its
# subfolders), kernels/<folder>, or "kernels" for the files at kernels/ itself (the catalogue and the
# dispatch). "main" is app/main.cpp.
FLOORS = [
    ["kernels/common"],
    ["kernels/warp"],
    ["kernels/block"],
    ["kernels/grid"],
    ["kernels"],
    ["kernels/gpu"],
    ["kernels/bench"],
    ["core/util"],
    ["core/ground"],
    ["core/files", "core/trace", "core/emulator", "core/settings", "core/plot", "core/source"],
    ["core/capture", "core/analysis", "core/bench", "core/quiz"],
    ["core/scene"],
    ["core/lesson"],
    ["core/entry"],
    ["cli", "gui"],
    ["main"],
]
FLOOR = {area: level for level, areas in enumerate(FLOORS) for area in areas}
ENTRY_POINTS = {"cli", "gui", "main"}
# The CMake library that holds each area (header-only areas share prefixlab_kernels).
LIBRARY_AREA = {"prefixlab_kernels": "kernels", "prefixlab_gpu": "kernels/gpu", "prefixlab_gpu_bench": "kernels/bench",
                "prefixlab_cli": "cli", "prefixlab_gui": "gui"}
SOURCE_SUFFIXES = (".hpp", ".cpp", ".cuh", ".cu", ".h", ".in", ".inc")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def area_of(path):
    """The area of a file, by its path from the repository root; None outside app/ and kernels/."""
    parts = path.split("/")
    if parts[0] == "app":
        if len(parts) == 2:
            return "main"
        if parts[1] == "core":
            return "core/" + parts[2] if len(parts) > 3 else None
        return parts[1]
    if parts[0] == "kernels":
        return "kernels/" + parts[1] if len(parts) > 2 else "kernels"
    return None


def spelled_path(include):
    """The file an include names, from the repository root, or None if it is not spelled from a root."""
    if ".." in include.split("/"):
        return None
    first = include.split("/")[0]
    if first in ("core", "cli", "gui"):
        return "app/" + include
    if first == "kernels":
        return include
    return None


def source_files(root):
    for top in ("app", "kernels"):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")


def include_problems(root):
    problems = []
    for path in source_files(root):
        source_area = area_of(path)
        if source_area is None:
            continue
        if source_area not in FLOOR:
            problems.append(f"{path}: area {source_area} is on no floor (add it to FLOORS in {__file__})")
            continue
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for match in INCLUDE.finditer(text):
            include = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            where = f"{path}:{line}"
            target = spelled_path(include)
            if target is None:
                problems.append(f'{where}: "{include}" is not spelled from app/ or the repository root')
                continue
            # a header the build generates from a template beside it (core/files/build_version.hpp.in) counts
            if not os.path.isfile(os.path.join(root, target)) and not os.path.isfile(os.path.join(root, target + ".in")):
                problems.append(f'{where}: "{include}" names no file')
                continue
            target_area = area_of(target)
            if target_area == source_area:
                continue
            if source_area in ENTRY_POINTS and target_area.startswith("kernels"):
                problems.append(f'{where}: the entry point {source_area} includes "{include}" (it sees the kernels '
                                "only through the core)")
            elif target_area not in FLOOR or FLOOR[target_area] >= FLOOR[source_area]:
                problems.append(f'{where}: {source_area} includes "{include}" from {target_area}, which is not on a '
                                "lower floor")
    return problems


def library_area(name):
    if name in LIBRARY_AREA:
        return LIBRARY_AREA[name]
    if name.startswith("prefixlab_") and "core/" + name[len("prefixlab_"):] in FLOOR:
        return "core/" + name[len("prefixlab_"):]
    return None


def link_problems(root):
    """Each declared library's prefixlab_* links: prefixlab_core_area(NAME … LINKS …) and
    target_link_libraries(prefixlab_X …) in the app and kernels CMake files."""
    problems = []
    links = {}
    for cmake in ("app/core/CMakeLists.txt", "app/CMakeLists.txt", "kernels/CMakeLists.txt"):
        full = os.path.join(root, cmake)
        if not os.path.isfile(full):
            continue
        text = re.sub(r"#[^\n]*", "", open(full, encoding="utf-8").read())
        for m in re.finditer(r"prefixlab_core_area\(\s*(\w+)(.*?)\)", text, re.S):
            body = m.group(2)
            listed = body.split("LINKS", 1)[1] if "LINKS" in body else ""
            links.setdefault("prefixlab_" + m.group(1), []).extend(re.findall(r"\bprefixlab_\w+", listed))
        for m in re.finditer(r"target_link_libraries\(\s*(prefixlab_\w+)(.*?)\)", text, re.S):
            links.setdefault(m.group(1), []).extend(re.findall(r"\bprefixlab_\w+", m.group(2)))
    for library, used in sorted(links.items()):
        area = library_area(library)
        if area is None:
            continue
        for other in used:
            other_area = library_area(other)
            if other_area is not None and other_area != area and FLOOR[other_area] >= FLOOR[area]:
                problems.append(f"{library} links {other} ({other_area}), which is not on a lower floor")
    return problems


FEATURES = "app/gui/features/"
FEATURE_LIST = FEATURES + "feature_list.cpp"


def feature_of(path):
    """The feature folder a file is in ("quiz" for app/gui/features/quiz/…), "" for the folder itself, or
    None outside app/gui/features/."""
    if not path.startswith(FEATURES):
        return None
    rest = path[len(FEATURES):].split("/")
    return rest[0] if len(rest) > 1 else ""


def feature_problems(root):
    problems = []
    for path in source_files(root):
        if not path.startswith("app/gui/") or path == FEATURE_LIST:
            continue
        source = feature_of(path)
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for match in INCLUDE.finditer(text):
            target = spelled_path(match.group(1))
            included = feature_of(target) if target else None
            if included is None or included == source:
                continue
            where = f"{path}:{text.count(chr(10), 0, match.start()) + 1}"
            if source is None:
                problems.append(f'{where}: the GUI outside the features includes the feature "{match.group(1)}" '
                                f"(only {FEATURE_LIST} lists features)")
            else:
                problems.append(f'{where}: the feature {source} includes the feature "{match.group(1)}" '
                                "(features meet in the shell's tables and sessions, not in each other)")
    return problems


def check(root):
    return include_problems(root) + feature_problems(root) + link_problems(root)


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


def self_test():
    """Each rule fails on a tree that breaks it, and a tree that keeps them all passes."""
    good = {
        "kernels/common/scan_types.hpp": "",
        "kernels/gpu/launch.hpp": '#include "kernels/common/scan_types.hpp"\n',
        "app/core/trace/trace.hpp": '#include "core/ground/kernel_names.hpp"\n#include "kernels/common/scan_types.hpp"\n',
        "app/core/ground/kernel_names.hpp": "",
        "app/core/analysis/bank.hpp": '#include "core/trace/trace.hpp"\n',
        "app/gui/views/view.cpp": '#include "core/analysis/bank.hpp"\n#include "gui/views/view.hpp"\n',
        "app/gui/views/view.hpp": "",
        "app/gui/features/quiz/quiz.hpp": '#include "gui/views/view.hpp"\n',
        "app/gui/features/quiz/quiz.cpp": '#include "gui/features/quiz/quiz.hpp"\n',
        "app/gui/features/grid/grid.hpp": "",
        "app/gui/features/feature_list.cpp": '#include "gui/features/quiz/quiz.hpp"\n#include "gui/features/grid/grid.hpp"\n',
        "app/core/CMakeLists.txt": "prefixlab_core_area(analysis SOURCES a.cpp LINKS prefixlab_trace)\n",
    }
    broken = {
        "upward include": ("app/core/trace/trace.hpp", '#include "core/analysis/bank.hpp"\n', "not on a lower floor"),
        "same floor": ("app/core/trace/trace.hpp", '#include "core/emulator/e.hpp"\n', "not on a lower floor"),
        "kernel includes app": ("kernels/gpu/launch.hpp", '#include "core/trace/trace.hpp"\n', "not on a lower floor"),
        "launcher includes a timed session": ("kernels/gpu/launch.hpp", '#include "kernels/bench/session.hpp"\n',
                                              "not on a lower floor"),
        "GUI includes CLI": ("app/gui/views/view.cpp", '#include "cli/command_line.hpp"\n', "not on a lower floor"),
        "GUI includes a launcher": ("app/gui/views/view.cpp", '#include "kernels/gpu/launch.hpp"\n', "entry point"),
        "relative include": ("app/gui/views/view.cpp", '#include "../views/view.hpp"\n', "not spelled"),
        "missing file": ("app/gui/views/view.cpp", '#include "gui/nowhere.hpp"\n', "names no file"),
        "feature includes a feature": ("app/gui/features/quiz/quiz.cpp", '#include "gui/features/grid/grid.hpp"\n',
                                       "the feature quiz includes the feature"),
        "shell includes a feature": ("app/gui/views/view.cpp", '#include "gui/features/quiz/quiz.hpp"\n',
                                     "outside the features includes"),
        "upward link": ("app/core/CMakeLists.txt", "prefixlab_core_area(trace SOURCES t.cpp LINKS prefixlab_analysis)\n",
                        "links prefixlab_analysis"),
    }
    extra = {"app/core/emulator/e.hpp": "", "app/cli/command_line.hpp": "", "kernels/bench/session.hpp": ""}
    failures = []
    with tempfile.TemporaryDirectory() as root:
        for path, text in {**good, **extra}.items():
            write(root, path, text)
        if check(root):
            failures.append(f"a tree that keeps the rules fails: {check(root)}")
        for name, (path, text, expected) in broken.items():
            write(root, path, text)
            found = check(root)
            if not any(expected in p for p in found):
                failures.append(f"{name}: expected a problem with '{expected}', found {found}")
            write(root, path, good.get(path, extra.get(path, "")))
    for f in failures:
        print("self-test: " + f)
    print(f"self-test: {len(broken)} broken trees, {len(failures)} failures")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print("usage: check_layers.py SOURCE_DIR | --self-test", file=sys.stderr)
        return 2
    root = sys.argv[1]
    problems = check(root)
    for p in problems:
        print(p)
    files = sum(1 for _ in source_files(root))
    print(f"layers: {files} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
