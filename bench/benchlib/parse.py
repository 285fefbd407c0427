"""The programs' output: CSV tables (`@table NAME` starts one, `#` lines are notes) and callgrind
profiles."""
import re


def num(v):
    """CSV cell -> float, None for n/a; strings stay strings."""
    if v is None:
        return None
    if isinstance(v, (int, float)):
        return v
    s = v.strip()
    if s in ("n/a", "", "nan", "-nan"):
        return None
    try:
        return float(s)
    except ValueError:
        return s


def parse_output(text, default_table):
    tables, notes = {}, []
    cur, header = default_table, None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if line.startswith("@table"):
            cur, header = line.split()[1], None
            continue
        if line.startswith("#"):
            notes.append(line[1:].strip())
            continue
        vals = line.split(",")
        if header is None:
            header = vals
            tables[cur] = []
            continue
        if len(vals) != len(header):  # a line cut short by a timeout
            continue
        tables[cur].append({k: num(v) for k, v in zip(header, vals)})
    return tables, notes


def callgrind_parse(path):
    """A callgrind profile -> (self, calls): self[(object, function)] = Ir spent in the function's own
    code; calls = [(caller, callee, inclusive Ir of the calls)], caller and callee as (object, function)."""
    kind = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl", "fn": "fn",
            "cfn": "fn"}
    names = {"ob": {}, "fl": {}, "fn": {}}  # name compression: "(id) name" defines, "(id)" refers
    own, calls = {}, []
    ob = fn = cob = cfn = None
    in_call = False
    with open(path) as f:
        for line in f:
            line = line.strip()
            key, eq, val = line.partition("=")
            if eq and key in kind:
                m = re.match(r"\((\d+)\)\s*(.*)", val)
                if m:
                    table = names[kind[key]]
                    if m.group(2):
                        table[m.group(1)] = m.group(2)
                    val = table.get(m.group(1), m.group(2))
                if key == "ob":
                    ob = val
                elif key == "fn":
                    fn = val
                elif key == "cob":
                    cob = val
                elif key == "cfn":
                    cfn = val
            elif eq and key == "calls":
                in_call = True
            elif line and line[0] in "0123456789+-*":
                parts = line.split()
                ir = int(parts[1]) if len(parts) > 1 else 0
                if in_call:  # the inclusive cost of the call above; the callee's object defaults to ours
                    calls.append(((ob, fn), (cob or ob, cfn), ir))
                    in_call, cob = False, None
                else:
                    own[(ob, fn)] = own.get((ob, fn), 0) + ir
    return own, calls
