#!/usr/bin/env python3
"""Reference values for unit cubic Bézier timing curves, computed with mpmath at 80 digits.

Writes Tests/KinemaTimingTests/References/timing_curves.json, read by
CubicBezierTimingCurveTests.swift. Run from the repository root:

    bash Scripts/setup-reference-tools.sh   # mpmath 1.3.0, numpy (Scripts/requirements.txt)
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/timing_curve_references.py

Method (independent of the Swift solver): the curve is evaluated in Bernstein form,
    x(t) = 3(1-t)^2 t x1 + 3(1-t) t^2 x2 + t^3    (the same for y),
and x(t) = x is solved by plain bisection on [0, 1] (x(t) is non-decreasing for x1, x2 in [0, 1])
down to a bracket of 2^-170, with every operation at 80 significant digits. The y value, the
parameter t and the slope y'(t)/x'(t) are then evaluated at the bracket's midpoint.

Accuracy: where x'(t) is not small, t is good to about 1e-51. At a triple root of x(t) - x (the
curve (1, 0, 0, 1) at x = 0.5), the 80-digit residual still pins t to about (1e-80)^(1/3) ~ 1e-27.
Values are written with 12 significant digits (relative rounding 5e-13), far below the 1e-7
tolerance the tests check. Inputs x and control points are written with Python's repr, which
round-trips doubles exactly.

Control points: Apple's API takes Float, so the named curves, the seed's overshoot curve and the
random curves use the float32-rounded values (numpy.float32) as exact doubles, exactly what
`CubicBezierTimingCurve(x1: Double(Float(0.42)), ...)` sees in Swift.
"""

import json
import math
import os
import sys

import mpmath
import numpy as np

mpmath.mp.dps = 80
BISECTION_STEPS = 170
SEED = 20240611
RANDOM_CURVES = 100
OUTPUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "..", "..", "Tests", "KinemaTimingTests", "References", "timing_curves.json",
)


def f32(v):
    """The double value of v rounded to float32."""
    return float(np.float32(v))


def bernstein(p1, p2, t):
    u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t


def bernstein_derivative(p1, p2, t):
    u = 1 - t
    return 3 * (u * u * p1 + 2 * u * t * (p2 - p1) + t * t * (1 - p2))


