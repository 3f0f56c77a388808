"""Draws the demos' Mars picture (Sources/KinemaDemos/Resources/Mars.png, Mars@2x.png).

Seed 001 blinks `UIImage(named: "Mars")`; the project has no photograph to ship, so this draws a
planet: a rust-coloured disc lit from the upper left, a few darker maria and craters, and a polar
cap. Run with the reference-tools environment (Scripts/setup-reference-tools.sh):
    ~/.cache/kinema-peers/venv/bin/python Scripts/demo-images/make_mars.py
"""
import math
import pathlib

import cairo

OUT = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "KinemaDemos" / "Resources"


def draw(scale):
    size = 96
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, size * scale, size * scale)
    ctx = cairo.Context(surface)
    ctx.scale(scale, scale)
    c, r = size / 2, size / 2 - 4
    body = cairo.RadialGradient(c - 16, c - 18, 4, c, c, r)
    body.add_color_stop_rgb(0, 0.98, 0.62, 0.38)
    body.add_color_stop_rgb(0.55, 0.84, 0.36, 0.18)
    body.add_color_stop_rgb(1, 0.45, 0.15, 0.08)
    ctx.arc(c, c, r, 0, 2 * math.pi)
    ctx.set_source(body)
    ctx.fill()
    ctx.save()
    ctx.arc(c, c, r, 0, 2 * math.pi)
    ctx.clip()
    ctx.set_source_rgba(0.42, 0.16, 0.09, 0.45)
    for (x, y, w, h, a) in [(30, 52, 22, 9, 0.3), (58, 40, 16, 7, -0.4), (44, 70, 26, 8, 0.1)]:
        ctx.save()
        ctx.translate(x, y)
        ctx.rotate(a)
        ctx.scale(w, h)
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
        ctx.fill()
    ctx.set_source_rgba(0.35, 0.12, 0.06, 0.55)
    for (x, y, rr) in [(64, 62, 4), (36, 34, 3), (70, 28, 2.5), (52, 56, 2)]:
        ctx.arc(x, y, rr, 0, 2 * math.pi)
        ctx.fill()
    ctx.set_source_rgba(1, 0.97, 0.94, 0.85)
    ctx.save()
    ctx.translate(c, 9)
    ctx.scale(16, 5)
    ctx.arc(0, 0, 1, 0, 2 * math.pi)
    ctx.restore()
    ctx.fill()
    ctx.restore()
    return surface


OUT.mkdir(parents=True, exist_ok=True)
draw(1).write_to_png(str(OUT / "Mars.png"))
draw(2).write_to_png(str(OUT / "Mars@2x.png"))
print("wrote", OUT / "Mars.png", OUT / "Mars@2x.png")
