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


def least_squares(points):
    """points: (xs, y) pairs with equal-length xs -> coefficients k of y = sum k_i x_i (normal equations, Gauss
    elimination with pivoting); None if the xs do not determine them."""
    if not points:
        return None
    m = len(points[0][0])
    ata = [[sum(xs[i] * xs[j] for xs, _ in points) for j in range(m)] for i in range(m)]
    aty = [sum(xs[i] * y for xs, y in points) for i in range(m)]
    for col in range(m):
        piv = max(range(col, m), key=lambda r: abs(ata[r][col]))
        if abs(ata[piv][col]) < 1e-9 * max(1.0, max(abs(v) for row in ata for v in row)):
            return None
        ata[col], ata[piv], aty[col], aty[piv] = ata[piv], ata[col], aty[piv], aty[col]
        for r in range(m):
            if r != col:
                f = ata[r][col] / ata[col][col]
                ata[r] = [v - f * w for v, w in zip(ata[r], ata[col])]
                aty[r] -= f * aty[col]
    return [aty[i] / ata[i][i] for i in range(m)]
