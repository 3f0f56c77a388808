#!/usr/bin/env python3
"""Reference data for Kinema's Path (fill containment, tight bounds, stroke outlines, lengths),
computed by Skia (skia-python) as an independent implementation.

Run: ~/.cache/kinema-peers/venv/bin/python Scripts/references/path_references.py
(the venv comes from Scripts/setup-reference-tools.sh: skia-python, numpy, pinned in Scripts/requirements.txt).
Writes Tests/KinemaGeometryTests/References/path_fill.json, path_stroke.json, path_measure.json.

Each case lists the path as operations that Kinema's tests replay with the matching Path API:
  ["M", x, y] ["L", x, y] ["Q", cx, cy, x, y] ["C", c1x, c1y, c2x, c2y, x, y] ["Z"]
  ["rect", x, y, w, h] ["ellipse", x, y, w, h] ["rrect", x, y, w, h, rx, ry]
  ["arc", cx, cy, r, startRadians, sweepRadians]   (addRelativeArc; line from the current point)
  ["arct", x1, y1, x2, y2, r]                      (addArc(tangent1End:tangent2End:radius:))
Grids sample points at x0 + (i + 0.5)·step (i < nx), likewise y; containment bits are packed
row-major (row j = y index), most significant bit first, as a hex string.
Skia's arcs and ellipses are exact conics, Kinema's are cubics (≤ 2.7e-4·r off); the tests skip
samples within 0.05 of Kinema's outline, which covers that and Skia's float precision.
"""
import json
import math
import os

import skia

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "KinemaGeometryTests", "References")


def build(ops):
    p = skia.Path()
    for op in ops:
        k = op[0]
        a = op[1:]
        if k == "M":
            p.moveTo(*a)
        elif k == "L":
            p.lineTo(*a)
        elif k == "Q":
            p.quadTo(*a)
        elif k == "C":
            p.cubicTo(*a)
        elif k == "Z":
            p.close()
        elif k == "rect":
            x, y, w, h = a
            p.addRect(skia.Rect.MakeXYWH(x, y, w, h))
        elif k == "ellipse":
            x, y, w, h = a
            p.addOval(skia.Rect.MakeXYWH(x, y, w, h))
        elif k == "rrect":
            x, y, w, h, rx, ry = a
            p.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), rx, ry))
        elif k == "arc":
            cx, cy, r, start, sweep = a
            oval = skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r)
            p.arcTo(oval, math.degrees(start), math.degrees(sweep), p.countVerbs() == 0)
        elif k == "arct":
            p.arcTo(*a)
        else:
            raise ValueError(k)
    return p


def grid_for(rect, margin, n):
    step = max(rect.width(), rect.height(), 1.0) + 2 * margin
    step /= n
    # An irrational-ish offset keeps samples off integer and half-integer coordinates.
    return {"x0": rect.left() - margin + 0.0137, "y0": rect.top() - margin + 0.0291, "step": step, "nx": n, "ny": n}


def bits(grid, inside):
    out = bytearray()
    acc, count = 0, 0
    for j in range(grid["ny"]):
        y = grid["y0"] + (j + 0.5) * grid["step"]
        for i in range(grid["nx"]):
            x = grid["x0"] + (i + 0.5) * grid["step"]
            acc = (acc << 1) | (1 if inside(x, y) else 0)
            count += 1
            if count == 8:
                out.append(acc)
                acc, count = 0, 0
    if count:
        out.append(acc << (8 - count))
    return out.hex()


def rect_list(r):
    return [r.left(), r.top(), r.width(), r.height()]


