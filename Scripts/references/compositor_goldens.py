#!/usr/bin/env python3
"""Reference images for the Core Animation compositor's golden tests, drawn by Skia (skia-python).

Reads Tests/OpenQuartzCoreTests/CompositorGolden/scenes.json (the declarative scenes that
Tests/OpenQuartzCoreTests/CompositorGoldenTests.swift also builds as CALayer trees) and draws each
scene independently, implementing Core Animation's rules here from Apple's documentation, then
writes Tests/OpenQuartzCoreTests/CompositorGolden/<scene>.png. It also writes the contents images
the scenes use (contents_*.png), made here from numbers, so both sides read the same files.

The rules this reference follows (Apple's documentation, unless marked "choice"):
- Geometry (CALayer position, anchorPoint, bounds, transform docs; Core Animation Programming
  Guide "Layers Use Two Types of Coordinate Systems"): a point p of a layer's bounds space maps to
  its superlayer's bounds space by  T(position, zPosition) . transform . T(-A)  with
  A = bounds.origin + anchorPoint * bounds.size (+ anchorPointZ), column vectors here. The
  superlayer's sublayerTransform applies to its sublayers "relative to the anchor point" of the
  superlayer: T(A_s) . sublayerTransform . T(-A_s). isGeometryFlipped flips the sublayers' y
  about the superlayer's bounds (y -> minY + maxY - y) before sublayerTransform (choice: Apple
  gives no order; the scenes never combine the two). The root's superlayer space is the
  viewport, in points; pixels = points * scale.
- CATransform3D in column-vector form is the transpose of Apple's row-vector matrix; rotations
  follow CATransform3DMakeRotation (right-hand rule about the axis: rotateY(+) sends +x toward -z).
  "m34": v is the identity with m34 = v (w' = 1 + v z), so with v = -1/d the eye is at z = d.
- Flattening (CATransformLayer docs): every layer except a CATransformLayer flattens its sublayers
  into its own plane: after mapping a sublayer into the layer's space, z is dropped (w kept), then
  the layer's own map applies. Drawing uses the 3x3 projective matrix of rows/columns (x, y, w).
- Parts of a layer behind the eye (w <= 0) are not drawn: the canvas is clipped to the device
  half-plane whose pre-image has w > 0 (row 3 of the inverse homography is positive there).
- Order among siblings: ascending zPosition, stable in sublayers order (zPosition docs).
- Inside one layer, back to front (CALayer property docs): shadow, backgroundColor (rounded by
  cornerRadius on maskedCorners), contents (not rounded unless masksToBounds), the shape of a
  CAShapeLayer (fill, then stroke) / the gradient of a CAGradientLayer (inside the rounded
  background shape), sublayers, then the border, "composited above the receiver's contents and
  sublayers", inset inside the bounds and following cornerRadius.
- masksToBounds clips contents and sublayers to the rounded bounds and leaves no shadow (the
  well-known iOS behaviour); the mask layer's alpha multiplies the layer's whole rendering, its
  shadow included (saveLayer + DstIn); the mask is placed in the layer's bounds space (without its
  sublayerTransform: choice, the mask is not a sublayer).
- Opacity: with allowsGroupOpacity (the default) the layer and its sublayers are composited as one
  group at `opacity`; without it the layer's own drawing and each sublayer get the opacity
  separately (multiplied down the tree).
- Shadows (shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath docs): without a
  shadowPath the shadow is the layer's "composited alpha channel" (background, contents, shape,
  sublayers and border), blurred, tinted shadowColor x shadowOpacity and offset; with a
  shadowPath the path (non-zero fill) makes the shadow. Both are drawn in the layer's own space
  (they turn with its transform). The shadow lies beneath the layer and is faded by the layer's
  opacity, but it is not part of the layer's opacity group, so a translucent layer shows its
  shadow through itself (choice: Apple does not say; this is what rasterizing a layer with
  shouldRasterize is commonly used to avoid, and what Kinema does). Offset: in the layer's space, y down on iOS, so a positive
  height moves the shadow down (Apple's default (0, -3) puts the shadow above the layer on iOS,
  as its docs and the iOS Core Animation literature note). Blur: Gaussian with sigma =
  shadowRadius / 2 (choice: Apple only says "blur radius"; the project uses sigma = radius / 2,
  the convention of CGContext.setShadow's blur and of CSS box-shadow).
- Contents (contentsGravity, contentsRect, contentsCenter, contentsScale docs): the image's size in
  points is its pixel size / contentsScale (times the contentsRect fraction); gravity resize,
  resizeAspect, resizeAspectFill, center, left, right place it in the bounds (the vertical
  gravities are avoided: Apple documents that their meaning depends on contentsAreFlipped()).
  contentsRect is in the unit space of the image, origin at the image's top-left (choice:
  iOS's y-down convention; Apple's text does not say). contentsCenter splits the image in nine:
  the corners keep their size, the edges stretch along one axis and the centre along both.
  Sampling is bilinear with the edge texels clamped.
- CAShapeLayer: fill (non-zero), then stroke; strokeStart / strokeEnd trim by arc length over the
  whole path; the dash pattern (lineDashPattern, lineDashPhase) is applied to the trimmed path.
- CAGradientLayer (CAGradientLayerType docs): axial runs from startPoint to endPoint (unit
  coordinates of the bounds) and pads beyond; radial is an ellipse centred at startPoint with
  radii |endPoint - startPoint| per axis ("width and height defined by (endPoint.x - startPoint.x)
  * 2 and (endPoint.y - startPoint.y) * 2"); conic is centred at startPoint with its 0 direction
  toward endPoint and sweeps clockwise on screen (choice: Apple does not say which way; this is
  the direction of increasing angle in the y-down space). Locations default to evenly spaced.
- CAReplicatorLayer (CAReplicatorLayer.h): instance k of the sublayers gets instanceTransform^k,
  applied about the centre of the replicator's bounds, and colour instanceColor + k * offsets
  (clamped to [0, 1]) multiplying the instance's colour and alpha.
- CATransformLayer: only its sublayers draw, each as a flat plane that keeps its 3-D place; where
  planes overlap the nearer one wins per pixel. Skia has no depth buffer, so this script draws
  each plane into its own surface and composites them pixel by pixel in depth order (depth = z / w
  of the plane point under the pixel, in the space of the layer that flattens the 3-D content;
  larger is nearer). Edges keep Skia's anti-aliasing; the line where planes cross is not
  anti-aliased. (Sorting whole planes by centroid depth would be wrong where planes cross.)
- isDoubleSided = false culls a layer whose projected bounds turn clockwise-to-anticlockwise on
  screen (negative determinant of its full 3x3 device map).
- isHidden skips the layer and its sublayers.

Accuracy of the reference itself: Skia's anti-aliasing of curves at 1x was measured up to 0.43
of a pixel's coverage off the exact area (a stroked cubic) and 0.27 (a rounded corner), so under
affine maps backgrounds, borders, rounded clips (masksToBounds, as a supersampled DstIn mask),
gradients with rounded corners and shape layers are drawn 8x larger and averaged down (within 0.03
of the exact area, measured with NumPy). Contents images, gradients without corners and anything
under perspective are drawn directly (sampled at pixel centres, as Kinema does). The shadow of the
composite alpha is made in device space, with the offset and sigma mapped by the layer's matrix
(the scenes keep it a similarity), so Skia never resamples the layer for its filter.

Colours are whole 8-bit levels (straight alpha); every scene's root is opaque, so the PNG's
straight pixels equal the premultiplied ones (the same convention as cg_references.py).
Run:
    ~/.cache/kinema-peers/venv/bin/python Scripts/references/compositor_goldens.py
"""
import json, math, os
import numpy as np
import skia
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
FOLDER = os.path.normpath(os.path.join(HERE, "..", "..", "Tests", "OpenQuartzCoreTests", "CompositorGolden"))
EPS_W = 1e-3   # w below this counts as behind the eye


