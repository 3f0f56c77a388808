#!/usr/bin/env python3
"""Reference frames for the compositor's flip and curl transitions, computed with NumPy.

Writes Tests/OpenQuartzCoreTests/CompositorGolden/transition_*.png, the pictures
Tests/OpenQuartzCoreTests/CompositorFlipCurlTests.swift compares Kinema's frames with. The
geometry is implemented here from its description in docs/COMPOSITOR.md ("Flip", "Curl"), not
from Kinema's code: the flip as a card turned in 3-D and projected, inverted in closed form per
sample; the curl as the cylinder model solved per pixel. Run with the reference tools' Python
(Scripts/setup-reference-tools.sh); only numpy and Pillow are needed:

    ~/.cache/kinema-peers/venv/bin/python Scripts/references/flip_curl_references.py

The scene (as the Swift test builds it): a transparent canvas of 200 x 160 pixels at scale 1; the layer at (20, 20) with bounds 160 x 120. The old picture is blue (0.2, 0.4,
0.9) with a yellow (1, 0.85, 0.1) block at (10, 10, 60, 40) and a red (0.9, 0.1, 0.1) one at
(100, 70, 50, 40); the new picture is green (0.1, 0.7, 0.3) with a white bar at (10, 10, 40, 100)
and a magenta (0.8, 0.2, 0.8) block at (90, 20, 60, 30). Colours are quantized as v * 255 rounded
half up. All rectangles are on whole pixels, so the pictures are exact arrays.

Rules (docs/COMPOSITOR.md; "choice" = Kinema's, Apple does not document these private types):
- Layer space is UIKit's: y down. Premultiplied RGBA, channels 0 ... 255 in double precision,
  rounded half up at the end.
- Textures: a picture's texel (i, j) covers [i, i + 1) x [j, j + 1) of the bounds; a sample at
  (u, v) is bilinear between the texel centres around (u - 1/2, v - 1/2).
- Flip ("oglFlip"; UIView.AnimationOptions.transitionFlipFromLeft: "the left side of the view
  moves toward the front and right side toward the back"): a card through the bounds' centre
  turns by theta = pi * progress about the vertical axis (fromLeft, fromRight) or the horizontal
  one (fromTop, fromBottom). fromLeft: a card point at u across the axis (u < 0 on the left) goes
  to (u cos theta, depth u sin theta toward the eye for u < 0); fromRight mirrors; fromTop brings
  the top (v < 0) forward, fromBottom the bottom. The eye is at D = 3 x the turning side (m34 =
  -1 / D): a point at depth z is seen at its offset / (1 - z / D), then everything is scaled about
  the centre by 1 - |sin theta| / 6, the factor of the near edge, so the near edge keeps its
  length (choice: "the camera dollies back"). The front of the card is the old picture, up to
  theta = pi / 2 inclusive; after it, the back, which carries the new picture mirrored across the
  axis so that at theta = pi it reads the right way. The face's colour is x (1 - 0.25 |sin theta|)
  (choice). Sampling: the texture clamped at its edges, read at each pixel's centre; the face's
  outline anti-aliased by 16 x 16 supersampling.
- Curl ("pageCurl", "pageUnCurl"; UIView.AnimationOptions.transitionCurlUp "curls a view up from
  the bottom", .transitionCurlDown "curls a view down from the top"): n is the outward direction
  of the starting edge (fromBottom (0, 1), fromTop (0, -1), fromLeft (-1, 0), fromRight (1, 0))
  turned 15 degrees counter-clockwise on the y-down screen (choice: fromBottom leads with the
  bottom-right corner). E = extent of the bounds along n, R = E / 10, shadow width W = 0.6 R.
  The axis is the line q . n = a with a = leading - p (E + R + W), leading = the largest q . n of
  the corners, p the progress (pageUnCurl: p = 1 - progress, and the page is the new picture, the
  picture beneath the old one). For a pixel centre q with s = q . n - a, the page point at
  distance d past the axis is q + n (d - s), and:
    s <= 0: beneath, the flat page (d = s) over the picture beneath; on top, the page's back at
            d = pi R - s (flat on top of the roll), if the page has a point there;
    0 < s:  the picture beneath, darkened where R < s < R + W by x (1 - 0.4 f^2 A), f = 1 - (s - R)
            / W, A = the page's alpha at d = pi R / 2 (the cylinder's crest); then, with coverage
            c = clamp((R - s) / w + 1/2, 0, 1) (w = |ds/dx| + |ds/dy| per pixel) and s' = min(s, R),
            theta = asin(s' / R): the front side at d = R theta, colour x (1 - 0.3 sin theta), then
            the back side at d = R (pi - theta), both x c.
  The back side of a page sample (r, g, b, a): rgb = (0.92 a (1 - 0.35) + 0.35 rgb) x (1 - 0.35 sin
  theta) (sin theta = 0 on the flat back), and all four channels x 0.85. Samples outside the page
  are clear (which anti-aliases its edges); everything composites source-over, back to front, and
  the result is clipped to the bounds.
"""
import math, os
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "Tests", "OpenQuartzCoreTests", "CompositorGolden")

