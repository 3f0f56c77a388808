#!/usr/bin/env python3
"""Reference images for OpenCoreGraphics' golden tests, drawn by Skia (skia-python).

Each case here draws, with Skia, the same operations that the Swift case of the same name in
Tests/OpenCoreGraphicsTests/GoldenCases.swift draws through CGContext: a 128 x 128 bitmap context,
white background, Core Graphics' default coordinates (origin bottom-left, y up).

Skia's device space has its origin top-left with y down, so every Core Graphics coordinate is
converted here explicitly, by hand, rather than by trusting a shared transform:
    point   (x, y)            ->  (x, H - y)                                    H = 128
    rect    (x, y, w, h)      ->  (x, H - y - h, w, h)
    angle   theta (radians)   ->  -theta in degrees (y flips, so angles turn the other way)
    sweep   CG clockwise=false runs with increasing angle: sweep reduce(end - start) in [0, 2pi);
            clockwise=true runs with decreasing angle: -reduce(start - end); Skia gets -sweep
    CTM     Skia's canvas matrix = FLIP . CTM (column vectors; FLIP = [1 0 0; 0 -1 H; 0 0 1])
    shadow  CG offset (dx, dy) in base space, y up  ->  device (dx, -dy); Gaussian sigma = blur / 2
    image   CG draws it upright in y-up space: pixel row 0 at rect.maxY  ->  image matrix
            FLIP . CTM . [w/W 0 minX; 0 -h/H maxY; 0 0 1]
Colours are whole 8-bit levels, so neither side rounds a colour differently.
One case, exact_circles, is not drawn by Skia: it is the exact pixel coverage of a disc and a
ring, integrated here with NumPy, to measure curve accuracy without Skia's own flattening.

Writes Tests/OpenCoreGraphicsTests/Golden/<name>.png (RGBA, every pixel opaque, so PNG's straight
alpha equals the premultiplied pixels). The Swift tests fail on a PNG there that no case names.
Run:
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/cg_references.py
"""
import math, os
import numpy as np
import skia
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "OpenCoreGraphicsTests", "Golden"))
W = H = 128
TWO_PI = 2 * math.pi


# ----------------------------------------------------------------------- coordinate conversion

def P(x, y):
    return skia.Point(x, H - y)


def R(x, y, w, h):
    return skia.Rect.MakeXYWH(x, H - y - h, w, h)


def matrix(a, b, c, d, tx, ty):
    """A Core Graphics affine (x' = a x + c y + tx, y' = b x + d y + ty) as a 3x3 column-vector array."""
    return np.array([[a, c, tx], [b, d, ty], [0, 0, 1]], dtype=float)


FLIP = matrix(1, 0, 0, -1, 0, H)


def translate(tx, ty): return matrix(1, 0, 0, 1, tx, ty)
def scale(sx, sy): return matrix(sx, 0, 0, sy, 0, 0)
def rotate(t): return matrix(math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)


def skia_matrix(m):
    return skia.Matrix.MakeAll(*(float(v) for v in m.reshape(-1)))


def reduce(angle):
    r = math.fmod(angle, TWO_PI)
    return r + TWO_PI if r < 0 else r


def cg_sweep(start, end, clockwise):
    if clockwise:
        d = start - end
        return -TWO_PI if d >= TWO_PI else -reduce(d)
    d = end - start
    return TWO_PI if d >= TWO_PI else reduce(d)


def add_arc(path, cx, cy, r, start, end, clockwise):
    """CGContext.addArc(center:radius:startAngle:endAngle:clockwise:) in device space."""
    sweep = cg_sweep(start, end, clockwise)
    oval = skia.Rect.MakeLTRB(cx - r, H - cy - r, cx + r, H - cy + r)
    path.arcTo(oval, -math.degrees(start), -math.degrees(sweep), False)


def add_rect(path, x, y, w, h):
    """CGPathAddRect's element order: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY), close."""
    path.moveTo(P(x, y)); path.lineTo(P(x + w, y)); path.lineTo(P(x + w, y + h)); path.lineTo(P(x, y + h)); path.close()