# ------------------------------------------------------------------------------------ inputs

def write_contents_images():
    """contents_quadrants.png: 40 x 20, four coloured quadrants with a white 4 x 4 mark in the
    top-left one (so flips and crops show). contents_frame.png: 16 x 16, a 6-pixel frame with
    distinct corners and edges around a 4 x 4 centre (for contentsCenter)."""
    q = np.zeros((20, 40, 4), np.uint8)
    q[..., 3] = 255
    q[:10, :20, :3] = (220, 50, 50)
    q[:10, 20:, :3] = (50, 180, 70)
    q[10:, :20, :3] = (50, 80, 220)
    q[10:, 20:, :3] = (240, 200, 40)
    q[3:7, 3:7, :3] = (255, 255, 255)
    f = np.zeros((16, 16, 4), np.uint8)
    f[..., 3] = 255
    f[..., :3] = (60, 60, 70)                      # edges
    f[6:10, 6:10, :3] = (250, 240, 200)            # centre
    f[:6, :6, :3] = (220, 60, 60)                  # corners
    f[:6, 10:, :3] = (60, 180, 80)
    f[10:, :6, :3] = (60, 90, 220)
    f[10:, 10:, :3] = (230, 190, 40)
    f[2:4, 2:4, :3] = (255, 255, 255)
    Image.fromarray(q, "RGBA").save(os.path.join(FOLDER, "contents_quadrants.png"))
    Image.fromarray(f, "RGBA").save(os.path.join(FOLDER, "contents_frame.png"))