# ---------------------------------------------------------------- fill (containment, bounds)
FILL = {
    "triangle": [["M", 10, 10], ["L", 90, 20], ["L", 40, 80], ["Z"]],
    "star_self_intersecting": [["M", 50, 0], ["L", 79, 90], ["L", 2, 35], ["L", 98, 35], ["L", 21, 90], ["Z"]],
    "open_subpaths_implicitly_closed": [["M", 0, 0], ["L", 60, 0], ["L", 60, 60], ["M", 70, 10], ["L", 120, 10], ["L", 95, 70]],
    "holes_same_direction": [["rect", 0, 0, 100, 100], ["rect", 25, 25, 50, 50]],
    "holes_opposite_direction": [["rect", 0, 0, 100, 100], ["M", 25, 25], ["L", 25, 75], ["L", 75, 75], ["L", 75, 25], ["Z"]],
    "quad_blob": [["M", 0, 50], ["Q", 50, -40, 100, 50], ["Q", 50, 140, 0, 50], ["Z"]],
    "cubic_loop": [["M", 10, 90], ["C", 160, 0, -60, 0, 90, 90], ["Z"]],
    "cubic_s": [["M", 0, 0], ["C", 120, 0, -20, 100, 100, 100], ["L", 0, 100], ["Z"]],
    "ellipse": [["ellipse", 10, 20, 120, 70]],
    "ellipse_in_rect": [["rect", 0, 0, 140, 100], ["ellipse", 20, 10, 100, 80]],
    "rounded_rect": [["rrect", 5, 5, 130, 90, 30, 20]],
    "arc_pie": [["M", 60, 60], ["arc", 60, 60, 50, 0.3, 4.0], ["Z"]],
    "arc_negative_sweep": [["M", 60, 60], ["arc", 60, 60, 50, 2.5, -3.5], ["Z"]],
    "tangent_arcs": [["M", 0, 0], ["arct", 100, 0, 100, 100, 30], ["arct", 100, 100, 0, 100, 45], ["L", 0, 100], ["Z"]],
    "mixed_curves_two_subpaths": [["M", 0, 0], ["C", 50, -30, 100, 30, 100, 60], ["Q", 50, 120, 0, 60], ["Z"],
                                  ["M", 30, 20], ["Q", 50, 0, 70, 20], ["L", 50, 50], ["Z"]],
}


def fill_cases():
    cases = []
    for name, ops in FILL.items():
        p = build(ops)
        tb = p.computeTightBounds()
        grid = grid_for(tb, 6, 80)
        p.setFillType(skia.PathFillType.kWinding)
        nz = bits(grid, lambda x, y: p.contains(x, y))
        p.setFillType(skia.PathFillType.kEvenOdd)
        eo = bits(grid, lambda x, y: p.contains(x, y))
        cases.append({"name": name, "ops": ops, "grid": grid, "nonZero": nz, "evenOdd": eo,
                      "tightBounds": rect_list(tb)})
    return cases


# ---------------------------------------------------------------- strokes
ZIGZAG = [["M", 10, 60], ["L", 50, 10], ["L", 90, 60], ["L", 130, 20]]
CLOSED_POLY = [["M", 10, 10], ["L", 110, 10], ["L", 60, 90], ["Z"]]
CUSP = [["M", 0, 0], ["C", 80, 60, 0, 60, 80, 0]]
LOOP = [["M", 10, 90], ["C", 160, 0, -60, 0, 90, 90]]
QUADS = [["M", 0, 50], ["Q", 40, -20, 80, 50], ["Q", 120, 120, 160, 50]]
TURN_180 = [["M", 10, 40], ["L", 100, 40], ["L", 30, 40]]
SHARP_UNDER = [["M", 0, 0], ["L", 120, 0], ["L", 0, 120 * math.tan(math.radians(15))]]   # 15°: ratio 7.66
SHARP_OVER = [["M", 0, 0], ["L", 120, 0], ["L", 0, 120 * math.tan(math.radians(10))]]    # 10°: ratio 11.5
ARC_TIGHT = [["M", 40, 40], ["arc", 40, 40, 10, 0.0, 4.5]]
CIRCLE = [["ellipse", 10, 10, 100, 100]]
RRECT = [["rrect", 10, 10, 140, 90, 25, 25]]
LINE = [["M", 10, 30], ["L", 190, 30]]
CURVE_OPEN = [["M", 0, 80], ["C", 40, -40, 120, 160, 160, 20]]
ZERO_LENGTH = [["M", 20, 20], ["L", 20, 20], ["M", 60, 20], ["Z"], ["M", 100, 20]]

CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def stroke_case(name, ops, width, cap="butt", join="miter", miter=10.0, dash=None, phase=0.0, transform=None, n=96):
    src = build(ops)
    paint = skia.Paint(Style=skia.Paint.kStroke_Style, StrokeWidth=width, StrokeCap=CAPS[cap],
                       StrokeJoin=JOINS[join], StrokeMiter=miter, AntiAlias=True)
    if dash:
        paint.setPathEffect(skia.DashPathEffect.Make(dash, phase))
    scale = 1.0
    if transform:
        a, b, c, d, tx, ty = transform
        scale = max(abs(a) + abs(c), abs(b) + abs(d))
    dst = skia.Path()
    paint.getFillPath(src, dst, None, 64.0 * scale)
    if transform:
        a, b, c, d, tx, ty = transform
        dst.transform(skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1))
    dst.setFillType(skia.PathFillType.kWinding)
    tb = dst.computeTightBounds()
    grid = grid_for(tb, 4, n)
    case = {"name": name, "ops": ops, "width": width, "cap": cap, "join": join, "miterLimit": miter,
            "grid": grid, "inside": bits(grid, lambda x, y: dst.contains(x, y))}
    if dash:
        case["dash"] = dash
        case["phase"] = phase
    if transform:
        case["transform"] = transform
    return case


def stroke_cases():
    cases = []
    for cap in CAPS:
        for join in JOINS:
            cases.append(stroke_case(f"zigzag_{cap}_{join}", ZIGZAG, 12, cap, join))
    for join in JOINS:
        cases.append(stroke_case(f"closed_polygon_{join}", CLOSED_POLY, 10, "butt", join))
        cases.append(stroke_case(f"turn_180_{join}", TURN_180, 14, "butt", join))
    cases += [
        stroke_case("sharp_15deg_under_miter_limit", SHARP_UNDER, 8, "butt", "miter"),
        stroke_case("sharp_10deg_over_miter_limit", SHARP_OVER, 8, "butt", "miter"),
        stroke_case("sharp_15deg_miter_limit_4", SHARP_UNDER, 8, "butt", "miter", miter=4),
        stroke_case("cusp_round", CUSP, 10, "round", "round"),
        stroke_case("cusp_butt_miter", CUSP, 10, "butt", "miter"),
        stroke_case("cubic_loop_square", LOOP, 9, "square", "bevel"),
        stroke_case("quads_round", QUADS, 14, "round", "miter"),
        # Width 30 on radius 10: the inner offset turns inside out. Skia (m144) gets the miter-join
        # version wrong (it drops parts of the line's own rectangle, e.g. (41, 39)); its round-join
        # version agrees with a brute-force distance check, so that is the reference here.
        stroke_case("thick_on_tight_arc", ARC_TIGHT, 30, "round", "round"),
        stroke_case("circle_thin", CIRCLE, 3, "butt", "miter"),
        stroke_case("rounded_rect_bevel", RRECT, 6, "butt", "bevel"),
        stroke_case("zero_length_round", ZERO_LENGTH, 10, "round", "miter"),
        stroke_case("zero_length_square", ZERO_LENGTH, 10, "square", "miter"),
        stroke_case("dash_line_phase", LINE, 8, "butt", "miter", dash=[20, 10], phase=7),
        stroke_case("dash_line_round_dots", LINE, 8, "round", "miter", dash=[0, 16], phase=0),
        stroke_case("dash_line_square_negative_phase", LINE, 6, "square", "miter", dash=[12, 8, 4, 8], phase=-5),
        stroke_case("dash_curve", CURVE_OPEN, 6, "butt", "round", dash=[15, 6], phase=3),
        stroke_case("dash_closed_polygon_wraps_start", CLOSED_POLY, 6, "butt", "miter", dash=[40, 15], phase=25),
        stroke_case("dash_circle", CIRCLE, 5, "round", "round", dash=[30, 12], phase=0),
        # Skia turns zero-length dashes' squares along the x axis, Kinema along the path (as cairo
        # does; Apple is silent): on a horizontal line both agree. The curve case is a Swift test.
        stroke_case("dash_zero_length_squares", LINE, 6, "square", "miter", dash=[0, 14], phase=3),
        stroke_case("transform_nonuniform_zigzag", ZIGZAG, 10, "round", "miter", transform=[2.0, 0.0, 0.0, 0.5, 5, 7]),
        stroke_case("transform_rotated_skewed_curve", CURVE_OPEN, 8, "square", "bevel",
                    transform=[1.2, 0.5, -0.3, 0.8, 20, 10]),
    ]
    cases += wide_stroke_cases()
    return cases