def rgb(r, g, b, a=255):
    return skia.Color(r, g, b, a)


def fill_paint(color):
    return skia.Paint(AntiAlias=True, Color=color, Style=skia.Paint.kFill_Style)


def stroke_paint(color, width, cap=skia.Paint.kButt_Cap, join=skia.Paint.kMiter_Join, miter=10):
    return skia.Paint(AntiAlias=True, Color=color, Style=skia.Paint.kStroke_Style, StrokeWidth=width,
                      StrokeCap=cap, StrokeJoin=join, StrokeMiter=miter)


def line(x0, y0, x1, y1):
    p = skia.Path(); p.moveTo(P(x0, y0)); p.lineTo(P(x1, y1))
    return p


def polyline(points):
    p = skia.Path(); p.moveTo(P(*points[0]))
    for q in points[1:]:
        p.lineTo(P(*q))
    return p


# ------------------------------------------------------------------------------------ the cases

def stroke_caps(c):
    blue = rgb(26, 77, 204)
    for y, cap in ((100, skia.Paint.kButt_Cap), (64, skia.Paint.kRound_Cap), (28, skia.Paint.kSquare_Cap)):
        c.drawPath(line(24, y, 104, y), stroke_paint(blue, 12, cap=cap))


def stroke_joins(c):
    red = rgb(153, 26, 26)
    for y, join in ((90, skia.Paint.kMiter_Join), (52, skia.Paint.kRound_Join), (14, skia.Paint.kBevel_Join)):
        c.drawPath(polyline([(14, y), (44, y + 22), (74, y), (104, y + 22)]), stroke_paint(red, 10, join=join))


def miter_limit(c):
    green = rgb(26, 102, 51)
    c.drawPath(polyline([(16, 84), (96, 98), (16, 112)]), stroke_paint(green, 8, miter=8))   # ratio 5.8 <= 8: miter
    c.drawPath(polyline([(24, 52), (64, 72), (104, 52)]), stroke_paint(green, 8))            # 90 degrees: miter
    c.drawPath(polyline([(16, 16), (96, 30), (16, 44)]), stroke_paint(green, 8, miter=4))    # ratio 5.8 > 4: bevel


def dash_phase(c):
    ink = rgb(51, 51, 153)
    p = stroke_paint(ink, 6); p.setPathEffect(skia.DashPathEffect.Make([12, 6], 0))
    c.drawPath(line(12, 114, 116, 114), p)
    p = stroke_paint(ink, 6); p.setPathEffect(skia.DashPathEffect.Make([12, 6], 9))
    c.drawPath(line(12, 98, 116, 98), p)
    p = stroke_paint(ink, 8, cap=skia.Paint.kRound_Cap); p.setPathEffect(skia.DashPathEffect.Make([0, 12], 0))
    c.drawPath(line(16, 80, 110, 80), p)   # ends between dots: a dot exactly at the end is drawn by Kinema, not by Skia
    p = stroke_paint(ink, 4); p.setPathEffect(skia.DashPathEffect.Make([10, 5, 2, 5], 3))
    rect = skia.Path(); add_rect(rect, 16, 12, 96, 52)
    c.drawPath(rect, p)


def arcs(c):
    ink = rgb(179, 51, 0)
    a = skia.Path(); add_arc(a, 32, 96, 22, 0, math.pi / 2, False)
    c.drawPath(a, stroke_paint(ink, 4))
    b = skia.Path(); add_arc(b, 96, 96, 22, 0, math.pi / 2, True)
    c.drawPath(b, stroke_paint(ink, 4))
    pie = skia.Path(); pie.moveTo(P(32, 32)); add_arc(pie, 32, 32, 24, math.pi / 6, 5 * math.pi / 3, False); pie.close()
    c.drawPath(pie, fill_paint(rgb(51, 128, 204)))
    t = skia.Path(); t.moveTo(P(70, 10))
    q1, q2 = P(118, 10), P(118, 60)
    t.arcTo(q1.x(), q1.y(), q2.x(), q2.y(), 20); t.lineTo(q2)
    c.drawPath(t, stroke_paint(ink, 4))


