#!/usr/bin/env python3
"""Checks that the module graph of a source folder has no cycles (the test
arch.module_graph; the rule is in docs/architecture.md).

    scripts/check_module_graph.py DIR...

A module is foo.c with foo.h in one folder (either may be missing); the
graph has an edge A -> B when
  - A.c or A.h includes "B.h", or
  - A.h declares a function or variable that B.c defines: the header is
    then part of B's interface too, so whoever includes it depends on B, or
  - A.c calls a function that B.c defines, public API functions included
    (a call through a public header is a dependency all the same).
The folder's global-state header, state.h, is the one exception to the
second rule (it declares what every module shares), so it must be a leaf:
it includes no header of its folder. Prints every cycle (with the include
or declaration behind each edge) and exits 1 if there is one.
"""
import os
import re
import sys

TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
STATE_HEADER = "state"


def strip(text):
    """Comments, strings and preprocessor lines removed; brace bodies
    (function bodies, struct members, initialisers) emptied."""
    text = TOKENS.sub(lambda m: " " if m.group(0)[0] == "/" else '""', text)
    text = re.sub(r"\\\n", " ", text)
    text = re.sub(r"^\s*#[^\n]*", "", text, flags=re.M)
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            if depth == 0:
                out.append("{")
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                out.append("}")
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def declared_name(stmt):
    """The function or variable a top-level declaration names, or None."""
    stmt = re.sub(r"__attribute__\s*\(\(.*?\)\)", " ", stmt).strip()
    first = stmt.split()[0] if stmt.split() else ""
    if not stmt or first in ("typedef", "static", "struct", "enum", "union") and "(" not in stmt:
        return None
    if first == "typedef" or first == "static":
        return None
    m = re.search(r"\(\s*\*\s*(\w+)\s*\)", stmt)  # pointer to function
    if m:
        return m.group(1)
    if "(" in stmt:
        m = re.search(r"(\w+)\s*\(", stmt)
        return m.group(1) if m else None
    stmt = re.sub(r"\[.*?\]", " ", stmt.split("=")[0])
    names = [w for w in re.findall(r"\w+", stmt) if not re.fullmatch(r"[A-Z][A-Z0-9_]*", w)]
    return names[-1] if len(names) >= 2 else None


def statements(text):
    """Top-level statements, each with whether a body followed it."""
    for m in re.finditer(r"([^;{}]*)(;|\{\})", strip(text)):
        yield m.group(1), m.group(2) == "{}"


def declarations(header_text):
    names = set()
    for stmt, body in statements(header_text):
        if body:
            continue  # a definition in the header (struct, enum, inline function)
        name = declared_name(stmt)
        if name:
            names.add(name)
    return names


def definitions(source_text):
    names = set()
    for stmt, body in statements(source_text):
        words = stmt.split()
        if not words or words[0] in ("static", "typedef"):
            continue
        if words[0] == "extern" and "alias" not in stmt:
            continue
        if body and "(" not in stmt and "=" not in stmt:
            continue  # struct or enum
        name = declared_name(stmt)
        if name:
            names.add(name)
    return names


def function_bodies(source_text):
    """Names of the non-static functions a source file defines (with a body)."""
    names = set()
    for stmt, body in statements(source_text):
        words = stmt.split()
        if not body or "(" not in stmt or not words or words[0] in ("static", "typedef"):
            continue
        name = declared_name(stmt)
        if name and not re.fullmatch(r"[A-Z][A-Z0-9_]*", name):  # a macro expanded at file scope
            names.add(name)
    return names


CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def graph(folder):
    """{module: {target: reason}} for one folder."""
    files = sorted(f for f in os.listdir(folder) if f.endswith((".c", ".h")))
    text = {f: open(os.path.join(folder, f), encoding="utf-8").read() for f in files}
    modules = sorted({f[:-2] for f in files})
    headers = {f[:-2] for f in files if f.endswith(".h")}
    edges = {m: {} for m in modules}
    defined_in = {}
    for f in files:
        if f.endswith(".c"):
            for name in definitions(text[f]):
                defined_in.setdefault(name, set()).add(f[:-2])
    function_in = {}
    for f in files:
        if f.endswith(".c"):
            for name in function_bodies(text[f]):
                function_in.setdefault(name, set()).add(f[:-2])
    problems = []
    for f in files:
        mod = f[:-2]
        if f.endswith(".c"):
            for name in sorted(set(CALL.findall(TOKENS.sub(" ", text[f])))):
                for owner in sorted(function_in.get(name, ())):
                    if owner != mod:
                        edges[mod].setdefault(owner, "%s calls %s, defined in %s.c" % (f, name, owner))
        for inc in INCLUDE.findall(text[f]):
            target = inc[:-2] if inc.endswith(".h") else None
            if target in headers and target != mod:
                edges[mod].setdefault(target, "%s includes %s" % (f, inc))
                if mod == STATE_HEADER and f.endswith(".h"):
                    problems.append("%s/%s must be a leaf but includes %s" % (folder, f, inc))
        if f.endswith(".h") and mod != STATE_HEADER:
            for name in sorted(declarations(text[f])):
                for owner in sorted(defined_in.get(name, ())):
                    if owner != mod:
                        edges[mod].setdefault(owner, "%s declares %s, defined in %s.c" % (f, name, owner))
    return edges, problems


