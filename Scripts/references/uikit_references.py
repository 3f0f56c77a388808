#!/usr/bin/env python3
"""Reference images for OpenUIKit's UIBezierPath golden tests, drawn by cairo (pycairo).

Each case here draws, with cairo, what the Swift case of the same name in
Tests/OpenUIKitTests/UIBezierPathGoldenTests.swift draws through UIGraphicsImageRenderer and
UIBezierPath. cairo's device space is UIKit's: origin at the top-left, y down, so points are used
as they are. The conversions that matter are written out here from the documentation, not from
Kinema's code:
    arc      UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:): clockwise means clockwise
             on screen, i.e. increasing angle in y-down space = cairo's `arc`; counterclockwise is
             `arc_negative`. UIKit (CGPathAddArc) draws the whole circle only for |sweep| >= 2 pi and
             otherwise reduces the sweep into [0, 2 pi); cairo's arc does the same for the cases used.
    corners  UIRectCorner names corners in y-down space: topLeft = (minX, minY). cornerRadii is an
             ellipse (width horizontal, height vertical), each clamped to half the side.
    scale    a renderer of scale s is a cairo surface s times larger with cairo.scale(s, s).
    pattern  UIColor(patternImage:) tiles the image at its size in points from the origin, upright.
Colours are whole 8-bit levels; every case paints a white background first, so every pixel is
opaque and PNG's straight alpha equals the premultiplied pixels.

Writes Tests/OpenUIKitTests/References/<name>.png. The Swift tests fail on a PNG there that no
case names. Run (pycairo 1.29.2, numpy, Pillow; Scripts/requirements.txt):
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/uikit_references.py
"""
import math, os
import cairo
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "OpenUIKitTests", "References"))
PI = math.pi


def rgb(c, r, g, b, a=255):
    c.set_source_rgba(r / 255, g / 255, b / 255, a / 255)


def rounded_rect(c, x, y, w, h, radii):
    """A closed rounded rectangle; radii maps 'tl', 'tr', 'br', 'bl' to (rx, ry) ellipse radii."""
    def corner(cx, cy, rx, ry, a0, a1):
        if rx <= 0 or ry <= 0:
            return False
        c.save(); c.translate(cx, cy); c.scale(rx, ry); c.arc(0, 0, 1, a0, a1); c.restore()
        return True
    tl, tr, br, bl = radii["tl"], radii["tr"], radii["br"], radii["bl"]
    c.new_sub_path()
    # Clockwise on screen from the top-left, as UIKit's rounded rectangles run.
    if not corner(x + tl[0], y + tl[1], tl[0], tl[1], PI, 1.5 * PI): c.move_to(x, y)
    if not corner(x + w - tr[0], y + tr[1], tr[0], tr[1], 1.5 * PI, 2 * PI): c.line_to(x + w, y)
    if not corner(x + w - br[0], y + h - br[1], br[0], br[1], 0, 0.5 * PI): c.line_to(x + w, y + h)
    if not corner(x + bl[0], y + h - bl[1], bl[0], bl[1], 0.5 * PI, PI): c.line_to(x, y + h)
    c.close_path()


def ellipse(c, x, y, w, h):
    c.new_sub_path()
    c.save(); c.translate(x + w / 2, y + h / 2); c.scale(w / 2, h / 2); c.arc(0, 0, 1, 0, 2 * PI); c.restore()
    c.close_path()


# ------------------------------------------------------------------------------------ the cases
# (name, width, height, scale, draw)

def arc_clockwise(c):
    # The seed's counter view: clockwise from 3/4 pi to 1/4 pi, the gap at the bottom.
    c.arc(48, 48, 32, 3 * PI / 4, PI / 4)
    c.set_line_width(10); c.set_line_cap(cairo.LINE_CAP_BUTT); rgb(c, 255, 128, 0); c.stroke()


def arc_counterclockwise(c):
    # Counterclockwise on screen from 3/4 pi to 1/4 pi: the short arc through the bottom.
    c.arc_negative(48, 48, 32, 3 * PI / 4, PI / 4)
    c.set_line_width(10); c.set_line_cap(cairo.LINE_CAP_ROUND); rgb(c, 0, 102, 204); c.stroke()


def arc_joined(c):
    # move(to:) then addArc: a line joins the current point to the arc's start; then close().
    c.move_to(48, 48)
    c.arc(48, 48, 36, 0, PI / 2)          # clockwise on screen: through the bottom right
    c.close_path()
    rgb(c, 204, 51, 51); c.fill()


def rounded_selected_corners(c):
    r = (20, 12)
    rounded_rect(c, 12, 16, 72, 56, {"tl": r, "tr": (0, 0), "br": r, "bl": (0, 0)})
    rgb(c, 51, 77, 204); c.fill()


