#!/usr/bin/env python3
"""DASH's public names against ours.

Reads the public headers of DASH at a commit (its git directory, default
commit 99f2995; every header under dash/include outside internal/ and
detail/ folders) and collects the names they declare at namespace scope,
outside namespaces named internal or detail: classes, structs, unions,
enums, aliases (using X = ..., typedef), functions and variables, and
macros (#define, include guards left out). Our headers (every header under
our dash/include, private ones included, since a public name may be
declared in one) give the same set for us. Prints the names DASH declares
and we do not, less those listed with a reason in
dash/test/compat/README.md (section "Public names left out": a table row
per name in backquotes), and fails if any remain.

  public_names.py DASH_GIT_DIR [--commit C] [--ours DIR] [--readme FILE]
Exit status: 0 all present or listed, 1 absent names, 77 no DASH git dir
(ctest: SKIP_RETURN_CODE 77).
"""
import argparse
import os
import re
import subprocess
import sys

KEYWORDS = {
    "if", "for", "while", "switch", "return", "sizeof", "alignof", "decltype", "static_assert",
    "operator", "template", "typename", "noexcept", "throw", "new", "delete", "constexpr", "explicit",
    "namespace", "using", "typedef", "class", "struct", "union", "enum", "public", "private", "protected",
    "friend", "const", "static", "inline", "extern", "virtual", "volatile", "mutable", "default", "auto",
    "void", "int", "long", "short", "char", "bool", "double", "float", "unsigned", "signed", "case",
    "else", "do", "goto", "try", "catch", "requires", "concept", "alignas", "final", "override",
}
GUARD = re.compile(r"(_H|_H_|_HPP|_HPP_|_INCLUDED|_INCLUDED_|_H__|_IMPL)$")
PRIVATE_NS = {"internal", "detail", "impl"}