IMAGES = {}


def image(name):
    if name not in IMAGES:
        IMAGES[name] = skia.Image.open(os.path.join(FOLDER, name)).makeRasterImage()
    return IMAGES[name]


# ------------------------------------------------------------------------------------ matrices
# 4x4 numpy arrays acting on column vectors (x, y, z, w).

def ident():
    return np.eye(4)


def translate(x, y, z=0.0):
    m = np.eye(4); m[0, 3], m[1, 3], m[2, 3] = x, y, z
    return m


def scale3(x, y, z=1.0):
    return np.diag([x, y, z, 1.0])


def rotation(deg, ax, ay, az):
    """CATransform3DMakeRotation (right-hand rule about the unit axis), column-vector form."""
    t = math.radians(deg)
    c, s = math.cos(t), math.sin(t)
    n = np.array([ax, ay, az], float); n /= np.linalg.norm(n)
    x, y, z = n
    r = np.array([[c + x * x * (1 - c), x * y * (1 - c) - z * s, x * z * (1 - c) + y * s],
                  [y * x * (1 - c) + z * s, c + y * y * (1 - c), y * z * (1 - c) - x * s],
                  [z * x * (1 - c) - y * s, z * y * (1 - c) + x * s, c + z * z * (1 - c)]])
    m = np.eye(4); m[:3, :3] = r
    return m


def steps_matrix(steps):
    """A transform given as steps applied to points in order: M = S_n ... S_2 S_1."""
    m = ident()
    for step in steps or []:
        (kind, v), = step.items()
        if kind == "translate": s = translate(*v)
        elif kind == "scale": s = scale3(*v)
        elif kind == "rotateZ": s = rotation(v, 0, 0, 1)
        elif kind == "rotateY": s = rotation(v, 0, 1, 0)
        elif kind == "rotateX": s = rotation(v, 1, 0, 0)
        elif kind == "m34": s = ident(); s[3, 2] = v
        elif kind == "matrix":   # Apple's m11 ... m44, row-vector layout: transpose
            s = np.array(v, float).reshape(4, 4).T
        else: raise ValueError(f"unknown transform step {kind}")
        m = s @ m
    return m


FLATTEN = np.diag([1.0, 1.0, 0.0, 1.0])


def bounds(L):
    return L.get("bounds", [0, 0, 0, 0])


def anchor(L):
    x, y, w, h = bounds(L)
    ax, ay = L.get("anchorPoint", [0.5, 0.5])
    return x + ax * w, y + ay * h, L.get("anchorPointZ", 0.0)


def sublayer_map(L):
    m = ident()
    if L.get("geometryFlipped"):
        x, y, w, h = bounds(L)
        f = ident(); f[1, 1] = -1; f[1, 3] = 2 * y + h
        m = f @ m
    if L.get("sublayerTransform"):
        a = anchor(L)
        m = translate(*a) @ steps_matrix(L["sublayerTransform"]) @ translate(-a[0], -a[1], -a[2]) @ m
    return m


def to_superlayer(L, parent):
    """Map from L's bounds space to its superlayer's bounds space (including the superlayer's
    sublayer map when `parent` is given)."""
    a = anchor(L)
    px, py = L.get("position", [0, 0])
    m = translate(px, py, L.get("zPosition", 0.0)) @ steps_matrix(L.get("transform")) @ translate(-a[0], -a[1], -a[2])
    if parent is not None:
        m = sublayer_map(parent) @ m
    return m


def to3(m4):
    return m4[np.ix_([0, 1, 3], [0, 1, 3])]


def skmatrix(m3):
    return skia.Matrix.MakeAll(*(float(v) for v in m3.reshape(-1)))


# ------------------------------------------------------------------------------------ paints, paths

def color4f(c, alpha=1.0):
    r, g, b, a = c
    return skia.Color4f(r / 255, g / 255, b / 255, a / 255 * alpha)


def fill(c, alpha=1.0):
    return skia.Paint(AntiAlias=True, Color4f=color4f(c, alpha))


def make_path(elements):
    p = skia.Path()
    for e in elements:
        (kind, v), = e.items()
        if kind == "rect": p.addRect(skia.Rect.MakeXYWH(*v))            # (minX,minY) first, clockwise on screen
        elif kind == "ellipse": p.addOval(skia.Rect.MakeXYWH(*v))
        elif kind == "move": p.moveTo(*v)
        elif kind == "line": p.lineTo(*v)
        elif kind == "cubic": p.cubicTo(*v)
        elif kind == "close": p.close()
        else: raise ValueError(f"unknown path element {kind}")
    return p


CORNERS = {"minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY"}