CANVAS = (200, 160)
ORIGIN = (20, 20)
W, H = 160, 120

CASES = [
    ("transition_flip_left_25", "oglFlip", "fromLeft", 0.25),
    ("transition_flip_left_50", "oglFlip", "fromLeft", 0.5),
    ("transition_flip_left_75", "oglFlip", "fromLeft", 0.75),
    ("transition_flip_top_25", "oglFlip", "fromTop", 0.25),
    ("transition_flip_bottom_75", "oglFlip", "fromBottom", 0.75),
    ("transition_curl_bottom_30", "pageCurl", "fromBottom", 0.3),
    ("transition_curl_bottom_60", "pageCurl", "fromBottom", 0.6),
    ("transition_curl_right_45", "pageCurl", "fromRight", 0.45),
    ("transition_uncurl_bottom_40", "pageUnCurl", "fromBottom", 0.4),
]


def level(v):
    return math.floor(v * 255 + 0.5)


def picture(background, blocks):
    """A W x H premultiplied opaque picture: a background and whole-pixel rectangles."""
    img = np.zeros((H, W, 4))
    img[:, :] = [level(c) for c in background] + [255]
    for (x, y, w, h), color in blocks:
        img[y:y + h, x:x + w] = [level(c) for c in color] + [255]
    return img


OLD = picture((0.2, 0.4, 0.9), [((10, 10, 60, 40), (1, 0.85, 0.1)), ((100, 70, 50, 40), (0.9, 0.1, 0.1))])
NEW = picture((0.1, 0.7, 0.3), [((10, 10, 40, 100), (1, 1, 1)), ((90, 20, 60, 30), (0.8, 0.2, 0.8))])


def bilinear(img, u, v, clamp):
    """Samples img at texel-space points (u, v) (arrays): bilinear, clamped or clear outside."""
    x = u - 0.5
    y = v - 0.5
    x0 = np.floor(x)
    y0 = np.floor(y)
    fx = (x - x0)[..., None]
    fy = (y - y0)[..., None]
    x0 = x0.astype(np.int64)
    y0 = y0.astype(np.int64)

    def texel(i, j):
        if clamp:
            return img[np.clip(j, 0, H - 1), np.clip(i, 0, W - 1)]
        inside = (i >= 0) & (i < W) & (j >= 0) & (j < H)
        t = img[np.clip(j, 0, H - 1), np.clip(i, 0, W - 1)]
        return t * inside[..., None]

    top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
    bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy


def finish(layer):
    """The layer's H x W result placed on the transparent canvas, rounded to 8 bits."""
    canvas = np.zeros((CANVAS[1], CANVAS[0], 4))
    canvas[ORIGIN[1]:ORIGIN[1] + H, ORIGIN[0]:ORIGIN[0] + W] = layer
    premultiplied = np.clip(np.floor(canvas + 0.5), 0, 255)
    # PNG stores straight alpha: un-premultiply (the test premultiplies when it reads the file).
    alpha = premultiplied[..., 3:4]
    straight = np.where(alpha > 0, np.floor(premultiplied * 255 / np.maximum(alpha, 1) + 0.5), 0)
    straight[..., 3:4] = alpha
    return np.clip(straight, 0, 255).astype(np.uint8)


# ---- flip -------------------------------------------------------------------------------------

def flip_inverse(subtype, theta, X, Y):
    """Seen point (X, Y) relative to the centre -> card point (u, v) relative to the centre, and
    whether it is in front of the eye. The card turns by theta; the seen point is the projected
    one scaled by the dolly."""
    vertical = subtype in ("fromLeft", "fromRight")
    sign = {"fromLeft": 1, "fromRight": -1, "fromTop": 1, "fromBottom": -1}[subtype]
    D = 3.0 * (W if vertical else H)
    dolly = 1 - abs(math.sin(theta)) / 6
    c, s = math.cos(theta), math.sin(theta)
    # Across the axis a card point at t goes to (t cos, depth z = -sign t sin) and is seen at
    # dolly t cos / (1 - z / D) = dolly t cos / (1 + sign t sin / D); along the axis at
    # dolly a / (1 + sign t sin / D). Solve the first for t, then the second for a.
    across, along = (X, Y) if vertical else (Y, X)
    t = across / (dolly * c - across * sign * s / D)
    w = 1 + sign * t * s / D
    a = along * w / dolly
    return (t, a, w) if vertical else (a, t, w)