def shapes(c):
    c.drawRRect(skia.RRect.MakeRectXY(R(12, 64, 52, 52), 14, 8), fill_paint(rgb(230, 128, 26)))
    c.drawOval(R(72, 64, 46, 52), fill_paint(rgb(26, 153, 153)))
    c.drawOval(R(12, 10, 104, 44), stroke_paint(rgb(102, 51, 153), 5))
    c.drawRRect(skia.RRect.MakeRectXY(R(24, 20, 80, 24), 10, 10), stroke_paint(rgb(0, 0, 0), 2))


def ctm_transform(c):
    # CG: translateBy(64, 64); rotate(by: pi/6); scaleBy(1.5, 0.75)  ->  CTM = T . R . S (column vectors)
    c.save()
    c.setMatrix(skia_matrix(FLIP @ translate(64, 64) @ rotate(math.pi / 6) @ scale(1.5, 0.75)))
    # Local coordinates are CG user space here (the flip is in the matrix).
    rect = skia.Rect.MakeXYWH(-30, -20, 60, 40)
    c.drawRect(rect, fill_paint(rgb(51, 102, 204, 204)))
    c.drawRect(rect, stroke_paint(rgb(204, 51, 51), 6))
    c.restore()
    c.drawRect(R(4, 4, 10, 10), fill_paint(rgb(0, 0, 0)))     # after restoreGState: identity CTM again


def clip_case(rule):
    def draw(c):
        c.save()
        c.clipRect(R(8, 8, 112, 84), skia.ClipOp.kIntersect, True)
        p = skia.Path(); p.addOval(R(16, 28, 64, 64)); p.addOval(R(48, 36, 64, 64))
        p.setFillType(skia.PathFillType.kWinding if rule == "winding" else skia.PathFillType.kEvenOdd)
        c.clipPath(p, skia.ClipOp.kIntersect, True)
        c.drawRect(R(0, 0, 128, 128), fill_paint(rgb(26, 128, 51)))
        c.restore()
    return draw


GRADIENT_COLORS = [rgb(255, 0, 0), rgb(255, 204, 0), rgb(0, 51, 255, 128)]
GRADIENT_LOCATIONS = [0, 0.4, 1]


def gradient_linear(c):
    for y0, extend in ((88, "none"), (48, "both"), (8, "before")):
        s, e = (40, y0 + 4), (88, y0 + 28)
        c.save()
        c.clipRect(R(8, y0, 112, 32), skia.ClipOp.kIntersect, True)
        mode = skia.TileMode.kDecal if extend == "none" else skia.TileMode.kClamp
        if extend == "before":
            # Skia has no one-sided extension: clamp both ways, and keep only pixels whose centre
            # has t <= 1 (a non-anti-aliased clip decides by pixel centre, as the shader does).
            ux, uy = e[0] - s[0], e[1] - s[1]
            L = math.hypot(ux, uy); nx, ny = -uy / L, ux / L
            big = 400
            half = skia.Path()
            corners = [(e[0] + nx * big, e[1] + ny * big), (e[0] - nx * big, e[1] - ny * big),
                       (e[0] - nx * big - ux / L * big, e[1] - ny * big - uy / L * big),
                       (e[0] + nx * big - ux / L * big, e[1] + ny * big - uy / L * big)]
            half.moveTo(P(*corners[0]))
            for q in corners[1:]:
                half.lineTo(P(*q))
            half.close()
            c.clipPath(half, skia.ClipOp.kIntersect, False)
        shader = skia.GradientShader.MakeLinear([P(*s), P(*e)], GRADIENT_COLORS, GRADIENT_LOCATIONS, mode)
        c.drawPaint(skia.Paint(Shader=shader, Dither=False))
        c.restore()


