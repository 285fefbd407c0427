"""Arithmetic on parsed rows (dicts of one CSV line): select, ratio, difference; None where a value is missing."""
from .parse import num


def ratio(a, b):
    a, b = num(a), num(b)
    if not isinstance(a, float) or not isinstance(b, float) or b == 0:
        return None
    return a / b


def diff(a, b):
    a, b = num(a), num(b)
    if not isinstance(a, float) or not isinstance(b, float):
        return None
    return a - b


def by(rows, **kw):
    return [r for r in rows if all(r.get(k) == v for k, v in kw.items())]


def one(rows, **kw):
    m = by(rows, **kw)
    return m[0] if m else {}
