#!/usr/bin/env python3
"""An independent reference for one static demo frame: exact pixel coverage integrated with NumPy.

basic-animations at t = 0, scale 1 (320 x 240 points = pixels), as Sources/KinemaDemos/
BasicAnimationsDemo.swift describes it in numbers, redrawn here from those numbers alone:
  background   0xF2F2F7 over the whole frame
  button       frame (24, 28, 150, 44), cornerRadius 75 -> drawn as a pill: Core Animation limits
               a corner radius to half the shorter side (22 here), fill 0x007AFF
  border       1 point wide, 0x0062CC, inside the bounds: the ring between the pill and the same
               pill inset by 1 with radius 21, drawn over the fill
UIKit orientation (y down), no flip. Each pixel's coverage of the pill and of the inset pill is
the fraction of a 64 x 64 grid of sample points inside it (error < 1/4096 of a pixel per edge
crossing, far below one 8-bit level); the ring's coverage is their difference. Compositing is
source-over with coverage as alpha, fill first, then the ring: colour = mix(mix(bg, fill, c_out),
border, c_out - c_in), rounded to 8 bits. (Skia was tried first; its analytic anti-aliasing of
the curved 1-point ring differs from the exact coverage by up to 54 levels at a few pixels, so it
is not the reference here.)
The dashed target circle is not drawn: its dash phase depends on where CGPath(roundedRect:)
starts, which is a convention, not geometry; the Swift test leaves its box out of the comparison.

Writes Tests/KinemaDemosTests/Golden/reference-basic-animations-0.png (RGBA, opaque).
Run:
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/demo_references.py
"""
import os
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "KinemaDemosTests", "Golden")
W, H, SS = 320, 240, 64


def rgb(hex_rgb):
    return np.array([(hex_rgb >> 16) & 0xFF, (hex_rgb >> 8) & 0xFF, hex_rgb & 0xFF], dtype=np.float64)


def inside_pill(px, py, x, y, w, h, r):
    """Whether points (px, py) lie in the rounded rectangle (x, y, w, h) with corner radius r."""
    cx = np.clip(px, x + r, x + w - r)
    cy = np.clip(py, y + r, y + h - r)
    return ((px - cx) ** 2 + (py - cy) ** 2 <= r * r) & (px >= x) & (px <= x + w) & (py >= y) & (py <= y + h)


def coverage(x, y, w, h, r):
    offsets = (np.arange(SS) + 0.5) / SS
    cov = np.zeros((H, W))
    for oy in offsets:
        py = np.arange(H)[:, None] + oy
        for ox in offsets:
            px = np.arange(W)[None, :] + ox
            cov += inside_pill(px, py, x, y, w, h, r)
    return cov / (SS * SS)


def basic_animations_0():
    x, y, w, h = 24.0, 28.0, 150.0, 44.0
    r = min(75.0, h / 2, w / 2)
    outer = coverage(x, y, w, h, r)
    inner = coverage(x + 1, y + 1, w - 2, h - 2, r - 1)
    bg, fill, border = rgb(0xF2F2F7), rgb(0x007AFF), rgb(0x0062CC)
    c1 = bg + (fill - bg) * outer[..., None]
    ring = (outer - inner)[..., None]
    c2 = c1 + (border - c1) * ring
    pixels = np.concatenate([np.clip(np.rint(c2), 0, 255), np.full((H, W, 1), 255.0)], axis=2).astype(np.uint8)
    Image.fromarray(pixels, "RGBA").save(os.path.join(OUT, "reference-basic-animations-0.png"))


if __name__ == "__main__":
    basic_animations_0()
