"""The targets table's evaluator: each Target of target_table.TARGETS measured on a run's data, judged against
its threshold, one printed row per target (met / MISSED / reported / n/a, and why)."""
import inspect
from dataclasses import dataclass, field
from typing import Callable, Optional

from .config import NOISE, SORT_N


@dataclass
class Measured:
    """What a measure (measures.py) found: the value judged, as shown, the values behind it (detail: the start of
    the reason when missed), whether the results were right (valid), fields for the target's name and why, and
    why: the reason itself where the values explain the miss (instead of the table's why_missed)."""
    value: Optional[float]
    shown: str = ""
    detail: str = ""
    valid: bool = True
    fields: dict = field(default_factory=dict)
    na_detail: str = ""
    why: Optional[str] = None


@dataclass
class Target:
    """name: what is measured and the threshold ({op}, {ranks}, ... filled in from params and the measure);
    row: the measure (measures.py: which table, columns and rows); rule: ">=" or "<=" the threshold,
    "reported" (no threshold) or "correct" (met when the results are right); baseline: what the value is
    measured against, in the same run; why_missed / why_na: the reason shown; each: one target per params dict
    (a "threshold" key there overrides the threshold); noise: the threshold allows NOISE (10%) on this machine;
    needs: an option of the run without which the target is left out (peers: --peers)."""
    name: str
    row: Callable
    rule: str
    threshold: Optional[float]
    baseline: str
    why_missed: str = ""
    why_na: str = "not measured"
    each: tuple = ({},)
    noise: bool = False
    needs: str = ""


def _judge(t, threshold, m):
    if t.rule == "correct":
        return m.valid
    limit = threshold * NOISE if t.noise else threshold
    if t.rule == "<=":
        return m.valid and m.value <= limit
    limit = threshold / NOISE if t.noise else threshold
    return m.valid and m.value >= limit


def evaluate(targets, data, opts):
    """Rows of the targets table: target, measured, status, reason."""
    out = []
    for t in targets:
        if t.needs and not getattr(opts, t.needs):
            continue
        for params in t.each:
            params = dict(params)
            threshold = params.pop("threshold", t.threshold)
            accepted = inspect.signature(t.row).parameters  # the other params name the target only
            m = t.row(data, opts, **{k: v for k, v in params.items() if k in accepted})
            names = dict(params, threshold=threshold, ranks=opts.ranks, sort_n=f"{SORT_N >> 20}M", **m.fields)
            name = t.name.format(**names)
            why = t.why_missed.format(**names) if m.why is None else m.why
            if m.value is None:
                out.append({"target": name, "measured": "n/a", "status": "n/a",
                            "reason": "; ".join(x for x in (t.why_na.format(**names), m.na_detail) if x)})
            elif t.rule == "reported":
                out.append({"target": name, "measured": m.shown, "status": "reported",
                            "reason": "; ".join(x for x in ("no target set" if why else "", why) if x)})
            else:
                ok = _judge(t, threshold, m)
                out.append({"target": name, "measured": m.shown, "status": "met" if ok else "MISSED",
                            "reason": "" if ok else ": ".join(x for x in (m.detail, why) if x)})
    return out
