#!/usr/bin/env python3
"""Reference images for KinemaRaster's golden tests, drawn by independent renderers.

Fills and clips are drawn by Skia (skia-python, anti-aliased, CPU raster, premultiplied RGBA8);
the `exact_` cases are exact per-pixel areas of simple polygons (Sutherland-Hodgman clipping of
the polygon against each pixel square, in double precision, here);
Gaussian blurs are computed exactly by NumPy (the sampled Gaussian kernel, normalized, over
±ceil(6σ), pixels outside the blurred rectangle counted as transparent). Each case writes, into
Tests/KinemaRasterTests/Golden/:
    <name>.rgba   the reference pixels: premultiplied R, G, B, A bytes, rows top to bottom
    <name>.json   {"width", "height", "description", "background", "ops"}: what to draw, so the
                  Swift test replays exactly the geometry Skia drew (doubles written round-trip)
Ops: {"op": "fill", "contours": [[[x, y], ...], ...], "rule": "nonzero"|"evenodd",
      "color": [r, g, b, a] (straight alpha, 0...1), "alpha": global alpha, "blend": mode name,
      "clip": null | {"rect": [x, y, w, h]} | {"paths": [{"contours": ..., "rule": ...}, ...]},
      optional "paint": {"type": "linear", "start", "end", "stops": [[t, r, g, b, a]...], "extend": [before, after]}
                      | {"type": "radial", "c0", "r0", "c1", "r1", "stops", "extend"}
                      | {"type": "conic", "c0": centre, "angle": start angle (radians, y down), "stops"}
                      | {"type": "image", "width", "height", "pixels": premultiplied bytes,
                         "matrix": [m11 m12 m13 m21 m22 m23 m31 m32 m33] image -> device,
                         "sampling": "nearest"|"bilinear", "tile": "decal"|"clamp"|"repeat"}}
     {"op": "pixels", "rect": [x, y, w, h], "color": [R, G, B, A] premultiplied bytes} (exact set)
     {"op": "blur", "rect": [x, y, w, h], "sigma": s}
Run (regenerates every file; the tests fail on a golden that no test case names):
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/raster_references.py
(`bash Scripts/setup-reference-tools.sh` installs skia-python, numpy and Pillow there, pinned in
Scripts/requirements.txt.)
Pass --png DIR to also write each reference as PNG for looking at.
"""
import json, math, os, sys
import numpy as np
import skia

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "KinemaRasterTests", "Golden"))


# ---------------------------------------------------------------------------------- geometry


def polygon(cx, cy, r, n, phase=0.0, ccw=False):
    pts = [[cx + r * math.cos(phase + 2 * math.pi * k / n), cy + r * math.sin(phase + 2 * math.pi * k / n)] for k in range(n)]
    return pts[::-1] if ccw else pts


def star(cx, cy, r):
    """A pentagram drawn as one self-intersecting contour (vertex k -> k+2)."""
    outer = polygon(cx, cy, r, 5, -math.pi / 2)
    return [outer[(2 * k) % 5] for k in range(5)]


def rect(x, y, w, h, ccw=False):
    pts = [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]
    return pts[::-1] if ccw else pts


def fill(contours, color, rule="nonzero", alpha=1.0, clip=None, paint=None, blend="normal"):
    op = {"op": "fill", "contours": contours, "color": color, "rule": rule, "alpha": alpha, "clip": clip, "blend": blend}
    if paint:
        op["paint"] = paint
    return op


def byte_color(r, g, b, a=255):
    """A straight-alpha colour whose components are whole 8-bit levels (Skia's gradient colours are)."""
    return [r / 255, g / 255, b / 255, a / 255]


BLEND_MODES = {  # Kinema name -> Skia mode (W3C Compositing and Blending Level 1 names in comments)
    "normal": skia.BlendMode.kSrcOver, "multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen,
    "overlay": skia.BlendMode.kOverlay, "darken": skia.BlendMode.kDarken, "lighten": skia.BlendMode.kLighten,
    "colorDodge": skia.BlendMode.kColorDodge, "colorBurn": skia.BlendMode.kColorBurn, "softLight": skia.BlendMode.kSoftLight,
    "hardLight": skia.BlendMode.kHardLight, "difference": skia.BlendMode.kDifference, "exclusion": skia.BlendMode.kExclusion,
    "hue": skia.BlendMode.kHue, "saturation": skia.BlendMode.kSaturation, "color": skia.BlendMode.kColor,
    "luminosity": skia.BlendMode.kLuminosity, "clear": skia.BlendMode.kClear, "copy": skia.BlendMode.kSrc,
    "sourceIn": skia.BlendMode.kSrcIn, "sourceOut": skia.BlendMode.kSrcOut, "sourceAtop": skia.BlendMode.kSrcATop,
    "destinationOver": skia.BlendMode.kDstOver, "destinationIn": skia.BlendMode.kDstIn, "destinationOut": skia.BlendMode.kDstOut,
    "destinationAtop": skia.BlendMode.kDstATop, "xor": skia.BlendMode.kXor, "plusLighter": skia.BlendMode.kPlus,
}