def rounded(rect, radius, corners):
    """The bounds rounded by cornerRadius on the masked corners (radius clamped to half the
    shorter side, as Core Animation does)."""
    x, y, w, h = rect
    r = max(0.0, min(radius, w / 2, h / 2))
    rr = skia.RRect()
    sr = skia.Rect.MakeXYWH(x, y, w, h)
    def rad(name): return skia.Point(r, r) if name in corners else skia.Point(0, 0)
    rr.setRectRadii(sr, [rad("minXMinY"), rad("maxXMinY"), rad("maxXMaxY"), rad("minXMaxY")])
    return rr


def layer_corners(L):
    return set(L.get("maskedCorners", list(CORNERS)))


# ------------------------------------------------------------------------------------ drawing

class Renderer:
    def __init__(self, scene):
        self.scene = scene
        self.scale = scene["scale"]
        self.W = int(round(scene["width"] * self.scale))
        self.H = int(round(scene["height"] * self.scale))

    def surface(self):
        return skia.Surface.MakeRaster(skia.ImageInfo.Make(self.W, self.H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))

    def render(self):
        surface = self.surface()
        c = surface.getCanvas()
        c.clear(skia.Color4f(0, 0, 0, 0))
        device = scale3(self.scale, self.scale, 1.0)
        root = self.scene["root"]
        self.draw_layer(c, root, device @ FLATTEN, to_superlayer(root, None), 1.0)
        return np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                            alphaType=skia.kPremul_AlphaType), dtype=np.uint8)

    # The device map of a layer: `plane` maps the flattening ancestor's space to device pixels
    # (already flattened), `local` maps the layer's space into that ancestor's space in 3-D.
    def set_matrix(self, c, m4):
        m3 = to3(m4)
        c.setMatrix(skmatrix(m3))
        return m3

    def clip_front(self, c, m3):
        """Clips away the device half-plane whose points lie behind the eye (w <= 0)."""
        if abs(m3[2, 0]) < 1e-12 and abs(m3[2, 1]) < 1e-12:
            return
        inv = np.linalg.inv(m3)
        a, b, k = inv[2]                    # w of the pre-image of (x, y) is 1 / (a x + b y + k)
        if abs(a) < 1e-15 and abs(b) < 1e-15:
            return
        # The half-plane a x + b y + k > EPS as a big polygon.
        big = 1e5
        n = np.array([a, b]); nn = np.linalg.norm(n)
        d = np.array([-b, a]) / nn
        p0 = -n * k / (nn * nn)           # a point on the line a x + b y + k = 0
        inward = n / nn
        p0 = p0 + inward * EPS_W
        quad = [p0 + d * big, p0 + d * big + inward * big, p0 - d * big + inward * big, p0 - d * big]
        path = skia.Path(); path.moveTo(*quad[0])
        for q in quad[1:]: path.lineTo(*q)
        path.close()
        c.save(); c.resetMatrix(); c.clipPath(path, skia.ClipOp.kIntersect, True); c.restore()

    def draw_layer(self, c, L, plane, local, inherited, color_mul=None):
        """Draws L (and its subtree). plane @ local is L's full device map."""
        if L.get("hidden"):
            return
        full = plane @ local
        m3 = to3(full)
        if L.get("doubleSided", True) is False and np.linalg.det(m3) < 0:
            return
        cls = L.get("class", "layer")
        if cls == "transform":
            self.draw_transform_layer(c, L, plane, local, inherited)
            return
        opacity = L.get("opacity", 1.0)
        group = L.get("allowsGroupOpacity", True)
        # masksToBounds clips the shadow away with the rest of what lies outside the bounds (the
        # well-known iOS behaviour: a layer that masks to its bounds shows no shadow).
        shadow = L.get("shadowOpacity", 0) > 0 and not L.get("masksToBounds", False)
        mask = L.get("mask")
        c.save()
        self.clip_front(c, m3)
        # A mask multiplies everything the layer draws, its shadow included (choice: the mask
        # docs speak of the layer's content; iOS hides a masked layer's shadow outside the mask).
        if mask is not None:
            c.saveLayer(None, None)
        # The shadow first, beneath the layer, faded by the layer's opacity but not part of its
        # opacity group (choice, see the header): a translucent layer shows its shadow through it.
        if shadow:
            c.saveLayer(None, skia.Paint(Alphaf=opacity * inherited))
            if L.get("shadowPath") is not None:
                self.set_matrix(c, full)
                self.draw_shadow_path(c, L)
            else:
                # The shadow of the composite alpha, made in device space (a saveLayer filter under
                # a rotated matrix would make Skia resample the layer, softening its edges): offset
                # and sigma are mapped from the layer's space by its matrix, which the scenes keep a
                # similarity (rotation, uniform scale, translation), so a device-space Gaussian is
                # the layer-space one. The layer is drawn once more, unfaded, for its alpha.
                sc = L.get("shadowColor", [0, 0, 0, 255])
                ox, oy = L.get("shadowOffset", [0, -3])
                sigma = L.get("shadowRadius", 3) / 2
                lin = m3[:2, :2] / m3[2, 2]
                dx, dy = lin @ np.array([ox, oy], float)
                s_dev = sigma * math.sqrt(abs(np.linalg.det(lin)))
                col = color4f(sc, L["shadowOpacity"]).toColor()
                c.resetMatrix()
                c.saveLayer(None, skia.Paint(ImageFilter=skia.ImageFilters.DropShadowOnly(float(dx), float(dy), s_dev, s_dev, col)))
                self.draw_body(c, L, plane, local, full, 1.0, 1.0)
                c.restore()
            c.restore()
        # The layer: opacity group (outer), mask (inner).
        if group:
            c.saveLayer(None, skia.Paint(Alphaf=opacity * inherited))
            own_alpha, child_alpha = 1.0, 1.0
        else:
            own_alpha, child_alpha = opacity * inherited, opacity * inherited
        self.draw_body(c, L, plane, local, full, own_alpha, child_alpha)
        if group:
            c.restore()
        if mask is not None:
            c.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
            mplane = plane @ local @ FLATTEN
            self.draw_layer(c, mask, mplane, to_superlayer(mask, None), 1.0)
            c.restore()
            c.restore()
        c.restore()

    def draw_body(self, c, L, plane, local, full, own_alpha, child_alpha):
        """The layer's own drawing and its sublayers."""
        self.draw_contents_and_sublayers(c, L, plane, local, full, own_alpha, child_alpha)

    def draw_shadow_path(self, c, L):
        sc = L.get("shadowColor", [0, 0, 0, 255])
        ox, oy = L.get("shadowOffset", [0, -3])
        sigma = L.get("shadowRadius", 3) / 2
        p = fill(sc, L["shadowOpacity"])
        if sigma > 0:
            p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma, True))
        c.save(); c.translate(ox, oy); c.drawPath(make_path(L["shadowPath"]), p); c.restore()

    def draw_contents_and_sublayers(self, c, L, plane, local, full, own_alpha, child_alpha):
        cls = L.get("class", "layer")
        b = bounds(L)
        rr = rounded(b, L.get("cornerRadius", 0), layer_corners(L))
        masks = L.get("masksToBounds", False)
        self.set_matrix(c, full)
        own = own_alpha < 1
        if own:   # without group opacity, the layer's own drawing is faded as one piece
            c.saveLayer(None, skia.Paint(Alphaf=own_alpha))
        if L.get("backgroundColor"):
            self.fill_exact(c, lambda cc: cc.drawRRect(rr, fill(L["backgroundColor"])))

        def own_content():
            self.set_matrix(c, full)
            if L.get("contents"):
                self.draw_contents(c, L)
            if cls == "gradient":
                def gradient(cc):
                    cc.save(); cc.clipRRect(rr, skia.ClipOp.kIntersect, True)
                    self.draw_gradient(cc, L)
                    cc.restore()
                # Supersampled only for the rounded corners' edges; otherwise the gradient is
                # sampled at pixel centres, as Kinema does (averaging would blur a conic seam).
                if L.get("cornerRadius", 0) > 0:
                    self.fill_exact(c, gradient)
                else:
                    gradient(c)
            if cls == "shape":
                self.fill_exact(c, lambda cc: self.draw_shape(cc, L))
        self.clipped(c, full, rr, masks, own_content)
        if own:
            c.restore()

        # Sublayers, flattened into this layer's plane.
        child_plane = plane @ local @ FLATTEN

        def sublayers():
            if cls == "replicator":
                self.draw_replicated(c, L, child_plane, child_alpha)
            else:
                for s in sorted(L.get("sublayers", []), key=lambda s: s.get("zPosition", 0.0)):   # stable
                    self.draw_layer(c, s, child_plane, to_superlayer(s, L), child_alpha)
        self.clipped(c, full, rr, masks, sublayers)
        # Border on top of contents and sublayers.
        bw = L.get("borderWidth", 0)
        if bw > 0:
            self.set_matrix(c, full)
            inner = rounded([b[0] + bw, b[1] + bw, b[2] - 2 * bw, b[3] - 2 * bw],
                            max(0.0, L.get("cornerRadius", 0) - bw), layer_corners(L))
            path = skia.Path(); path.addRRect(rr)
            if b[2] > 2 * bw and b[3] > 2 * bw:
                path.addRRect(inner)
                path.setFillType(skia.PathFillType.kEvenOdd)
            self.fill_exact(c, lambda cc: cc.drawPath(path, fill(L.get("borderColor", [0, 0, 0, 255]), own_alpha)))

    def fill_exact(self, c, draw):
        """Runs draw(canvas) under c's current matrix. Under an affine matrix it draws SUPERSAMPLE
        times larger into an offscreen and averages the pixels down, for coverage close to the
        exact area: Skia's own anti-aliasing of curves at 1x was measured up to 0.43 of a pixel
        off the exact coverage on a stroked cubic and 0.27 on a rounded corner, against 0.03 for
        8x supersampling (exact areas computed with NumPy). Under perspective it draws directly."""
        m3 = to3_matrix_of(c)
        if abs(m3[2, 0]) > 1e-12 or abs(m3[2, 1]) > 1e-12:
            draw(c)
            return
        k = SUPERSAMPLE
        big = skia.Surface.MakeRaster(skia.ImageInfo.Make(self.W * k, self.H * k, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
        bc = big.getCanvas(); bc.clear(skia.Color4f(0, 0, 0, 0))
        bc.setMatrix(skmatrix(np.diag([k, k, 1.0]) @ m3))
        draw(bc)
        px = np.array(big.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                     alphaType=skia.kPremul_AlphaType), dtype=np.float64)
        small = px.reshape(self.H, k, self.W, k, 4).mean(axis=(1, 3))
        pixels = np.clip(np.round(small), 0, 255).astype(np.uint8)
        im = skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        c.save(); c.resetMatrix(); c.drawImage(im, 0, 0); c.restore()

    def clipped(self, c, full, rr, masks, body):
        """Runs body() clipped to the rounded bounds when `masks` (masksToBounds): the drawing is
        multiplied by the supersampled coverage of the rounded rectangle (saveLayer + DstIn)."""
        if not masks:
            body()
            return
        m3 = self.set_matrix(c, full)
        if abs(m3[2, 0]) > 1e-12 or abs(m3[2, 1]) > 1e-12:
            c.save(); c.clipRRect(rr, skia.ClipOp.kIntersect, True); body(); c.restore()
            return
        c.saveLayer(None, None)
        body()
        c.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
        self.set_matrix(c, full)
        self.fill_exact(c, lambda cc: cc.drawRRect(rr, fill([0, 0, 0, 255])))
        c.restore()
        c.restore()

    def draw_replicated(self, c, L, child_plane, child_alpha):
        r = L.get("replicator", {})
        n = r.get("count", 1)
        x, y, w, h = bounds(L)
        centre = translate(x + w / 2, y + h / 2)
        step = centre @ steps_matrix(r.get("instanceTransform")) @ np.linalg.inv(centre)
        base = [v / 255 for v in r.get("instanceColor", [255, 255, 255, 255])]
        off = [r.get("redOffset", 0), r.get("greenOffset", 0), r.get("blueOffset", 0), r.get("alphaOffset", 0)]
        inst = ident()
        for k in range(n):
            col = [min(1.0, max(0.0, base[i] + k * off[i])) for i in range(4)]
            cm = [col[0], 0, 0, 0, 0,  0, col[1], 0, 0, 0,  0, 0, col[2], 0, 0,  0, 0, 0, col[3], 0]
            c.saveLayer(None, skia.Paint(ColorFilter=skia.ColorFilters.Matrix(cm)))
            for s in sorted(L.get("sublayers", []), key=lambda s: s.get("zPosition", 0.0)):
                self.draw_layer(c, s, child_plane, inst @ to_superlayer(s, L), child_alpha)
            c.restore()
            inst = step @ inst

    def draw_transform_layer(self, c, L, plane, local, inherited):
        """CATransformLayer: its sublayers keep their 3-D places (no flattening); overlapping
        planes are resolved per pixel by depth."""
        subs = [s for s in L.get("sublayers", []) if not s.get("hidden")]
        layers, depths = [], []
        ys, xs = np.mgrid[0:self.H, 0:self.W]
        pts = np.stack([xs + 0.5, ys + 0.5, np.ones_like(xs, float)], axis=-1)
        for s in subs:
            if s.get("class", "layer") == "transform":
                raise ValueError("nested transform layers are not supported by this reference")
            slocal = local @ to_superlayer(s, L)       # into the flattening ancestor's space, 3-D
            surf = self.surface()
            sc = surf.getCanvas(); sc.clear(skia.Color4f(0, 0, 0, 0))
            self.draw_layer(sc, s, plane, slocal, inherited * L.get("opacity", 1.0))
            img = np.array(surf.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType,
                                                          alphaType=skia.kPremul_AlphaType), dtype=np.float64) / 255
            m3 = to3(plane @ slocal)
            inv = np.linalg.inv(m3)
            uvq = pts @ inv.T
            u, v = uvq[..., 0] / uvq[..., 2], uvq[..., 1] / uvq[..., 2]
            z = slocal[2, 0] * u + slocal[2, 1] * v + slocal[2, 3]
            w = slocal[3, 0] * u + slocal[3, 1] * v + slocal[3, 3]
            layers.append(img); depths.append(np.where(img[..., 3] > 0, z / w, -np.inf))
        if not layers:
            return
        imgs = np.stack(layers); deps = np.stack(depths)
        order = np.argsort(deps, axis=0)                 # far (small) to near (large)
        out = np.zeros(imgs.shape[1:])
        for k in range(len(layers)):
            idx = order[k]
            src = np.take_along_axis(imgs, idx[None, ..., None].repeat(4, axis=-1), axis=0)[0]
            out = src + out * (1 - src[..., 3:4])
        pixels = np.clip(np.round(out * 255), 0, 255).astype(np.uint8)
        im = skia.Image.fromarray(pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        c.save(); c.resetMatrix(); c.drawImage(im, 0, 0); c.restore()

    # ---------------------------------------------------------------------------- layer kinds

    def draw_contents(self, c, L):
        img = image(L["contents"])
        iw, ih = img.width(), img.height()
        cs = L.get("contentsScale", 1.0)
        cr = L.get("contentsRect", [0, 0, 1, 1])
        src = [cr[0] * iw, cr[1] * ih, cr[2] * iw, cr[3] * ih]      # image pixels
        pw, ph = src[2] / cs, src[3] / cs                            # natural size in points
        x, y, w, h = bounds(L)
        g = L.get("contentsGravity", "resize")
        if g == "resize": dst = [x, y, w, h]
        elif g in ("resizeAspect", "resizeAspectFill"):
            k = min(w / pw, h / ph) if g == "resizeAspect" else max(w / pw, h / ph)
            dst = [x + (w - pw * k) / 2, y + (h - ph * k) / 2, pw * k, ph * k]
        elif g == "center": dst = [x + (w - pw) / 2, y + (h - ph) / 2, pw, ph]
        elif g == "left": dst = [x, y + (h - ph) / 2, pw, ph]
        elif g == "right": dst = [x + w - pw, y + (h - ph) / 2, pw, ph]
        else: raise ValueError(f"gravity {g} is not used by the scenes")
        centre = L.get("contentsCenter", [0, 0, 1, 1])
        if centre == [0, 0, 1, 1] or g not in ("resize",):
            self.draw_image_piece(c, img, src, dst)
            return
        # Nine-slice: corners at natural size (points), edges and centre stretched.
        cx0, cx1 = src[0] + centre[0] * src[2], src[0] + (centre[0] + centre[2]) * src[2]
        cy0, cy1 = src[1] + centre[1] * src[3], src[1] + (centre[1] + centre[3]) * src[3]
        sx = [src[0], cx0, cx1, src[0] + src[2]]
        sy = [src[1], cy0, cy1, src[1] + src[3]]
        left, right = (cx0 - src[0]) / cs, (src[0] + src[2] - cx1) / cs
        top, bottom = (cy0 - src[1]) / cs, (src[1] + src[3] - cy1) / cs
        dx = [dst[0], dst[0] + left, dst[0] + dst[2] - right, dst[0] + dst[2]]
        dy = [dst[1], dst[1] + top, dst[1] + dst[3] - bottom, dst[1] + dst[3]]
        for i in range(3):
            for j in range(3):
                s = [sx[i], sy[j], sx[i + 1] - sx[i], sy[j + 1] - sy[j]]
                d = [dx[i], dy[j], dx[i + 1] - dx[i], dy[j + 1] - dy[j]]
                if s[2] > 0 and s[3] > 0 and d[2] > 0 and d[3] > 0:
                    self.draw_image_piece(c, img, s, d)

    def draw_image_piece(self, c, img, s, d):
        """Pixels s of the image into points d, bilinear, clamped to s's edge texels."""
        sub = img.makeSubset(skia.IRect.MakeXYWH(int(round(s[0])), int(round(s[1])), int(round(s[2])), int(round(s[3]))))
        sampling = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
        m = skia.Matrix.MakeAll(d[2] / sub.width(), 0, d[0], 0, d[3] / sub.height(), d[1], 0, 0, 1)
        shader = sub.makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp, sampling, m)
        c.drawRect(skia.Rect.MakeXYWH(*d), skia.Paint(AntiAlias=True, Shader=shader))

    def draw_shape(self, c, L):
        sh = L["shape"]
        path = make_path(sh["path"])
        if sh.get("fill", [0, 0, 0, 255]) is not None:
            p = fill(sh.get("fill", [0, 0, 0, 255]))
            path.setFillType(skia.PathFillType.kEvenOdd if sh.get("fillRule") == "evenOdd" else skia.PathFillType.kWinding)
            c.drawPath(path, p)
        stroke = sh.get("stroke")
        width = sh.get("lineWidth", 1)
        if stroke is None or width <= 0:
            return
        start, end = sh.get("strokeStart", 0.0), sh.get("strokeEnd", 1.0)
        if (start, end) != (0.0, 1.0):
            path = trim(path, start, end)
        caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
        joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
        p = skia.Paint(AntiAlias=True, Color4f=color4f(stroke), Style=skia.Paint.kStroke_Style, StrokeWidth=width,
                       StrokeCap=caps[sh.get("lineCap", "butt")], StrokeJoin=joins[sh.get("lineJoin", "miter")],
                       StrokeMiter=sh.get("miterLimit", 10))
        if sh.get("dash"):
            p.setPathEffect(skia.DashPathEffect.Make(sh["dash"], sh.get("dashPhase", 0)))
        c.drawPath(path, p)

    def draw_gradient(self, c, L):
        g = L["gradient"]
        x, y, w, h = bounds(L)
        cols = [color4f(col).toColor() for col in g["colors"]]
        n = len(cols)
        locs = g.get("locations") or [i / (n - 1) for i in range(n)] if n > 1 else [0.0]
        sx, sy = g.get("start", [0.5, 0]); ex, ey = g.get("end", [0.5, 1])
        p0 = (x + sx * w, y + sy * h); p1 = (x + ex * w, y + ey * h)
        kind = g.get("type", "axial")
        if kind == "axial":
            shader = skia.GradientShader.MakeLinear([skia.Point(*p0), skia.Point(*p1)], cols, locs, skia.TileMode.kClamp)
        elif kind == "radial":
            rx, ry = abs(p1[0] - p0[0]), abs(p1[1] - p0[1])
            m = skia.Matrix.MakeAll(rx, 0, p0[0], 0, ry, p0[1], 0, 0, 1)
            shader = skia.GradientShader.MakeRadial(skia.Point(0, 0), 1.0, cols, locs, skia.TileMode.kClamp, 0, m)
        elif kind == "conic":
            angle = math.degrees(math.atan2(p1[1] - p0[1], p1[0] - p0[0]))
            m = skia.Matrix(); m.setRotate(angle, p0[0], p0[1])
            shader = skia.GradientShader.MakeSweep(p0[0], p0[1], cols, locs, skia.TileMode.kClamp, 0, 360, 0, m)
        else:
            raise ValueError(f"gradient type {kind}")
        c.drawRect(skia.Rect.MakeXYWH(x, y, w, h), skia.Paint(AntiAlias=True, Shader=shader))