def gradient_linear_ctm(c):
    c.save()
    c.setMatrix(skia_matrix(FLIP @ matrix(1, 0.3, 0.4, 0.8, 10, 12)))
    c.clipRect(skia.Rect.MakeXYWH(4, 4, 96, 120), skia.ClipOp.kIntersect, True)
    shader = skia.GradientShader.MakeLinear([skia.Point(20, 20), skia.Point(80, 60)], [rgb(0, 153, 51), rgb(230, 26, 128)],
                                            [0, 1], skia.TileMode.kClamp)
    c.drawPaint(skia.Paint(Shader=shader, Dither=False))
    c.restore()


def gradient_radial(c):
    for x0, cx, extend in ((4, 28, False), (66, 90, True)):
        c.save()
        c.clipRect(R(x0, 8, 58, 112), skia.ClipOp.kIntersect, True)
        mode = skia.TileMode.kClamp if extend else skia.TileMode.kDecal
        shader = skia.GradientShader.MakeTwoPointConical(P(cx, 70), 4, P(cx + 8, 64), 26, GRADIENT_COLORS,
                                                        GRADIENT_LOCATIONS, mode)
        c.drawPaint(skia.Paint(Shader=shader, Dither=False))
        c.restore()


def shadowed(c, path, color, shadow_color, dx, dy, blur):
    sh = skia.Paint(AntiAlias=True, Color=shadow_color)
    sh.setMaskFilter(skia.MaskFilter.MakeBlur(skia.BlurStyle.kNormal_BlurStyle, blur / 2))
    c.save(); c.translate(dx, -dy); c.drawPath(path, sh); c.restore()
    c.drawPath(path, fill_paint(color))


def shadow(c):
    rect = skia.Path(); rect.addRect(R(16, 56, 56, 48))
    shadowed(c, rect, rgb(230, 128, 26), rgb(0, 0, 0, 128), 8, -6, 8)
    oval = skia.Path(); oval.addOval(R(60, 12, 52, 52))
    shadowed(c, oval, rgb(51, 102, 204), skia.Color4f(0, 0, 0, 1 / 3).toColor(), -5, 5, 4)


def transparency_layer(c):
    c.drawRect(R(0, 52, 128, 24), fill_paint(rgb(0, 0, 0)))
    c.saveLayer(None, skia.Paint(Alphaf=0.6))
    c.drawOval(R(16, 24, 64, 80), fill_paint(rgb(204, 26, 26)))
    c.drawOval(R(48, 24, 64, 80), fill_paint(rgb(26, 51, 204)))
    c.restore()


def test_image():
    """8 x 8 opaque pixels, row 0 first: red ramps along x, green along y, blue checks."""
    px = np.zeros((8, 8, 4), dtype=np.uint8)
    for j in range(8):
        for i in range(8):
            px[j, i] = (i * 32 + 16, j * 32 + 16, 255 if (i + j) % 2 else 0, 255)
    return skia.Image.fromarray(px, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)


def draw_image(c, image, ctm, rect, sampling):
    x, y, w, h = rect
    c.save()
    c.setMatrix(skia_matrix(FLIP @ ctm @ matrix(w / 8, 0, 0, -h / 8, x, y + h)))
    c.drawImageRect(image, skia.Rect.MakeWH(8, 8), skia.Rect.MakeWH(8, 8), sampling, skia.Paint(AntiAlias=True),
                    skia.Canvas.kStrict_SrcRectConstraint)
    c.restore()


def image_case(filter_mode):
    def draw(c):
        sampling = skia.SamplingOptions(filter_mode, skia.MipmapMode.kNone)
        image = test_image()
        draw_image(c, image, translate(64, 64) @ rotate(0.4), (-36, -28, 72, 56), sampling)
        draw_image(c, image, np.identity(3), (4, 4, 24, 24), sampling)
    return draw


BLEND = {"multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen, "difference": skia.BlendMode.kDifference,
         "overlay": skia.BlendMode.kOverlay, "colorDodge": skia.BlendMode.kColorDodge, "softLight": skia.BlendMode.kSoftLight,
         "luminosity": skia.BlendMode.kLuminosity, "plusLighter": skia.BlendMode.kPlus}