def paint_cases():
    stops3 = [[0, *byte_color(230, 20, 40)], [0.4, *byte_color(20, 200, 60, 128)], [1, *byte_color(30, 60, 240)]]
    stops4 = [[0, *byte_color(255, 255, 255)], [0.25, *byte_color(250, 200, 0)], [0.7, *byte_color(200, 0, 120, 200)],
              [1, *byte_color(20, 0, 80)]]
    full = [rect(0, 0, 64, 64)]
    tri = [[[4.5, 60.2], [60.1, 48.3], [30.7, 3.4]]]
    cases = [
        ("linear_gradient", 64, 64, "3-stop linear gradient, extended both ways", None,
         [fill(full, [0, 0, 0, 1], paint={"type": "linear", "start": [8.5, 10.25], "end": [55.75, 50.5], "stops": stops3, "extend": [True, True]})]),
        ("linear_gradient_unextended", 64, 64, "the same gradient without extension: nothing beyond its ends", [1, 1, 1, 1],
         [fill(full, [0, 0, 0, 1], paint={"type": "linear", "start": [8.5, 10.25], "end": [55.75, 50.5], "stops": stops3, "extend": [False, False]})]),
        ("linear_gradient_triangle", 64, 64, "a 4-stop linear gradient filling a triangle, global alpha 0.7, over grey", [0.5, 0.5, 0.5, 1],
         [fill(tri, [0, 0, 0, 1], alpha=0.7, paint={"type": "linear", "start": [0, 64], "end": [64, 0], "stops": stops4, "extend": [True, True]})]),
        ("radial_concentric", 64, 64, "concentric radial gradient, radii 5 to 28, extended", None,
         [fill(full, [0, 0, 0, 1], paint={"type": "radial", "c0": [32.3, 31.6], "r0": 5, "c1": [32.3, 31.6], "r1": 28, "stops": stops4, "extend": [True, True]})]),
        ("radial_two_circle", 64, 64, "start circle inside the end circle, off centre, extended", None,
         [fill(full, [0, 0, 0, 1], paint={"type": "radial", "c0": [22.5, 24.25], "r0": 4, "c1": [36.1, 34.8], "r1": 26, "stops": stops3, "extend": [True, True]})]),
        ("radial_two_circle_unextended", 64, 64, "the same without extension: only between the circles", [1, 1, 1, 1],
         [fill(full, [0, 0, 0, 1], paint={"type": "radial", "c0": [22.5, 24.25], "r0": 4, "c1": [36.1, 34.8], "r1": 26, "stops": stops3, "extend": [False, False]})]),
        # Two disjoint circles, extended (Skia's clamp). Unextended, Skia (decal) leaves blank the
        # far part of the end disk whose largest t exceeds 1, where Core Graphics and PDF type 3
        # shadings take the largest t inside the drawn range; a Swift unit test covers that case.
        ("radial_cone", 64, 64, "two disjoint circles: the cone through them, extended both ways", [1, 1, 1, 1],
         [fill(full, [0, 0, 0, 1], paint={"type": "radial", "c0": [14.2, 16.7], "r0": 6, "c1": [46.9, 44.1], "r1": 14, "stops": stops4, "extend": [True, True]})]),
        ("conic_from_x_axis", 64, 64, "conic (sweep) gradient around an off-centre point, starting along +x", None,
         [fill(full, [0, 0, 0, 1], paint={"type": "conic", "c0": [30.25, 33.5], "angle": 0, "stops": stops4})]),
        ("conic_from_top", 64, 64, "conic gradient starting at 12 o'clock (angle -pi/2), in a triangle over white", [1, 1, 1, 1],
         [fill(tri, [0, 0, 0, 1], paint={"type": "conic", "c0": [32.5, 32.5], "angle": -math.pi / 2, "stops": stops3})]),
    ]
    return cases


