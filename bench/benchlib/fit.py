"""Least-squares fits of a measure against the number of units: bytes = a + b x units, and the growth exponent of
a time (the slope of log time against log units). None where fewer than two points have values."""
import math


def linear(points):
    """points: (x, y) pairs, y None where missing -> (a, b) of y = a + b x."""
    pts = [(float(x), float(y)) for x, y in points if isinstance(y, (int, float))]
    if len({x for x, _ in pts}) < 2:
        return None, None
    n = len(pts)
    mx, my = sum(x for x, _ in pts) / n, sum(y for _, y in pts) / n
    b = sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)
    return my - b * mx, b


def exponent(points):
    """points: (x, y) pairs -> k of y ~ x^k over the points with y > 0."""
    logs = [(math.log(x), math.log(y)) for x, y in points if isinstance(y, (int, float)) and y > 0 and x > 0]
    return linear(logs)[1]