def rounded_clamped(c):
    # cornerRadius 40 on a 80 x 40 rectangle is clamped to 20: a stadium.
    rounded_rect(c, 8, 28, 80, 40, {k: (20, 20) for k in ("tl", "tr", "br", "bl")})
    rgb(c, 26, 153, 102); c.fill()


def dashes(c):
    c.move_to(10, 20); c.line_to(86, 20); c.line_to(86, 76); c.line_to(10, 76)
    c.set_dash([12, 6], 3)
    c.set_line_width(4); c.set_line_cap(cairo.LINE_CAP_BUTT); c.set_line_join(cairo.LINE_JOIN_MITER)
    rgb(c, 51, 51, 153); c.stroke()


def even_odd(c):
    c.set_fill_rule(cairo.FILL_RULE_EVEN_ODD)
    c.rectangle(8, 8, 80, 80)
    ellipse(c, 16, 16, 44, 44)
    ellipse(c, 36, 36, 44, 44)
    rgb(c, 26, 128, 51); c.fill()


def nonzero_reversed(c):
    # The same shapes under non-zero winding, the first circle reversed (UIBezierPath.reversing()):
    # it cuts a hole where only it and the square overlap; the second circle adds to the square.
    c.set_fill_rule(cairo.FILL_RULE_WINDING)
    c.rectangle(8, 8, 80, 80)
    c.new_sub_path()
    c.save(); c.translate(38, 38); c.scale(22, 22); c.arc_negative(0, 0, 1, 0, -2 * PI); c.restore()
    c.close_path()
    ellipse(c, 36, 36, 44, 44)
    rgb(c, 26, 128, 51); c.fill()


def round_joins_scale2(c):
    c.move_to(8, 40); c.line_to(24, 8); c.line_to(40, 40); c.curve_to(48, 8, 56, 8, 58, 30)
    c.set_line_width(5); c.set_line_cap(cairo.LINE_CAP_ROUND); c.set_line_join(cairo.LINE_JOIN_ROUND)
    rgb(c, 153, 26, 128); c.stroke()


def checker():
    """An 8 x 8 pixel tile: red top-left and bottom-right 4 x 4 quarters, yellow elsewhere."""
    a = np.zeros((8, 8, 4), dtype=np.uint8)
    for y in range(8):
        for x in range(8):
            red = (x < 4) == (y < 4)
            a[y, x] = (255, 0, 0, 255) if red else (255, 255, 0, 255)
    return a


def pattern_fill(c):
    tile = checker()
    # cairo's ARGB32 is premultiplied B G R A in memory on little-endian machines.
    bgra = np.ascontiguousarray(tile[:, :, [2, 1, 0, 3]])
    surface = cairo.ImageSurface.create_for_data(memoryview(bgra), cairo.FORMAT_ARGB32, 8, 8, 32)
    pattern = cairo.SurfacePattern(surface)
    pattern.set_extend(cairo.EXTEND_REPEAT)
    pattern.set_filter(cairo.FILTER_NEAREST)
    ellipse(c, 10, 14, 76, 64)
    c.set_source(pattern); c.fill()


CASES = [
    ("arc_clockwise", 96, 96, 1, arc_clockwise),
    ("arc_counterclockwise", 96, 96, 1, arc_counterclockwise),
    ("arc_joined", 96, 96, 1, arc_joined),
    ("rounded_selected_corners", 96, 96, 1, rounded_selected_corners),
    ("rounded_clamped", 96, 96, 1, rounded_clamped),
    ("dashes", 96, 96, 1, dashes),
    ("even_odd", 96, 96, 1, even_odd),
    ("nonzero_reversed", 96, 96, 1, nonzero_reversed),
    ("round_joins_scale2", 64, 48, 2, round_joins_scale2),
    ("pattern_fill", 96, 96, 1, pattern_fill),
]


def render(width, height, scale, draw):
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width * scale, height * scale)
    c = cairo.Context(surface)
    c.scale(scale, scale)
    c.set_antialias(cairo.ANTIALIAS_GRAY)
    c.set_source_rgb(1, 1, 1); c.paint()
    draw(c)
    surface.flush()
    data = np.ndarray((height * scale, surface.get_stride() // 4, 4), dtype=np.uint8, buffer=surface.get_data())
    bgra = data[:, : width * scale, :]
    return np.ascontiguousarray(bgra[:, :, [2, 1, 0, 3]])


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".png"):
            os.remove(os.path.join(OUT, f))
    for name, w, h, s, draw in CASES:
        Image.fromarray(render(w, h, s, draw), "RGBA").save(os.path.join(OUT, name + ".png"), optimize=True)
    print(f"wrote {len(CASES)} references to {OUT}")


if __name__ == "__main__":
    main()