def blend_case(modes):
    def draw(c):
        bars = [rgb(230, 26, 26), rgb(26, 179, 51), rgb(26, 51, 230), rgb(128, 128, 128)]
        for k, mode in enumerate(modes):
            band = 96 - 32 * k            # first mode in the top band (y up)
            for i, bar in enumerate(bars):
                c.drawRect(R(32 * i, band + 2, 32, 28), fill_paint(bar))
            p = fill_paint(rgb(242, 166, 38, 204)); p.setBlendMode(BLEND[mode])
            c.drawOval(R(8, band + 6, 112, 20), p)
    return draw


CASES = [
    ("stroke_caps", stroke_caps), ("stroke_joins", stroke_joins), ("miter_limit", miter_limit), ("dash_phase", dash_phase),
    ("arcs", arcs), ("shapes", shapes), ("ctm_transform", ctm_transform),
    ("clip_winding", clip_case("winding")), ("clip_evenodd", clip_case("evenodd")),
    ("gradient_linear", gradient_linear), ("gradient_linear_ctm", gradient_linear_ctm), ("gradient_radial", gradient_radial),
    ("shadow", shadow), ("transparency_layer", transparency_layer),
    ("image_nearest", image_case(skia.FilterMode.kNearest)), ("image_bilinear", image_case(skia.FilterMode.kLinear)),
    ("blend_modes_a", blend_case(["multiply", "screen", "difference", "overlay"])),
    ("blend_modes_b", blend_case(["colorDodge", "softLight", "luminosity", "plusLighter"])),
]


def disc_coverage(cx, cy, r, samples=512):
    """Exact-to-rounding area of each pixel inside the circle (x - cx)^2 + (y - cy)^2 < r^2, in Skia's
    device space: the vertical overlap of each pixel column with the disc, integrated over x by
    the midpoint rule on `samples` slices a pixel (error far below 1/255 except where the slice
    meets the circle's vertical tangent, where it is still below 1e-3)."""
    cov = np.zeros((H, W))
    xs = (np.arange(W * samples) + 0.5) / samples
    half = np.sqrt(np.clip(r * r - (xs - cx) ** 2, 0, None))
    top, bottom = cy - half, cy + half
    for j in range(H):
        overlap = np.clip(np.minimum(bottom, j + 1) - np.maximum(top, j), 0, 1)
        cov[j] = overlap.reshape(W, samples).mean(axis=1)
    return cov


def exact_circles():
    """A black disc and a black ring (stroke of width 6) on white, by exact coverage, not Skia.
    CG user coordinates: disc centre (44.3, 80.7) r 30.35; ring centre (90.6, 36.2), radius 24.2 +/- 3."""
    disc = disc_coverage(44.3, H - 80.7, 30.35)
    ring = disc_coverage(90.6, H - 36.2, 27.2) - disc_coverage(90.6, H - 36.2, 21.2)
    coverage = np.clip(disc + ring, 0, 1)          # the two do not overlap
    pixels = np.full((H, W, 4), 255, dtype=np.uint8)
    level = np.round(255 * (1 - coverage)).astype(np.uint8)
    for k in range(3):
        pixels[:, :, k] = level
    return pixels


def render(draw):
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color4f(1, 1, 1, 1))
    draw(canvas)
    pixels = np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                          alphaType=skia.kPremul_AlphaType), dtype=np.uint8)
    assert (pixels[:, :, 3] == 255).all(), "references must be opaque (PNG stores straight alpha)"
    return pixels


def main():
    os.makedirs(GOLDEN, exist_ok=True)
    for f in os.listdir(GOLDEN):
        if f.endswith(".png") and not f.startswith("seed-"):
            os.remove(os.path.join(GOLDEN, f))
    for name, draw in CASES:
        Image.fromarray(render(draw), "RGBA").save(os.path.join(GOLDEN, name + ".png"), optimize=True)
    Image.fromarray(exact_circles(), "RGBA").save(os.path.join(GOLDEN, "exact_circles.png"), optimize=True)
    total = sum(os.path.getsize(os.path.join(GOLDEN, f)) for f in os.listdir(GOLDEN))
    print(f"wrote {len(CASES) + 1} references to {GOLDEN} ({total} bytes in the folder)")


if __name__ == "__main__":
    main()