SUPERSAMPLE = 8


def to3_matrix_of(c):
    """The canvas's current matrix as a 3x3 numpy array (column vectors)."""
    m = c.getTotalMatrix()
    return np.array([[m.get(i) for i in range(j, j + 3)] for j in (0, 3, 6)], float)


def trim(path, start, end):
    """strokeStart / strokeEnd: the part of the path between those fractions of its total length,
    over all its subpaths in order."""
    lengths = []
    pm = skia.PathMeasure(path, False, 1)
    while True:
        lengths.append(pm.getLength())
        if not pm.nextContour(): break
    total = sum(lengths)
    a, b = max(0.0, start) * total, min(1.0, end) * total
    out = skia.Path()
    offset = 0.0
    pm = skia.PathMeasure(path, False, 1)
    for l in lengths:
        s, e = max(a - offset, 0.0), min(b - offset, l)
        if e > s:
            pm.getSegment(s, e, out, True)
        offset += l
        pm.nextContour()
    return out


def main():
    os.makedirs(FOLDER, exist_ok=True)
    write_contents_images()
    with open(os.path.join(FOLDER, "scenes.json")) as f:
        scenes = json.load(f)["scenes"]
    keep = {"scenes.json", "contents_quadrants.png", "contents_frame.png"}
    for f in os.listdir(FOLDER):
        if f not in keep and f.endswith(".png"):
            os.remove(os.path.join(FOLDER, f))
    for scene in scenes:
        pixels = Renderer(scene).render()
        assert (pixels[..., 3] == 255).all(), f"{scene['name']}: references must be opaque (PNG stores straight alpha)"
        Image.fromarray(pixels, "RGBA").save(os.path.join(FOLDER, scene["name"] + ".png"), optimize=True)
    print(f"wrote {len(scenes)} references to {FOLDER}")


if __name__ == "__main__":
    main()