def flip(subtype, progress):
    theta = math.pi * progress
    back = progress > 0.5
    img = NEW if back else OLD
    cx, cy = W / 2, H / 2
    brightness = 1 - 0.25 * abs(math.sin(theta))
    if abs(math.cos(theta)) < 1e-6:
        return np.zeros((H, W, 4))

    def card(X, Y):
        u, v, w = flip_inverse(subtype, theta, X - cx, Y - cy)
        if back:  # the back carries the new picture mirrored across the axis
            if subtype in ("fromLeft", "fromRight"):
                u = -u
            else:
                v = -v
        return u + cx, v + cy, w

    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    u, v, w = card(xs + 0.5, ys + 0.5)
    color = bilinear(img, u, v, clamp=True)
    color[..., :3] *= brightness  # colour only; alpha stays
    # Coverage by 16 x 16 samples: inside the card's rectangle, in front of the eye.
    k = 16
    coverage = np.zeros((H, W))
    for j in range(k):
        for i in range(k):
            su, sv, sw = card(xs + (i + 0.5) / k, ys + (j + 0.5) / k)
            coverage += ((su >= 0) & (su <= W) & (sv >= 0) & (sv <= H) & (sw > 0)).astype(float)
    coverage /= k * k
    return color * coverage[..., None]


# ---- curl -------------------------------------------------------------------------------------

def curl(kind, subtype, progress):
    page, beneath = (NEW, OLD) if kind == "pageUnCurl" else (OLD, NEW)
    p = 1 - progress if kind == "pageUnCurl" else progress
    edge = {"fromBottom": (0, 1), "fromTop": (0, -1), "fromLeft": (-1, 0), "fromRight": (1, 0)}[subtype]
    tilt = math.radians(15)
    # Counter-clockwise on the y-down screen: (0, 1) -> (sin, cos).
    n = np.array([edge[0] * math.cos(tilt) + edge[1] * math.sin(tilt), -edge[0] * math.sin(tilt) + edge[1] * math.cos(tilt)])
    along = [x * n[0] + y * n[1] for x, y in ((0, 0), (W, 0), (W, H), (0, H))]
    leading, trailing = max(along), min(along)
    R = (leading - trailing) / 10
    Wd = 0.6 * R
    a = leading - p * (leading - trailing + R + Wd)
    ramp = abs(n[0]) + abs(n[1])

    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    qx, qy = xs + 0.5, ys + 0.5
    s = qx * n[0] + qy * n[1] - a

    def sample(d):
        return bilinear(page, qx + n[0] * (d - s), qy + n[1] * (d - s), clamp=False)

    def over(top, bottom):
        return top + bottom * (1 - top[..., 3:4] / 255)

    def backside(c, sine):
        rgb = (0.92 * c[..., 3:4] * (1 - 0.35) + 0.35 * c[..., :3]) * (1 - 0.35 * sine)[..., None]
        return np.concatenate([rgb, c[..., 3:4]], axis=-1) * 0.85

    color = beneath.copy()
    flat = s <= 0
    # Flat: the page, then its back on top of the roll.
    color = np.where(flat[..., None], over(sample(s), color), color)
    color = np.where(flat[..., None], over(backside(sample(math.pi * R - s), np.zeros_like(s)), color), color)
    # Beyond the axis: the shadow, then the cylinder's two halves with the silhouette's coverage.
    f = 1 - (s - R) / Wd
    crest = sample(math.pi * R / 2)[..., 3] / 255
    shade = np.where((s > R) & (s < R + Wd), 1 - 0.4 * f * f * crest, 1.0)
    shadowed = np.concatenate([color[..., :3] * shade[..., None], color[..., 3:4]], axis=-1)
    color = np.where(flat[..., None], color, shadowed)
    cov = np.clip((R - s) / ramp + 0.5, 0, 1)[..., None]
    sine = np.clip(np.minimum(s, R) / R, 0, 1)
    theta = np.arcsin(sine)
    front = sample(R * theta)
    front = np.concatenate([front[..., :3] * (1 - 0.3 * sine)[..., None], front[..., 3:4]], axis=-1) * cov
    backs = backside(sample(R * (math.pi - theta)), sine) * cov
    rolled = over(backs, over(front, color))
    color = np.where(((~flat) & (cov[..., 0] > 0))[..., None], rolled, color)
    return color


def main():
    for name, kind, subtype, progress in CASES:
        layer = flip(subtype, progress) if kind == "oglFlip" else curl(kind, subtype, progress)
        Image.fromarray(finish(layer), "RGBA").save(os.path.join(OUT, name + ".png"))
        print("wrote", name + ".png")


if __name__ == "__main__":
    main()