# Wide butt and square strokes on tight curves (width ≥ radius of curvature). A cap must start on
# the curve's exact end normal: a stroker that offsets each flattened chord along the chord's own
# normal leaves the chord's corner sticking out past the cap (by w/2 · sin of half the chord's
# turn). Where w/2 exceeds the radius, the inner normals run past the centre of curvature and the
# stroke covers that far side too ("folded"). Finer grids (160²) so a one-unit sliver shows.
#
# Each case was checked when written against a brute-force sweep of the exact normals (the union
# of the segments of length w centred on the curve along its normals): no mismatch beyond the
# samples on the outline. Skia m144 is wrong on two kinds of wide stroke, which these cases avoid:
#   - miter joins on wide strokes (see thick_on_tight_arc): the joins here are round or bevel;
#   - an arc turning more than 180° with w/2 beyond its radius: Skia's folded inner side cancels
#     against the rest by winding and leaves two holes by the centre (r 10, w 36, 229°: 125 of
#     96² samples), so the folded arcs here turn less than 180°;
#   - that arc-and-line path with a square cap: Skia ends the arc's inner offset with one quad
#     bent out to the cap's corner, 0.06 past the cap's side at (55.45, 50.32) (the arc alone is
#     right), so the joined cases have butt caps; square caps on curves are in the other cases.
WIDE = [
    ("wide_arc_butt", [["arc", 60, 60, 30, 0.3, 2.2]], 40, "butt", "round", {}),
    ("wide_arc_butt_width_twice_radius", [["arc", 50, 50, 30, -0.4, 1.5]], 60, "butt", "round", {}),
    ("wide_arc_butt_folded", [["arc", 40, 40, 10, 0.0, 2.6]], 36, "butt", "round", {}),
    ("wide_arc_square_folded", [["arc", 60, 60, 20, 0.3, 2.5]], 50, "square", "round", {}),
    ("wide_cubic_butt", CURVE_OPEN, 40, "butt", "round", {}),
    ("wide_cubic_tight_square", [["M", 10, 80], ["C", 120, -20, -40, -20, 70, 80]], 30, "square", "round", {}),
    ("wide_quad_butt", [["M", 0, 0], ["Q", 60, 120, 120, 0]], 50, "butt", "round", {}),
    ("wide_dash_arc_butt", [["arc", 60, 60, 25, 0.2, 4.5]], 30, "butt", "round", {"dash": [18, 10], "phase": 4}),
    ("wide_arc_line_round_join", [["arc", 50, 50, 20, 0.5, 2.0], ["L", 10, 90]], 30, "butt", "round", {}),
    ("wide_arc_line_bevel_join", [["arc", 50, 50, 20, 0.5, 2.0], ["L", 10, 90]], 30, "butt", "bevel", {}),
]


def wide_stroke_cases():
    return [stroke_case(name, ops, width, cap, join, n=160, **extra) for name, ops, width, cap, join, extra in WIDE]


# ---------------------------------------------------------------- lengths
MEASURE = {
    "line": LINE,
    "zigzag": ZIGZAG,
    "closed_polygon": CLOSED_POLY,
    "quads": QUADS,
    "cubic": CURVE_OPEN,
    "cusp": CUSP,
    "loop": LOOP,
    "two_subpaths": [["M", 0, 0], ["L", 30, 40], ["M", 100, 100], ["C", 150, 50, 200, 150, 250, 100]],
}


def measure_cases():
    cases = []
    for name, ops in MEASURE.items():
        p = build(ops)
        m = skia.PathMeasure(p, False, 1000.0)
        lengths = []
        while True:
            lengths.append(m.getLength())
            if not m.nextContour():
                break
        # Positions along the first contour.
        m = skia.PathMeasure(p, False, 1000.0)
        first = m.getLength()
        positions = []
        for f in (0.1, 0.37, 0.5, 0.81):
            pos, tan = m.getPosTan(first * f)
            positions.append({"distance": first * f, "x": pos.x(), "y": pos.y()})
        cases.append({"name": name, "ops": ops, "contourLengths": lengths, "positions": positions})
    return cases


def write(name, payload):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        json.dump(payload, f, separators=(",", ":"))
    print(f"{name}: {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    meta = {"generator": "Scripts/references/path_references.py", "skia": skia.__version__}
    write("path_fill.json", {"meta": meta, "cases": fill_cases()})
    write("path_stroke.json", {"meta": meta, "cases": stroke_cases()})
    write("path_measure.json", {"meta": meta, "cases": measure_cases()})
