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
      "color": [r, g, b, a] (straight alpha, 0...1), "alpha": global alpha,
      "clip": null | {"rect": [x, y, w, h]} | {"paths": [{"contours": ..., "rule": ...}, ...]}}
     {"op": "pixels", "rect": [x, y, w, h], "color": [R, G, B, A] premultiplied bytes} (exact set)
     {"op": "blur", "rect": [x, y, w, h], "sigma": s}
Run (regenerates every file; the tests fail on a golden that no test case names):
    /root/.cache/kinema-peers/venv/bin/python Scripts/references/raster_references.py
(`bash /work/shared/bench/peers/setup.sh` installs skia-python, numpy and pillow there.)
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


def fill(contours, color, rule="nonzero", alpha=1.0, clip=None):
    return {"op": "fill", "contours": contours, "color": color, "rule": rule, "alpha": alpha, "clip": clip}


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


def render(width, height, background, ops):
    if all(op["op"] != "fill" for op in ops):
        return render_numpy(width, height, ops)
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(width, height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(*background) if background else skia.Color4f(0, 0, 0, 0))
    for op in ops:
        if op["op"] == "fill":
            canvas.save()
            clip = op["clip"]
            if clip and "rect" in clip:
                canvas.clipRect(skia.Rect.MakeXYWH(*clip["rect"]), skia.ClipOp.kIntersect, False)
            if clip and "paths" in clip:
                for c in clip["paths"]:
                    canvas.clipPath(skia_path(c["contours"], c["rule"]), skia.ClipOp.kIntersect, True)
            r, g, b, a = op["color"]
            paint = skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, g, b, a * op["alpha"]))
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
    for name, width, height, description, background, ops in fill_cases() + exact_cases() + clip_cases() + blur_cases():
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