def image_bytes(w, h):
    """A small premultiplied test image: hue ramps, an alpha ramp and a transparent corner."""
    out = []
    for y in range(h):
        for x in range(w):
            a = 255 if (x + y) % 7 else 140
            if x < 3 and y < 3:
                a = 0
            r, g, b = (x * 255) // (w - 1), (y * 255) // (h - 1), ((x * y) * 7) % 256
            out += [r * a // 255, g * a // 255, b * a // 255, a]
    return out


def pattern_cases():
    w, h = 12, 9
    pixels = image_bytes(w, h)
    c, s = math.cos(0.35), math.sin(0.35)
    affine = [3.1 * c, -3.1 * s, 14.25, 3.1 * s, 3.1 * c, 6.5, 0, 0, 1]  # m11 m12 m13 m21 m22 m23 m31 m32 m33
    projective = [4.2, 0.6, 5.5, 0.3, 3.9, 8.25, 0.004, 0.011, 1.0]
    full = [rect(0, 0, 64, 64)]
    def image(matrix, sampling, tile):
        return {"type": "image", "width": w, "height": h, "pixels": pixels, "matrix": matrix, "sampling": sampling, "tile": tile}
    return [
        ("pattern_affine_nearest", 64, 64, "image rotated and scaled 3.1x, nearest, decal", [0.9, 0.9, 0.9, 1],
         [fill(full, [0, 0, 0, 1], paint=image(affine, "nearest", "decal"))]),
        ("pattern_affine_bilinear", 64, 64, "image rotated and scaled 3.1x, bilinear, decal", [0.9, 0.9, 0.9, 1],
         [fill(full, [0, 0, 0, 1], paint=image(affine, "bilinear", "decal"))]),
        ("pattern_projective_nearest", 64, 64, "image under a perspective transform, nearest, repeating", None,
         [fill(full, [0, 0, 0, 1], paint=image(projective, "nearest", "repeat"))]),
        ("pattern_projective_bilinear", 64, 64, "image under a perspective transform, bilinear, repeating", None,
         [fill(full, [0, 0, 0, 1], paint=image(projective, "bilinear", "repeat"))]),
        ("pattern_clamp_bilinear", 64, 64, "image scaled about 3x, bilinear, clamped, in a triangle", None,
         [fill([[[2.5, 3.5], [61.5, 10.5], [20.5, 60.5]]], [0, 0, 0, 1], paint=image([3.3, 0, 12.5, 0, 3.0, 16.25, 0, 0, 1], "bilinear", "clamp"))]),
    ]


def blend_backdrop():
    """A 4x4 grid of 8x8 premultiplied blocks: opaque, translucent and transparent colours."""
    colors = [[0, 0, 0, 0], [255, 255, 255, 255], [0, 0, 0, 255], [255, 0, 0, 255],
              [0, 255, 0, 255], [0, 0, 255, 255], [128, 128, 128, 255], [200, 150, 30, 255],
              [60, 0, 60, 128], [100, 100, 100, 100], [10, 60, 90, 200], [64, 64, 0, 64],
              [30, 200, 180, 255], [250, 240, 230, 255], [128, 0, 0, 128], [20, 20, 160, 180]]
    return [{"op": "pixels", "rect": [8 * (k % 4), 8 * (k // 4), 8, 8], "color": c} for k, c in enumerate(colors)]


def blend_cases():
    out = []
    for mode in BLEND_MODES:
        ops = blend_backdrop() + [fill([rect(2, 2, 14, 28)], [0.9, 0.5, 0.1, 0.75], blend=mode),
                                  fill([rect(16, 2, 14.5, 28)], [0.2, 0.6, 1.0, 1.0], blend=mode)]
        out.append((f"blend_{mode}", 32, 32, f"blend mode {mode} (W3C Compositing and Blending Level 1) over a grid of backdrops", None, ops))
    return out


# ---------------------------------------------------------------------------------- cases


def fill_cases():
    thin = []
    for k in range(12):  # a fan of slivers 0.3 ... 3.5 px wide at the far end
        a = 0.12 * k
        w = 0.1 * (k + 1) / 40
        thin.append([[4, 4], [4 + 58 * math.cos(a - w), 4 + 58 * math.sin(a - w)], [4 + 58 * math.cos(a + w), 4 + 58 * math.sin(a + w)]])
    tiny = [[[3.2 + 3.7 * k, 4.1 + 0.3 * k], [3.9 + 3.7 * k, 4.4 + 0.35 * k], [3.4 + 3.7 * k, 4.9 + 0.4 * k]] for k in range(7)]
    tiny += [[[2.5 + 4.1 * k, 20.25], [2.75 + 4.1 * k, 20.25], [2.75 + 4.1 * k, 20.5 + 0.5 * k], [2.5 + 4.1 * k, 20.5 + 0.5 * k]] for k in range(7)]
    return [
        ("triangle", 64, 64, "one opaque triangle with fractional vertices on transparent", None,
         [fill([[[5.3, 7.1], [58.6, 20.4], [22.8, 57.9]]], [0.9, 0.1, 0.2, 1.0])]),
        ("triangle_alpha_on_white", 64, 64, "triangle at alpha 0.8 over opaque white (source-over)", [1, 1, 1, 1],
         [fill([[[60.5, 3.25], [30.1, 61.7], [2.2, 12.9]]], [0.1, 0.3, 0.85, 0.8])]),
        ("global_alpha", 64, 64, "two overlapping triangles, colour alpha 0.9 times global alpha 0.35", [0.9, 0.9, 0.2, 1],
         [fill([[[4, 4], [60, 10], [10, 60]]], [0.2, 0.1, 0.7, 0.9], alpha=0.35),
          fill([[[60, 60], [8, 40], [40, 6.5]]], [0.8, 0.1, 0.1, 0.9], alpha=0.35)]),
        ("star_nonzero", 96, 96, "self-intersecting pentagram, non-zero: centre filled", None,
         [fill([star(48.3, 50.2, 44)], [0.05, 0.45, 0.15, 1.0])]),
        ("star_evenodd", 96, 96, "self-intersecting pentagram, even-odd: centre empty", None,
         [fill([star(48.3, 50.2, 44)], [0.05, 0.45, 0.15, 1.0], rule="evenodd")]),
        ("circle_polygon", 128, 128, "a 160-gon circle, alpha 0.6 over opaque grey", [0.5, 0.5, 0.5, 1],
         [fill([polygon(63.37, 64.81, 50.5, 160)], [0.1, 0.8, 0.3, 0.6])]),
        ("holes_nonzero", 64, 64, "outer square with an opposite-winding hole and a same-winding inner square, non-zero", None,
         [fill([rect(4.5, 4.5, 55, 55), rect(10.25, 10.25, 18, 18, ccw=True), rect(34.75, 34.75, 18, 18)], [0.2, 0.2, 0.9, 1.0])]),
        ("holes_evenodd", 64, 64, "the same three squares, even-odd: both inner squares are holes", None,
         [fill([rect(4.5, 4.5, 55, 55), rect(10.25, 10.25, 18, 18, ccw=True), rect(34.75, 34.75, 18, 18)], [0.2, 0.2, 0.9, 1.0], rule="evenodd")]),
        ("offscreen_all_sides", 64, 64, "shapes crossing every edge, vertices up to 1000 px outside", [1, 1, 1, 1],
         [fill([[[-40.5, 20.25], [30.5, -35.5], [110.75, 40.5], [20.5, 130.25]]], [0.7, 0.2, 0.1, 0.7]),
          fill([[[-1000, 50.5], [1000, 10.5], [1000, 60.5]]], [0.1, 0.2, 0.8, 0.7]),
          fill([[[55.5, -1000], [62.5, 1000], [70.5, -1000]]], [0.1, 0.6, 0.2, 0.9])]),
        ("large_coordinates", 64, 64, "triangles with vertices at ±1e6 px", None,
         [fill([[[-1e6, -1e6 + 7], [1e6, 1e6 - 9], [-1e6, 1e6]]], [0.9, 0.5, 0.1, 1.0]),
          fill([[[32.5, 3.5], [1e6, 2e6 + 0.5], [-1e6, 5e5]]], [0.1, 0.5, 0.9, 0.5])]),
        ("thin_slivers", 64, 64, "a fan of slivers 0.3 to 3.5 px wide at the far end, overlapping at the apex", [0, 0, 0, 1],
         [fill(thin, [1, 1, 1, 1])]),
        ("tiny_shapes", 32, 32, "sub-pixel triangles and quarter-pixel-wide bars", None,
         [fill(tiny, [0, 0, 0, 1])]),
        ("overlap_alpha", 64, 64, "four overlapping shapes at alpha 0.5, composited in order", None,
         [fill([polygon(22, 22, 18.5, 48)], [1, 0, 0, 0.5]), fill([polygon(42, 22, 18.5, 48)], [0, 1, 0, 0.5]),
          fill([polygon(32, 40, 18.5, 48)], [0, 0, 1, 0.5]), fill([rect(8.5, 28.5, 47, 6)], [1, 1, 0, 0.5])]),
    ]


def exact_cases():
    """Simple polygons (no self-crossings, no overlaps), opaque white on transparent: each pixel's
    value is its exactly computed covered area, so these check coverage itself, to rounding."""
    slivers = [[[3 + 5 * k, 60], [3.1 + 5 * k + 0.05 * k, 4], [3.3 + 5 * k + 0.1 * k, 60]] for k in range(12)]
    concave = [[6.5, 6.5], [57.25, 9.75], [30.4, 30.2], [58.8, 55.1], [7.7, 57.3], [20.1, 31.9]]
    return [
        ("exact_triangle", 64, 64, "the triangle case, against exact per-pixel areas", None,
         [fill([[[5.3, 7.1], [58.6, 20.4], [22.8, 57.9]]], [1, 1, 1, 1])]),
        ("exact_concave", 64, 64, "a concave hexagon, against exact per-pixel areas", None,
         [fill([concave], [1, 1, 1, 1])]),
        ("exact_slivers", 64, 64, "slivers 0.3 to 0.85 px wide at the base, against exact per-pixel areas", None,
         [fill(slivers, [1, 1, 1, 1])]),
        ("exact_offscreen", 64, 64, "a quadrilateral crossing all four edges, against exact per-pixel areas", None,
         [fill([[[-40.5, 20.25], [30.5, -35.5], [110.75, 40.5], [20.5, 130.25]]], [1, 1, 1, 1])]),
        ("exact_large_coordinates", 64, 64, "a triangle with vertices at ±1e6 px, against exact per-pixel areas", None,
         [fill([[[-1e6, -1e6 + 7], [1e6, 1e6 - 9], [-1e6, 1e6]]], [1, 1, 1, 1])]),
    ]


def clip_cases():
    circle = {"contours": [polygon(30.6, 33.3, 24.4, 96)], "rule": "nonzero"}
    diamond = {"contours": [polygon(36.2, 30.1, 26, 4, 0.3)], "rule": "nonzero"}
    return [
        ("clip_rect", 64, 64, "a star under a whole-pixel rectangle clip", [1, 1, 1, 1],
         [fill([star(32.5, 33.5, 30)], [0.6, 0.1, 0.6, 1.0], clip={"rect": [10, 12, 40, 30]})]),
        ("clip_mask_circle", 64, 64, "a rectangle and a triangle under an anti-aliased circle clip", [1, 1, 1, 1],
         [fill([rect(2, 2, 40, 60)], [0.1, 0.4, 0.8, 1.0], clip={"paths": [circle]}),
          fill([[[10, 60], [60, 50], [40, 4]]], [0.9, 0.3, 0.1, 0.7], clip={"paths": [circle]})]),
        ("clip_mask_intersection", 64, 64, "a full-size fill under a circle clip intersected with a rotated square", [0, 0, 0, 1],
         [fill([rect(0, 0, 64, 64)], [0.95, 0.85, 0.2, 0.9], clip={"paths": [circle, diamond]})]),
    ]


def blur_input(w, h):
    """Pixel-exact blocks (no anti-aliasing, so both renderers start from the same pixels)."""
    return [
        {"op": "pixels", "rect": [w // 4, h // 4, w // 2, h // 2], "color": [200, 40, 40, 255]},
        {"op": "pixels", "rect": [w // 8, h // 2, w // 3, h // 3], "color": [0, 60, 120, 160]},
        {"op": "pixels", "rect": [w // 2 + 3, h // 8, 2, h // 2], "color": [255, 255, 255, 255]},
        {"op": "pixels", "rect": [w // 2 + 9, h // 8, 1, 1], "color": [0, 255, 0, 255]},
    ]


def blur_cases():
    out = []
    for name, sigma, size, rect in [("blur_sigma_0_5", 0.5, 64, [0, 0, 64, 64]), ("blur_sigma_3", 3.0, 96, [8, 8, 80, 80]),
                                    ("blur_sigma_12", 12.0, 128, [0, 0, 128, 128]), ("blur_sigma_100", 100.0, 160, [0, 0, 160, 160])]:
        out.append((name, size, size, f"Gaussian blur, sigma {sigma}, of rectangle {rect}, against the exact sampled Gaussian",
                    None, blur_input(size, size) + [{"op": "blur", "rect": rect, "sigma": sigma}]))
    return out


# ---------------------------------------------------------------------------------- drawing


def skia_path(contours, rule):
    p = skia.Path()
    for c in contours:
        p.moveTo(*c[0])
        for pt in c[1:]:
            p.lineTo(*pt)
        p.close()
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
    return p


def gaussian_blur(region, sigma):
    """Exact separable convolution with the normalized sampled Gaussian; outside is transparent."""
    radius = int(math.ceil(6 * sigma))
    k = np.arange(-radius, radius + 1, dtype=np.float64)
    kernel = np.exp(-k * k / (2 * sigma * sigma))
    kernel /= kernel.sum()
    data = region.astype(np.float64)
    h, w, _ = data.shape
    rows = np.zeros_like(data)
    for c in range(4):
        for y in range(h):
            rows[y, :, c] = np.convolve(data[y, :, c], kernel)[radius:radius + w]
    out = np.zeros_like(data)
    for c in range(4):
        for x in range(w):
            out[:, x, c] = np.convolve(rows[:, x, c], kernel)[radius:radius + h]
    out = np.floor(out + 0.5).clip(0, 255)
    out[:, :, :3] = np.minimum(out[:, :, :3], out[:, :, 3:4])
    return out.astype(np.uint8)


def clip_polygon(poly, a, b, c):
    """Sutherland-Hodgman: the part of `poly` where a*x + b*y <= c."""
    out = []
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= 0:
            out.append(p)
        if (fp < 0) != (fq < 0) and fp != fq:
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def polygon_area(poly):
    return abs(sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly)))) / 2


def render_exact(width, height, ops):
    """Exact area of each simple polygon inside each pixel square, summed, as white coverage."""
    cover = np.zeros((height, width))
    for op in ops:
        for contour in op["contours"]:
            poly = [tuple(p) for p in contour]
            for half_plane in [(1, 0, width), (-1, 0, 0), (0, 1, height), (0, -1, 0)]:
                poly = clip_polygon(poly, *half_plane) if poly else poly
            if len(poly) < 3:
                continue
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            for y in range(max(0, int(math.floor(min(ys)))), min(height, int(math.ceil(max(ys))))):
                row = clip_polygon(clip_polygon(poly, 0, 1, y + 1), 0, -1, -y)
                if len(row) < 3:
                    continue
                for x in range(max(0, int(math.floor(min(xs)))), min(width, int(math.ceil(max(xs))))):
                    cell = clip_polygon(clip_polygon(row, 1, 0, x + 1), -1, 0, -x)
                    if len(cell) >= 3:
                        cover[y, x] += polygon_area(cell)
    value = np.floor(np.minimum(cover, 1) * 255 + 0.5).astype(np.uint8)
    return np.repeat(value[:, :, None], 4, axis=2)


def render_numpy(width, height, ops):
    """Cases made only of exact pixel blocks and blurs: NumPy alone."""
    pixels = np.zeros((height, width, 4), dtype=np.uint8)
    for op in ops:
        x, y, w, h = op["rect"]
        if op["op"] == "pixels":
            pixels[y:y + h, x:x + w] = op["color"]
        elif op["op"] == "blur":
            pixels[y:y + h, x:x + w] = gaussian_blur(pixels[y:y + h, x:x + w], op["sigma"])
        else:
            raise ValueError(op["op"])
    return pixels


def skia_shader(p):
    def colors_positions(stops):
        colors = [skia.Color(*(int(round(v * 255)) for v in st[1:4]), int(round(st[4] * 255))) for st in stops]
        return colors, [st[0] for st in stops]
    if p["type"] in ("linear", "radial"):
        before, after = p["extend"]
        assert before == after, "Skia has no one-sided extension; the Swift unit tests cover it"
        mode = skia.TileMode.kClamp if before else skia.TileMode.kDecal
        colors, positions = colors_positions(p["stops"])
        if p["type"] == "linear":
            return skia.GradientShader.MakeLinear([skia.Point(*p["start"]), skia.Point(*p["end"])], colors, positions, mode)
        return skia.GradientShader.MakeTwoPointConical(skia.Point(*p["c0"]), p["r0"], skia.Point(*p["c1"]), p["r1"], colors, positions, mode)
    if p["type"] == "conic":
        colors, positions = colors_positions(p["stops"])
        cx, cy = p["c0"]
        rotation = skia.Matrix.RotateDeg(math.degrees(p["angle"]), skia.Point(cx, cy))
        return skia.GradientShader.MakeSweep(cx, cy, colors, positions, localMatrix=rotation)
    if p["type"] == "image":
        pixels = np.array(p["pixels"], dtype=np.uint8).reshape(p["height"], p["width"], 4)
        image = skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        m = p["matrix"]
        matrix = skia.Matrix.MakeAll(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        tile = {"decal": skia.TileMode.kDecal, "clamp": skia.TileMode.kClamp, "repeat": skia.TileMode.kRepeat}[p["tile"]]
        sampling = skia.SamplingOptions(skia.FilterMode.kNearest if p["sampling"] == "nearest" else skia.FilterMode.kLinear, skia.MipmapMode.kNone)
        return image.makeShader(tile, tile, sampling, matrix)
    raise ValueError(p["type"])


def render(width, height, background, ops):
    if all(op["op"] != "fill" for op in ops):
        return render_numpy(width, height, ops)
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(*background) if background else skia.Color4f(0, 0, 0, 0))
    pixel_ops = [op for op in ops if op["op"] == "pixels"]
    if pixel_ops:  # exact premultiplied blocks, copied in unchanged before any fill
        start = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))
        for op in pixel_ops:
            x, y, w, h = op["rect"]
            start[y:y + h, x:x + w] = op["color"]
        image = skia.Image.fromarray(start, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        canvas.drawImage(image, 0, 0, skia.SamplingOptions(), skia.Paint(BlendMode=skia.BlendMode.kSrc))
    for op in ops:
        if op["op"] == "pixels":
            continue
        if op["op"] == "fill":
            canvas.save()
            clip = op["clip"]
            if clip and "rect" in clip:
                canvas.clipRect(skia.Rect.MakeXYWH(*clip["rect"]), skia.ClipOp.kIntersect, False)
            if clip and "paths" in clip:
                for c in clip["paths"]:
                    canvas.clipPath(skia_path(c["contours"], c["rule"]), skia.ClipOp.kIntersect, True)
            r, g, b, a = op["color"]
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, g, b, a * op["alpha"]), Dither=False)
            if "paint" in op:
                paint.setShader(skia_shader(op["paint"]))
                paint.setAlphaf(op["alpha"])
            paint.setBlendMode(BLEND_MODES[op.get("blend", "normal")])
            canvas.drawPath(skia_path(op["contours"], op["rule"]), paint)
            canvas.restore()
        else:
            raise ValueError(op["op"])
    image = surface.makeImageSnapshot()
    return np.array(image.toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType), dtype=np.uint8)


def main():
    png_dir = sys.argv[sys.argv.index("--png") + 1] if "--png" in sys.argv else None
    os.makedirs(GOLDEN, exist_ok=True)
    for f in os.listdir(GOLDEN):
        if f.endswith(".rgba") or f.endswith(".json"):
            os.remove(os.path.join(GOLDEN, f))
    total = 0
    for name, width, height, description, background, ops in fill_cases() + exact_cases() + clip_cases() + blur_cases() + paint_cases() + pattern_cases() + blend_cases():
        pixels = render_exact(width, height, ops) if name.startswith("exact_") else render(width, height, background, ops)
        assert pixels.shape == (height, width, 4)
        pixels.tofile(os.path.join(GOLDEN, name + ".rgba"))
        with open(os.path.join(GOLDEN, name + ".json"), "w") as f:
            json.dump({"width": width, "height": height, "description": description, "background": background, "ops": ops}, f)
        total += pixels.nbytes
        if png_dir:
            from PIL import Image
            os.makedirs(png_dir, exist_ok=True)
            Image.fromarray(pixels, "RGBA").save(os.path.join(png_dir, name + ".png"))
    print(f"wrote {total} bytes of references to {GOLDEN} (skia-python {skia.__version__}, numpy {np.__version__})")


if __name__ == "__main__":
    main()
