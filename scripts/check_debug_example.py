#!/usr/bin/env python3
"""Checks the DART_DEBUG example of docs/environment.md against real output.

The example is the indented block that starts with `$ DART_DEBUG=...
mpiexec... -n N ./dart_demo`; every `[dart ...]` line below it must appear
in the demo's real output, in the page's order (other lines may come
between: the other unit's, the demo's own). Run by CTest
(examples.debug_doc_example):

    check_debug_example.py --doc docs/environment.md --demo BUILD/examples/dart_demo \
        --mpiexec mpiexec.mpich [--flags "..."]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys


def example(doc):
    """(environment, ranks, expected lines) of the page's DART_DEBUG example."""
    lines = open(doc, encoding="utf-8").read().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"\s{4}\$ (.*DART_DEBUG=.*)$", line)
        if not m:
            continue
        words = shlex.split(m.group(1))
        env = dict(w.split("=", 1) for w in words if re.match(r"^[A-Z_]+=", w))
        ranks = int(words[words.index("-n") + 1])
        expected = []
        for follow in lines[i + 1:]:
            if not follow.startswith("    [dart"):
                break
            expected.append(follow.strip())
        return env, ranks, expected
    sys.exit(f"{doc}: no indented `$ DART_DEBUG=... mpiexec ... -n N` example found")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--doc", required=True)
    ap.add_argument("--demo", required=True)
    ap.add_argument("--mpiexec", required=True)
    ap.add_argument("--flags", default="")
    opts = ap.parse_args()
    env, ranks, expected = example(opts.doc)
    if not expected:
        sys.exit(f"{opts.doc}: the DART_DEBUG example shows no output lines")
    cmd = ["timeout", "-k", "5", "90", opts.mpiexec, *shlex.split(opts.flags), "-n", str(ranks), opts.demo]
    run = subprocess.run(cmd, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, check=False)
    out = [line.strip() for line in run.stdout.splitlines()]
    if run.returncode != 0:
        sys.exit(f"the demo failed (exit {run.returncode}):\n{run.stdout}")
    at = 0
    for want in expected:
        try:
            at = out.index(want, at) + 1
        except ValueError:
            sys.exit(f"{opts.doc}: the example line\n    {want}\nis not in the demo's output (in the page's "
                     f"order); the output's [dart ...] lines:\n" + "\n".join(l for l in out if l.startswith("[dart")))
    print(f"{len(expected)} example lines found in the demo's output, in order")


if __name__ == "__main__":
    main()
