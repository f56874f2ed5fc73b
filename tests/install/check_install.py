#!/usr/bin/env python3
"""The installed PrefixLab works away from its build tree (issue 38): `cmake --install BUILD --prefix TMP`, then the
installed binary, run from another folder, says it reads the installed assets, records a trace, reads an installed
lesson, and (where the GUI is built) runs a script in a window that opens that lesson and saves a screenshot; the
desktop entry, the metainfo, the icons and the man page are where a desktop looks for them, and the man page names
every subcommand of --help.

    check_install.py CMAKE BUILD [--xvfb-run XVFB_RUN]    exit 0 when all holds, 1 with one line a problem
"""

import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile

EXPECTED_FILES = [
    "bin/prefixlab",
    "share/applications/prefixlab.desktop",
    "share/metainfo/org.prefixlab.prefixlab.metainfo.xml",
    "share/icons/hicolor/scalable/apps/prefixlab.svg",
    "share/man/man1/prefixlab.1.gz",
    "share/prefixlab/lessons/01-what-is-a-scan.md",
    "share/prefixlab/quiz/h100-quiz-outcomes.json",
    "share/doc/prefixlab/README.md",
]


def run(command, cwd, env=None, timeout=300):
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cmake")
    parser.add_argument("build")
    parser.add_argument("--xvfb-run")
    args = parser.parse_args()
    problems = []
    with tempfile.TemporaryDirectory(prefix="prefixlab-install-") as tmp:
        prefix = os.path.join(tmp, "usr")
        elsewhere = os.path.join(tmp, "elsewhere")
        os.makedirs(elsewhere)
        done = run([args.cmake, "--install", args.build, "--prefix", prefix], cwd=tmp)
        if done.returncode != 0:
            print(f"cmake --install failed: {done.stderr.strip()[-300:]}")
            return 1
        for path in EXPECTED_FILES:
            if not os.path.isfile(os.path.join(prefix, path)):
                problems.append(f"not installed: {path}")
        binary = os.path.join(prefix, "bin", "prefixlab")
        env = {k: v for k, v in os.environ.items() if k != "PREFIXLAB_ASSETS_DIR"}
        env["HOME"] = tmp  # settings and saved runs in the test's own folder

        version = run([binary, "--version"], cwd=elsewhere, env=env)
        assets = os.path.join(prefix, "share", "prefixlab")
        if version.returncode != 0 or f"assets: {assets} (installed)" not in version.stdout:
            problems.append(f"--version does not name the installed assets {assets}: {version.stdout!r}")
        if not re.match(r"prefixlab \d+\.\d+\.\d+", version.stdout):
            problems.append(f"--version's first line is no version: {version.stdout!r}")

        trace = run([binary, "trace", "--algo", "segmented-warp-shuffle", "--n", "64", "--input", "random",
                     "--device", "cpu", "--out", "t.json"], cwd=elsewhere, env=env)
        if trace.returncode != 0 or not os.path.isfile(os.path.join(elsewhere, "t.json")):
            problems.append(f"the installed binary wrote no trace: {trace.stderr.strip()}")

        lesson = os.path.join(assets, "lessons", "10-histogram-bucketing-segmented-scan.md")
        check = run([binary, "lesson-check", lesson], cwd=elsewhere, env=env)
        if check.returncode != 0:
            problems.append(f"lesson-check of the installed lesson failed: {check.stderr.strip()}")

        with gzip.open(os.path.join(prefix, "share/man/man1/prefixlab.1.gz"), "rt", encoding="utf-8") as f:
            page = f.read()
        top = run([binary, "--help"], cwd=elsewhere, env=env).stdout
        listed = top.split("Subcommands:", 1)[-1]
        for name in re.findall(r"^  ([a-z][a-z-]+)\s", listed, re.M):
            if f".SS {name.replace('-', chr(92) + '-')}" not in page:
                problems.append(f"the man page has no section for subcommand {name}")

        if args.xvfb_run:
            shot = os.path.join(elsewhere, "installed.png")
            script = os.path.join(elsewhere, "script.txt")
            with open(script, "w") as f:
                f.write(f"lesson-open {lesson}\nlesson-go 8\nstep 12\nscreenshot {shot}\ncheck-layout\nquit\n")
            gui = run([args.xvfb_run, "-a", "-s", "-screen 0 1280x720x24", binary, "--window", "1280", "--script",
                       script], cwd=elsewhere, env=env, timeout=400)
            if gui.returncode != 0:
                problems.append(f"the installed GUI's script failed: {(gui.stdout + gui.stderr).strip()[-300:]}")
            elif not os.path.isfile(shot) or os.path.getsize(shot) < 10000:
                problems.append("the installed GUI saved no screenshot")
            elif " 0 problems" not in gui.stdout:
                problems.append(f"the installed GUI's layout check: {gui.stdout.strip()[-300:]}")
    for problem in problems:
        print(problem)
    print(f"install: {len(EXPECTED_FILES)} files checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