def strip(text):
    """Comments, string and character literals out; line structure kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def macros(text):
    # include guards: #ifndef X followed by #define X
    guards = set(re.findall(r"^[ \t]*#[ \t]*ifndef[ \t]+(\w+)[ \t]*\n[ \t]*#[ \t]*define[ \t]+\1\b", text, re.M))
    names = set()
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)", text, re.M):
        name = m.group(1)
        if name not in guards and not GUARD.search(name) and not name.startswith("_"):
            names.add(name)
    return names


def declared(text):
    """Qualified names declared at namespace scope (public namespaces)."""
    text = strip(text)
    found = {"#" + m for m in macros(text)}
    # Preprocessor lines out (their braces and names are not declarations).
    text = re.sub(r"^[ \t]*#.*?(?<!\\)$", "", text, flags=re.M | re.S)
    tokens = re.findall(r"[A-Za-z_]\w*|::|[{}();=<>,\[\]:]|\S", text)
    scopes = []  # ("ns", name) or ("other", None)
    stmt = []  # tokens of the current statement at namespace scope
    pending_ns = None
    i = 0

    def public():
        return all(kind == "ns" and not set(name.split("::")) & PRIVATE_NS for kind, name in scopes)

    def prefix():
        return "::".join(name for _, name in scopes if name)

    def record(name):
        if name and name not in KEYWORDS and public():
            found.add((prefix() + "::" if prefix() else "") + name)

    def statement_names(toks):
        """Names a namespace-scope statement (up to its '{' or ';') declares."""
        if not toks:
            return []
        t = list(toks)
        # template <...> heads out (balanced angle brackets)
        while t and t[0] == "template":
            depth, j = 0, 1
            while j < len(t):
                if t[j] == "<":
                    depth += 1
                elif t[j] == ">":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            t = t[j + 1 :]
        if not t:
            return []
        if t[0] == "using":
            if len(t) > 2 and t[2] == "=":
                return [t[1]]
            return []  # using-declarations and directives: names of elsewhere
        if t[0] == "typedef":
            # typedef ... NAME; or typedef R (*NAME)(...);
            m = [x for x in t if re.match(r"[A-Za-z_]\w*$", x)]
            paren = [t[k + 2] for k in range(len(t) - 2) if t[k] == "(" and t[k + 1] == "*"]
            return paren[:1] or m[-1:]
        if t[0] in ("extern",) and len(t) > 1 and t[1] == '""':
            return []
        for k, x in enumerate(t):
            if x in ("class", "struct", "union") or (x == "enum"):
                j = k + 1
                while j < len(t) and t[j] in ("class", "struct", "alignas"):
                    j += 1
                if j < len(t) and re.match(r"[A-Za-z_]\w*$", t[j]) and (j + 1 >= len(t) or t[j + 1] != "::"):
                    if k == 0 or t[k - 1] in ("friend",) or all(y in ("typename",) for y in t[:k]):
                        return [t[j]]
                    if "(" not in t[:k] and "=" not in t[:k]:
                        return [t[j]]
                break
        if "operator" in t:
            return []
        # function or variable: the last identifier before the first '(' or
        # '=' or '[' at angle depth 0, not after '::' (out-of-line members).
        depth = 0
        for k, x in enumerate(t):
            if x == "<":
                depth += 1
            elif x == ">":
                depth = max(0, depth - 1)
            elif depth == 0 and x in ("(", "=", "[", ";", "{"):
                if k > 0 and re.match(r"[A-Za-z_]\w*$", t[k - 1]) and (k < 2 or t[k - 2] != "::"):
                    if k >= 2:  # a type before it: a declaration, not a macro call
                        return [t[k - 1]]
                return []
        if len(t) >= 2 and re.match(r"[A-Za-z_]\w*$", t[-1]) and t[-2] != "::":
            return [t[-1]]
        return []

    while i < len(tokens):
        tok = tokens[i]
        at_ns_scope = all(kind == "ns" for kind, _ in scopes)
        if tok == "namespace" and at_ns_scope:
            j = i + 1
            names = []
            while j < len(tokens) and tokens[j] not in ("{", "=", ";"):
                if tokens[j] != "::":
                    names.append(tokens[j])
                j += 1
            if j < len(tokens) and tokens[j] == "{":
                pending_ns = ["::".join(names)]  # a::b { ... }: one scope, one '}'
                i = j
                continue
            i = j + 1
            stmt = []
            continue
        if tok == "{":
            if pending_ns is not None:
                for name in pending_ns:
                    scopes.append(("ns", name))
                pending_ns = None
                stmt = []
            else:
                if at_ns_scope:
                    for name in statement_names(stmt):
                        record(name)
                    # an enum's enumerators, a class's members: not namespace level
                    if stmt and stmt[0] == "extern" and len(stmt) > 1 and stmt[1] == '""':
                        scopes.append(("ns", ""))  # extern "C" { ... }
                        stmt = []
                        i += 1
                        continue
                scopes.append(("other", None))
                stmt = []
            i += 1
            continue
        if tok == "}":
            if scopes:
                scopes.pop()
            stmt = [] if all(kind == "ns" for kind, _ in scopes) else stmt
            i += 1
            continue
        if at_ns_scope:
            if tok == ";":
                for name in statement_names(stmt):
                    record(name)
                stmt = []
            else:
                stmt.append(tok)
        i += 1
    return found


def dash_names(git_dir, commit):
    files = subprocess.run(
        ["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", commit, "dash/include"],
        check=True, capture_output=True, text=True,
    ).stdout.split()
    names = set()
    for path in files:
        if not path.endswith((".h", ".hpp", ".h.in")):
            continue
        if re.search(r"/(internal|detail)/", path):
            continue
        text = subprocess.run(
            ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
        ).stdout
        names |= declared(text)
    return names


def probe(names, cxx, include_dirs, header_paths, work):
    """The names our headers do not declare, by compiling a using-declaration
    per name (any kind of name: class, template, alias, function, variable;
    macros by #ifndef) after every header DASH installs."""
    lines = ["#include <libdash.h>"]
    lines += [f"#include <{h}>" for h in header_paths]
    where = {}
    for k, name in enumerate(sorted(names)):
        if name.startswith("#"):
            lines += [f"#ifndef {name[1:]}", f"#error absent", "#endif"]
            where[len(lines) - 1] = name
        else:
            qualified = name if "::" in name else "::" + name
            lines.append(f"namespace compat_probe_{k} {{ using {qualified}; }}")
            where[len(lines)] = name
    os.makedirs(work, exist_ok=True)
    src = os.path.join(work, "public_names_probe.cc")
    with open(src, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    cmd = cxx.split() + ["-std=c++17", "-fsyntax-only", "-fmax-errors=0", "-w"]
    cmd += [f"-I{d}" for d in include_dirs] + [src]
    out = subprocess.run(cmd, capture_output=True, text=True)
    absent = set()
    for m in re.finditer(r"public_names_probe\.cc:(\d+):\d+: (?:fatal )?error:", out.stderr):
        line = int(m.group(1))
        if line not in where:
            sys.exit(f"probe did not compile (line {line}):\n{out.stderr[:4000]}")
        absent.add(where[line])
    return absent


def listed(readme):
    """Names of the README's section "Public names left out" (backquoted, first column)."""
    names, inside = set(), False
    with open(readme, encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#"):
                inside = "Public names left out" in line
            elif inside and line.startswith("|"):
                first = line.split("|")[1]
                names |= set(re.findall(r"`([^`]+)`", first))
    return names


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("git_dir")
    ap.add_argument("--commit", default="99f2995")
    ap.add_argument("--cxx", default="mpicxx.mpich", help="our compiler command")
    ap.add_argument("--include-dirs", default=os.path.normpath(os.path.join(here, "..", "..", "include"))
                    + ";" + os.path.normpath(os.path.join(here, "..", "..", "..", "dart", "include")),
                    help="our include directories, separated by ';' or '|'")
    ap.add_argument("--work", default="/tmp", help="where the probe source is written")
    ap.add_argument("--hdf5", default="", help="HDF5's include directory: probe dash::io::hdf5 too")
    ap.add_argument("--readme", default=os.path.join(here, "README.md"))
    ap.add_argument("--all", action="store_true", help="print every absent name, listed ones too")
    args = ap.parse_args()
    if not os.path.isdir(args.git_dir):
        print(f"DASH git directory {args.git_dir} absent: skipped")
        return 77
    theirs = dash_names(args.git_dir, args.commit)
    with open(os.path.join(here, "dash_header_paths.txt")) as fh:
        paths = [p.strip() for p in fh if p.strip() and not p.startswith("#")]
    dirs = [d for d in re.split(r"[;|]", args.include_dirs) if d]
    cxx = args.cxx
    if args.hdf5:
        dirs.append(args.hdf5)
        cxx += " -DDASH_ENABLE_HDF5"
    else:  # dash::io::hdf5 needs HDF5's headers: its names are not probed
        paths = [p for p in paths if "hdf5" not in p.lower()]
        theirs = {n for n in theirs if "hdf5" not in n.lower()}
    absent = sorted(probe(theirs, cxx, dirs, paths, args.work))
    ok = listed(args.readme)
    left = [n for n in absent if n not in ok and n.split("::")[-1] not in ok]
    print(f"DASH {args.commit}: {len(theirs)} public names; {len(absent)} not declared here, "
          f"{len(absent) - len(left)} of them listed in README.md with a reason")
    for n in absent if args.all else left:
        print(("  listed " if n in ok or n.split("::")[-1] in ok else "  ABSENT ") + n)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