def shortest_cycle(edges, comp, start):
    """The shortest cycle through start inside comp (breadth first)."""
    prev, queue, end = {start: None}, [start], None
    while queue and end is None:
        v = queue.pop(0)
        for w in sorted(edges[v]):
            if w == start:
                end = v
                break
            if w in comp and w not in prev:
                prev[w] = v
                queue.append(w)
    path = [end]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return path[::-1] + [start]


def cycles(edges):
    """Cycles covering every module of each strongly connected component of
    more than one module."""
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(set(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    found = []
    for comp in comps:
        covered = set()
        for start in sorted(comp):
            if start not in covered:
                path = shortest_cycle(edges, comp, start)
                covered.update(path)
                found.append((comp, path))
    return found


def self_test():
    """The check finds a cycle through a declaration, call edges and a
    state.h that is not a leaf (so that a parser gone blind cannot pass the test)."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        files = {
            "a.c": '#include "b.h"\nint a_count;\nvoid a_run(void) { b_go(); }\n',
            "b.h": '#include "state.h"\nvoid b_go(void);\nextern int a_count;\n',
            "b.c": '#include "b.h"\nvoid b_go(void) {}\n',
            "state.h": '#include "b.h"\n',
            "c.c": "void c_do(void) { a_run(); }\n",
            "d.c": "int d_twice(int x) { return 2 * c_do(), x; }\n",
        }
        for name, text in files.items():
            with open(os.path.join(d, name), "w", encoding="utf-8") as f:
                f.write(text)
        edges, problems = graph(d)
        found = cycles(edges)
        ok = (edges["b"].get("a", "").startswith("b.h declares a_count") and found and len(problems) == 1
              and edges["c"].get("a", "").startswith("c.c calls a_run") and "c" in edges["d"])
    if not ok:
        print("self-test failed: edges %s, problems %s" % (edges, problems))
    return bool(ok)


# Layers named by the runtime's design (docs/architecture.md): no module of
# a lower layer reaches one of a higher layer, directly or through others.
LAYERS = {
    "dart/src": [
        ("memory and teams", {"group", "team", "segment", "pool", "shm", "alloc", "topology", "place"}),
        ("synchronisation, locality, collectives", {"lock", "locality", "domain", "collective", "userop"}),
    ],
}


def layer_violations(folder, edges):
    """Paths from a module of a lower layer to one of a higher layer."""
    key = next((k for k in LAYERS if os.path.normpath(folder).endswith(os.path.normpath(k))), None)
    found = []
    layers = LAYERS.get(key, [])
    for i, (_, lower) in enumerate(layers):
        higher = set().union(*(mods for _, mods in layers[i + 1:])) if i + 1 < len(layers) else set()
        for start in sorted(lower & set(edges)):
            prev, queue = {start: None}, [start]
            while queue:
                v = queue.pop(0)
                for w in sorted(edges[v]):
                    if w not in prev:
                        prev[w] = v
                        queue.append(w)
            for w in sorted(higher & set(prev)):
                path = [w]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                found.append(path[::-1])
    return found


def main(folders):
    failed = not self_test()
    for folder in folders:
        edges, problems = graph(folder)
        for path in layer_violations(folder, edges):
            failed = True
            print("%s: %s (a lower layer) reaches %s:" % (folder, path[0], path[-1]))
            for a, b in zip(path, path[1:]):
                print("  %s -> %s (%s)" % (a, b, edges[a][b]))
        for p in problems:
            print(p)
            failed = True
        found = cycles(edges)
        for comp, path in found:
            failed = True
            print("%s: cycle (of the modules %s):" % (folder, ", ".join(sorted(comp))))
            for a, b in zip(path, path[1:]):
                print("  %s -> %s (%s)" % (a, b, edges[a][b]))
        if not problems and not found and not layer_violations(folder, edges):
            n = sum(len(t) for t in edges.values())
            print("%s: %d modules, %d edges, no cycle, layers kept" % (folder, len(edges), n))
    return 1 if failed else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
