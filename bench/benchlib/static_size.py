"""DART's static tables, the fixed part of its memory per process (not heap, the same at any job size): the
writable data of libdart (.data, .bss and their relatives, thread-local ones per thread) from `size -A`, and
its largest objects from `nm`."""
import subprocess
from pathlib import Path


def _library(build_dir):
    for name in ("libdart.a", "libdart.so"):
        p = Path(build_dir) / "dart" / name
        if p.exists():
            return p
    return None


def static_bytes(build_dir, largest=3):
    """{"data": B, "bss": B, "tls": B, "total": B, "largest": [("file.c: symbol", B)], "library": name} or None."""
    lib = _library(build_dir)
    if lib is None:
        return None
    try:
        sizes = subprocess.run(["size", "-A", str(lib)], stdout=subprocess.PIPE, text=True, check=True).stdout
        syms = subprocess.run(["nm", "-S", "-A", str(lib)], stdout=subprocess.PIPE, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    out = {"data": 0, "bss": 0, "tls": 0}
    for line in sizes.splitlines():
        f = line.split()
        if len(f) != 3 or not f[1].isdigit():
            continue
        if f[0] in (".tdata", ".tbss"):
            out["tls"] += int(f[1])
        elif f[0].startswith(".bss"):
            out["bss"] += int(f[1])
        elif f[0].startswith(".data"):
            out["data"] += int(f[1])
    objs = []
    for line in syms.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "bBdD":  # "library:member.o:address size type name"
            member = f[0].split(":")[-2] if f[0].count(":") >= 2 else ""
            objs.append((f"{member.removesuffix('.o')}: {f[3]}", int(f[1], 16)))
    out["total"] = out["data"] + out["bss"] + out["tls"]
    out["largest"] = sorted(objs, key=lambda o: -o[1])[:largest]
    out["library"] = lib.name
    return out
