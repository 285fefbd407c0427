#!/usr/bin/env python3
"""Builds and runs the code blocks of markdown files against an installed
package (the test install.doc_blocks; the conventions are in docs/README.md).

    scripts/check_doc_blocks.py --prefix PREFIX --work DIR [--mpiexec M] FILE.md...

Per file, in a directory of its own under DIR:
  - a block after `<!-- file: NAME -->` is written to NAME; `<!-- run -->`
    before a ```sh block runs it with bash -e there (PREFIX and
    PKG_CONFIG_PATH set): the file's build and run lines, as the reader types
    them. Every written C/C++ file must be named by a run block.
  - any other ```c / ```cpp block with a main() is built with the pkg-config
    line (dart for C, dash for C++) and run on 2 units;
  - a block after `<!-- fragment -->` is a function body: the file's
    fragments of one language become one program (their #include lines at
    the top, each fragment a function, called in order between
    dart_init/dart_exit or dash::init/dash::finalize), built and run on 2
    units; an exception out of a fragment fails it;
  - a block after `<!-- not built: REASON -->` is skipped (and listed);
  - an ```output block right after a program or run block is its expected
    standard output: the same lines, in any order (units print at once).
A C/C++ block with none of these fails the check, so no example goes
untested by accident. Exits 0 if every block built and ran with status 0.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

MARK = re.compile(r"^<!--\s*(file|run|fragment|not built)\s*:?\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^```(\w*)\s*$")

C_WRAP = """{includes}
#include <dart/dart.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
{functions}
int main(int argc, char **argv) {{
  if (dart_init(&argc, &argv) != DART_OK) return 1;
{calls}
  return dart_exit() == DART_OK ? 0 : 1;
}}
"""
C_CALL = "  fragment_{n}();\n"
CXX_WRAP = """{includes}
#include <libdash.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>
{functions}
int main(int argc, char **argv) {{
  dash::init(&argc, &argv);
  int line = 0;
  try {{
{calls}
  }} catch (std::exception &e) {{
    std::fprintf(stderr, "unit %d: the fragment at line %d threw: %s\\n", int(dash::myid()), line, e.what());
    std::abort();  // the other units may wait in a collective: end the run
  }}
  dash::finalize();
  return 0;
}}
"""
CXX_CALL = "    line = {n};\n    fragment_{n}();\n"


def blocks(path):
    """Yields (marker, argument, language, text, line) per fenced block."""
    lines = open(path).read().split("\n")
    mark, arg, i = None, "", 0
    while i < len(lines):
        m = MARK.match(lines[i])
        f = FENCE.match(lines[i])
        if m:
            mark, arg = m.group(1), m.group(2)
        elif f:
            start, lang, i = i + 1, f.group(1), i + 1
            while i < len(lines) and lines[i].rstrip() != "```":
                i += 1
            yield mark, arg, lang, "\n".join(lines[start:i]) + "\n", start
            mark, arg = None, ""
        elif lines[i].strip():
            mark, arg = None, ""
        i += 1


def build_and_run(a, wd, env, src, lang, what, expected=None):
    cc, pkg = (a.mpicc, "dart") if lang == "c" else (a.mpicxx, "dash")
    build = f"{cc} -Wall -Werror {src} -o {src}.exe $(pkg-config --cflags --libs {pkg})"
    return run(build, wd, env, f"building {what}") or run(
        ["timeout", "120", a.mpiexec, "-n", "2", f"./{src}.exe"], wd, env, f"running {what}", expected)


def run(cmd, cwd, env, what, expected=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, shell=isinstance(cmd, str), capture_output=True,
                           text=True, timeout=300, executable="/bin/bash" if isinstance(cmd, str) else None)
    except subprocess.TimeoutExpired:
        return f"{what}: timed out"
    if p.returncode != 0:
        return f"{what}: exit {p.returncode}\n{p.stdout}{p.stderr}"
    if expected is not None and sorted(p.stdout.strip().split("\n")) != sorted(expected.strip().split("\n")):
        return f"{what}: output differs\n--- expected\n{expected}--- got\n{p.stdout}"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--mpicc", default="mpicc.mpich")
    ap.add_argument("--mpicxx", default="mpicxx.mpich")
    ap.add_argument("--mpiexec", default="mpiexec.mpich")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    env = dict(os.environ, PREFIX=a.prefix)
    pc = [os.path.join(a.prefix, d, "pkgconfig") for d in ("lib", "lib/x86_64-linux-gnu")]
    env["PKG_CONFIG_PATH"] = ":".join(pc + [env.get("PKG_CONFIG_PATH", "")])
    failures, counts = [], {"program": 0, "fragment": 0, "run": 0, "skipped": 0}
    for md in a.files:
        name = os.path.splitext(os.path.basename(md))[0]
        wd = os.path.join(a.work, os.path.basename(os.path.dirname(os.path.abspath(md))) + "_" + name)
        shutil.rmtree(wd, ignore_errors=True)
        os.makedirs(wd)
        written, run_text = [], ""
        fragments = {"c": [], "cpp": []}  # (line, text) per language
        items = list(blocks(md))
        for k, (mark, arg, lang, text, line) in enumerate(items):
            where = f"{md}:{line}"
            nxt = items[k + 1] if k + 1 < len(items) else None
            expected = nxt[3] if nxt and nxt[2] == "output" else None
            is_code = lang in ("c", "cpp")
            if mark == "not built":
                counts["skipped"] += 1
                print(f"skipped {where}: {arg}")
            elif mark == "file":
                open(os.path.join(wd, arg), "w").write(text)
                if is_code:
                    written.append((arg, where))
            elif mark == "run":
                counts["run"] += 1
                run_text += text
                err = run("set -eo pipefail\n" + text, wd, env, f"run block {where}", expected)
                if err:
                    failures.append(err)
            elif is_code:
                fragment = mark == "fragment"
                if not fragment and not re.search(r"\bint\s+main\s*\(", text):
                    failures.append(f"{where}: a ```{lang} block that is neither a program nor marked "
                                    "<!-- fragment --> or <!-- not built: ... --> (docs/README.md)")
                    continue
                if fragment:
                    counts["fragment"] += 1
                    fragments[lang].append((line, text))
                    continue
                counts["program"] += 1
                src = f"block{line}.{'c' if lang == 'c' else 'cc'}"
                open(os.path.join(wd, src), "w").write(text)
                err = build_and_run(a, wd, env, src, lang, where, expected)
                if err:
                    failures.append(err)
        for lang, frags in fragments.items():
            if not frags:
                continue
            inc, functions, calls = [], "", ""
            for line, text in frags:
                inc += [l for l in text.split("\n") if l.startswith("#include")]
                body = "\n".join("  " + l for l in text.split("\n") if not l.startswith("#include"))
                functions += f"\n/* {md}:{line} */\nstatic void fragment_{line}(void) {{\n{body}}}\n"
                calls += (C_CALL if lang == "c" else CXX_CALL).format(n=line)
            src = f"fragments.{'c' if lang == 'c' else 'cc'}"
            wrap = C_WRAP if lang == "c" else CXX_WRAP
            open(os.path.join(wd, src), "w").write(wrap.format(includes="\n".join(inc), functions=functions,
                                                               calls=calls))
            err = build_and_run(a, wd, env, src, lang, f"the {lang} fragments of {md}")
            if err:
                failures.append(err)
        for f, where in written:
            if f not in run_text:
                failures.append(f"{where}: {f} is written but no <!-- run --> block of {md} builds it")
    print("doc blocks: {program} programs, {fragment} fragments, {run} run blocks, {skipped} skipped".format(**counts))
    for f in failures:
        print("FAILED " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