def solve_t(x1, x2, x):
    """t in [0, 1] with x(t) = x, by bisection at 80 digits."""
    target = mpmath.mpf(x)
    p1 = mpmath.mpf(x1)
    p2 = mpmath.mpf(x2)
    lo = mpmath.mpf(0)
    hi = mpmath.mpf(1)
    for _ in range(BISECTION_STEPS):
        mid = (lo + hi) / 2
        if bernstein(p1, p2, mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def fmt(v):
    """12 significant digits; enough for a 1e-7 test, and keeps the file small."""
    return float("%.12g" % float(v))


def shared_inputs():
    xs = {0.0, 1.0}
    xs.update(k / 48 for k in range(1, 48))
    # Clustered near 0 and 1, where a flat end makes t very sensitive to x.
    xs.update(10.0 ** -k for k in range(1, 16))
    xs.update([1e-30, 1e-300, 5e-324])
    xs.update(1.0 - 10.0 ** -k for k in range(1, 16))
    xs.add(math.nextafter(1.0, 0.0))
    # Around 0.5, where (1, 0, 0, 1)-like curves have x'(t) = 0.
    for k in (3, 6, 9, 12, 15):
        xs.add(0.5 + 10.0 ** -k)
        xs.add(0.5 - 10.0 ** -k)
    xs.add(math.nextafter(0.5, 0.0))
    xs.add(math.nextafter(0.5, 1.0))
    rng = np.random.default_rng(SEED + 1)
    xs.update(float(v) for v in rng.uniform(0.0, 1.0, 12))
    return sorted(xs)


def special_curves():
    named = [
        # Apple's CAMediaTimingFunctionName documentation pages give these control points.
        ("linear", (0, 0, 1, 1)),
        ("easeIn", (0.42, 0, 1, 1)),
        ("easeOut", (0, 0, 0.58, 1)),
        ("easeInEaseOut", (0.42, 0, 0.58, 1)),
        ("default", (0.25, 0.1, 0.25, 1)),
        ("overshoot", (0.65, -0.55, 0.27, 1.55)),
    ]
    degenerate = [
        ("allZero", (0, 0, 0, 0)),
        ("allOne", (1, 1, 1, 1)),
        ("zeroOneZeroOne", (0, 1, 0, 1)),
        ("oneZeroOneZero", (1, 0, 1, 0)),
        ("flatMiddle", (1, 0, 0, 1)),              # x'(1/2) = 0: triple root at x = 1/2
        ("flatMiddleIdentity", (1, 1, 0, 0)),      # x(t) = y(t); x' and y' vanish together
        ("flatMiddleOvershoot", (1, -1.5, 0, 2.5)),
        ("nearFlatMiddleFloat", (0.99999994, 0, 0, 1)),  # the Float just below 1
        ("nearFlatMiddle1e-7", (1, 0, 1e-7, 1)),
        ("nearFlatMiddle1e-6", (1, 0, 1e-6, 1)),
        ("nearFlatMiddle1e-5", (1, 0, 1e-5, 1)),
        ("nearFlatMiddle1e-3", (1, 0, 1e-3, 1)),
        ("equalX", (0.5, 0.2, 0.5, 0.9)),
        ("equalXOvershoot", (0.3, -1, 0.3, 2)),
        ("sCurveX", (0, 1, 1, 0)),
        ("verticalStart", (0, 0.5, 0.5, 1)),       # x'(0) = 0, y'(0) != 0
        ("verticalEnd", (0.5, 0, 1, 0.5)),         # x'(1) = 0, y'(1) != 0
        ("largeY", (0.3, -100, 0.7, 100)),
        ("veryLargeY", (0.2, 1000, 0.8, -1000)),
    ]
    curves = []
    for name, pts in named + degenerate:
        curves.append({"name": name, "points": [f32(v) for v in pts], "full": True})
    # x outside [0, 1] is clamped by the engine; the reference is the clamped curve.
    curves.append({
        "name": "clampedX",
        "input": [1.5, 0.2, -0.5, 0.8],
        "points": [1.0, 0.2, 0.0, 0.8],
        "full": True,
    })
    return curves


def random_curves():
    rng = np.random.default_rng(SEED)
    curves = []
    for i in range(RANDOM_CURVES):
        x1, x2 = rng.uniform(0.0, 1.0, 2)
        y1, y2 = rng.uniform(-2.0, 3.0, 2)
        # Every fifth curve has a flat end like the ease curves.
        if i % 5 == 1:
            x1 = 0.0
        elif i % 5 == 3:
            x2 = 1.0
        curves.append({
            "name": "random%03d" % i,
            "points": [f32(v) for v in (x1, y1, x2, y2)],
            "full": i < 4,
        })
    return curves


def main():
    xs = shared_inputs()
    slope_xs = [k / 32 for k in range(1, 32)]
    out_curves = []
    for curve in special_curves() + random_curves():
        x1, y1, x2, y2 = (mpmath.mpf(v) for v in curve["points"])
        ys, ts = [], []
        for x in xs:
            t = solve_t(x1, x2, x)
            ts.append(fmt(t))
            ys.append(fmt(bernstein(y1, y2, t)))
        entry = {"name": curve["name"], "points": curve["points"]}
        if "input" in curve:
            entry["input"] = curve["input"]
        entry["ys"] = ys
        if curve["full"]:
            entry["ts"] = ts
            slopes = []
            for x in slope_xs:
                t = solve_t(x1, x2, x)
                dx = bernstein_derivative(x1, x2, t)
                dy = bernstein_derivative(y1, y2, t)
                # Near a vertical tangent only the magnitude is meaningful: leave those out.
                slopes.append(fmt(dy / dx) if dx > mpmath.mpf("1e-3") else None)
            entry["slopes"] = slopes
        out_curves.append(entry)
        print(curve["name"], file=sys.stderr)
    doc = {
        "generator": "Scripts/references/timing_curve_references.py",
        "method": "bisection on the Bernstein form at 80 digits (mpmath %s)" % mpmath.__version__,
        "xs": xs,
        "slopeXs": slope_xs,
        "curves": out_curves,
    }
    with open(OUTPUT, "w") as fh:
        json.dump(doc, fh, separators=(",", ":"))
        fh.write("\n")
    print("wrote", os.path.normpath(OUTPUT), os.path.getsize(OUTPUT), "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
