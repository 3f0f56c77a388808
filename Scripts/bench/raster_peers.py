#!/usr/bin/env python3
"""The peer renderers of `kinema bench`: the same pixel work as Kinema's, with skia-python, pycairo
and Blend2D (blend2d-python), single thread, best of N runs, thread CPU time.

The work is what `kinema bench --export-workload DIR` writes (workload.json, image.png,
blur-source.png); `kinema bench` writes it to a temporary folder and runs this script itself,
once per virtual environment (`Scripts/bench/setup-peers.sh` makes them):

    P=~/.cache/kinema-peers
    .build/release/kinema bench --export-workload /tmp/work
    $P/venv/bin/python         Scripts/bench/raster_peers.py --workload /tmp/work --peers skia,cairo
    $P/venv-blend2d/bin/python Scripts/bench/raster_peers.py --workload /tmp/work --peers blend2d

Output, one line per peer and benchmark (other lines are commentary):
    VERSION <peer> <text>
    PEER <peer> <benchmark> ms=<thread CPU ms> wall_ms=<wall ms> [calls_ms=<ms>]
    PEER <peer> <benchmark> n/a <reason>
calls_ms is the same Python loop drawing empty paths: the share of the figure spent in the
interpreter and the binding rather than the renderer. A peer that cannot do a piece of work says
n/a; nothing is substituted for it.

What each peer prepares before timing is what Kinema prepares: path objects, paints, image
matrices and decoded images. Curves are flattened (and stroked) by each renderer while drawing.
"""
import argparse
import json
import os
import sys
import time

BENCHMARKS = ["raster.fill.triangles", "raster.fill.cubics", "raster.stroke.cubics",
              "raster.image.bilinear", "raster.blur.sigma10"]


class NotAvailable(Exception):
    """The peer cannot do this work (a missing feature, not a failure)."""


def best_of(runs, reset, work):
    """(thread CPU ms, wall ms): the minimum of each clock over `runs` runs after one warm-up."""
    best_cpu = best_wall = float("inf")
    for i in range(runs + 1):
        reset()
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        work()
        cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
        if i > 0:
            best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
    return best_cpu * 1000, best_wall * 1000


class Workload:
    def __init__(self, folder):
        with open(os.path.join(folder, "workload.json")) as f:
            w = json.load(f)
        if w.get("version") != 1:
            raise SystemExit(f"workload format version {w.get('version')} is not 1")
        self.folder = folder
        self.width, self.height = int(w["width"]), int(w["height"])
        self.alpha = float(w["alpha"])
        self.background = [int(v) for v in w["background"]]
        self.stroke_width = float(w["stroke_width"])
        self.sigma = float(w["blur_sigma"])
        self.triangles = w["triangles"]          # x0 y0 x1 y1 x2 y2 r g b
        self.cubic_shapes = w["cubic_shapes"]    # x0 y0 (c1 c2 p) x4, r g b
        self.curves = w["curves"]                # x0 y0 c1 c2 x1 y1 r g b
        self.image_path = os.path.join(folder, w["image"]["file"])
        self.image_size = int(w["image"]["size"])
        self.placements = w["image"]["placements"]  # a b c d tx ty
        self.blur_source = os.path.join(folder, w["blur_source"])

    @staticmethod
    def segments(shape):
        """The four cubic segments of a closed shape as (c1x, c1y, c2x, c2y, x, y)."""
        return [shape[2 + 6 * k: 8 + 6 * k] for k in range(4)]


# --- skia-python -------------------------------------------------------------------------------

class SkiaPeer:
    name = "skia"

    def __init__(self, w):
        import skia
        self.skia, self.w = skia, w
        info = skia.ImageInfo.Make(w.width, w.height, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType)
        self.surface = skia.Surface.MakeRaster(info)
        self.canvas = self.surface.getCanvas()
        self.version = f"skia-python {skia.__version__}"

    def paint(self, rgb, **extra):
        s = self.skia
        a = round(self.w.alpha * 255)
        return s.Paint(AntiAlias=True, Color=s.ColorSetARGB(a, int(rgb[0]), int(rgb[1]), int(rgb[2])), **extra)

    def clear(self):
        r, g, b = self.w.background
        self.canvas.clear(self.skia.ColorSetARGB(255, r, g, b))

    def fill_loop(self, paths, paints):
        canvas = self.canvas

        def run():
            for p, paint in zip(paths, paints):
                canvas.drawPath(p, paint)
        empty = [self.skia.Path() for _ in paths]

        def calls():
            for p, paint in zip(empty, paints):
                canvas.drawPath(p, paint)
        return self.clear, run, calls

    def setup(self, bench):
        s, w = self.skia, self.w
        if bench == "raster.fill.triangles":
            paths = []
            for t in w.triangles:
                p = s.Path()
                p.moveTo(t[0], t[1]); p.lineTo(t[2], t[3]); p.lineTo(t[4], t[5]); p.close()
                paths.append(p)
            return self.fill_loop(paths, [self.paint(t[6:9]) for t in w.triangles])
        if bench == "raster.fill.cubics":
            paths = []
            for c in w.cubic_shapes:
                p = s.Path()
                p.moveTo(c[0], c[1])
                for seg in Workload.segments(c):
                    p.cubicTo(*seg)
                p.close()
                paths.append(p)
            return self.fill_loop(paths, [self.paint(c[26:29]) for c in w.cubic_shapes])
        if bench == "raster.stroke.cubics":
            paths = []
            for c in w.curves:
                p = s.Path()
                p.moveTo(c[0], c[1]); p.cubicTo(*c[2:8])
                paths.append(p)
            paints = [self.paint(c[8:11], Style=s.Paint.kStroke_Style, StrokeWidth=w.stroke_width,
                                 StrokeCap=s.Paint.kRound_Cap) for c in w.curves]
            return self.fill_loop(paths, paints)
        if bench == "raster.image.bilinear":
            image = s.Image.open(w.image_path)
            matrices = []
            for (a, b, c, d, tx, ty) in w.placements:
                m = s.Matrix()
                m.setAll(a, c, tx, b, d, ty, 0, 0, 1)
                matrices.append(m)
            sampling = s.SamplingOptions(s.FilterMode.kLinear, s.MipmapMode.kNone)
            paint = s.Paint(AntiAlias=True)
            canvas = self.canvas

            def run():
                for m in matrices:
                    canvas.save(); canvas.concat(m)
                    canvas.drawImage(image, 0, 0, sampling, paint)
                    canvas.restore()
            return self.clear, run, None
        if bench == "raster.blur.sigma10":
            source = s.Image.open(w.blur_source).makeRasterImage()
            canvas, sigma = self.canvas, w.sigma

            def run():
                # A new filter object every run: Skia caches filter results by filter identity.
                paint = s.Paint(ImageFilter=s.ImageFilters.Blur(sigma, sigma, s.TileMode.kDecal), BlendMode=s.BlendMode.kSrc)
                canvas.drawImage(source, 0, 0, s.SamplingOptions(), paint)
                self.surface.flushAndSubmit()
            return (lambda: None), run, None
        raise NotAvailable("unknown benchmark")

    def save(self, path):
        self.surface.makeImageSnapshot().save(path, self.skia.kPNG)


# --- pycairo -----------------------------------------------------------------------------------

class CairoPeer:
    name = "cairo"

    def __init__(self, w):
        import cairo
        self.cairo, self.w = cairo, w
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w.width, w.height)
        self.ctx = cairo.Context(self.surface)
        self.version = f"pycairo {cairo.version} (cairo {cairo.cairo_version_string()})"

    def source(self, rgb):
        return self.cairo.SolidPattern(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, self.w.alpha)

    def clear(self):
        ctx = self.ctx
        r, g, b = self.w.background
        ctx.set_operator(self.cairo.OPERATOR_SOURCE)
        ctx.set_source_rgb(r / 255, g / 255, b / 255)
        ctx.paint()
        ctx.set_operator(self.cairo.OPERATOR_OVER)

    def record(self, build):
        """A cairo Path object per shape, built through a scratch context before timing."""
        scratch = self.cairo.Context(self.cairo.ImageSurface(self.cairo.FORMAT_A8, 1, 1))
        scratch.new_path()
        build(scratch)
        return scratch.copy_path()

    def draw_loop(self, paths, sources, stroke):
        ctx = self.ctx

        def draw(ps):
            for p, src in zip(ps, sources):
                ctx.new_path(); ctx.append_path(p); ctx.set_source(src)
                ctx.stroke() if stroke else ctx.fill()
        empty = [self.record(lambda c: None) for _ in paths]
        return self.clear, (lambda: draw(paths)), (lambda: draw(empty))

    def setup(self, bench):
        cairo, w = self.cairo, self.w
        if bench == "raster.fill.triangles":
            def tri(t):
                return lambda c: (c.move_to(t[0], t[1]), c.line_to(t[2], t[3]), c.line_to(t[4], t[5]), c.close_path())
            paths = [self.record(tri(t)) for t in w.triangles]
            return self.draw_loop(paths, [self.source(t[6:9]) for t in w.triangles], False)
        if bench == "raster.fill.cubics":
            def shape(s):
                def build(c):
                    c.move_to(s[0], s[1])
                    for seg in Workload.segments(s):
                        c.curve_to(*seg)
                    c.close_path()
                return build
            paths = [self.record(shape(s)) for s in w.cubic_shapes]
            return self.draw_loop(paths, [self.source(s[26:29]) for s in w.cubic_shapes], False)
        if bench == "raster.stroke.cubics":
            def curve(k):
                return lambda c: (c.move_to(k[0], k[1]), c.curve_to(*k[2:8]))
            paths = [self.record(curve(k)) for k in w.curves]
            self.ctx.set_line_width(w.stroke_width)
            self.ctx.set_line_cap(cairo.LINE_CAP_ROUND)
            return self.draw_loop(paths, [self.source(k[8:11]) for k in w.curves], True)
        if bench == "raster.image.bilinear":
            image = cairo.ImageSurface.create_from_png(w.image_path)
            pattern = cairo.SurfacePattern(image)
            pattern.set_filter(cairo.FILTER_BILINEAR)
            pattern.set_extend(cairo.EXTEND_PAD)  # clamp, as Kinema and Skia sample
            matrices = [cairo.Matrix(a, b, c, d, tx, ty) for (a, b, c, d, tx, ty) in w.placements]
            ctx, n = self.ctx, w.image_size

            def run():
                for m in matrices:
                    ctx.save(); ctx.transform(m); ctx.set_source(pattern)
                    ctx.rectangle(0, 0, n, n); ctx.fill(); ctx.restore()
            return self.clear, run, None
        if bench == "raster.blur.sigma10":
            raise NotAvailable("cairo has no blur")
        raise NotAvailable("unknown benchmark")

    def save(self, path):
        self.surface.flush()
        self.surface.write_to_png(path)


# --- Blend2D (blend2d-python) ------------------------------------------------------------------

class Blend2DPeer:
    name = "blend2d"

    def __init__(self, w):
        import blend2d as bl
        self.bl, self.w = bl, w
        self.image = bl.BLImage(w.width, w.height, bl.BLFormat.PRGB32)
        self.ctx = bl.BLContext(self.image)  # synchronous: Blend2D's single-thread context
        try:
            from importlib.metadata import version
            binding = version("blend2d-python")
        except Exception:  # the version is commentary; never fail on it
            binding = "?"
        self.version = f"blend2d-python {binding} (Blend2D {'.'.join(str(v) for v in bl.BL_VERSION)})"

    def style(self, rgb):
        # This binding reads a float tuple as (B, G, R, A).
        return (rgb[2] / 255, rgb[1] / 255, rgb[0] / 255, self.w.alpha)

    def clear(self):
        bl, ctx = self.bl, self.ctx
        r, g, b = self.w.background
        ctx.comp_op = bl.BLCompOp.SRC_COPY
        ctx.set_fill_style((b / 255, g / 255, r / 255, 1.0))
        ctx.fill_all()
        ctx.comp_op = bl.BLCompOp.SRC_OVER

    def draw_loop(self, paths, styles, stroke):
        ctx = self.ctx

        def draw(ps):
            if stroke:
                for p, st in zip(ps, styles):
                    ctx.set_stroke_style(st); ctx.stroke_path(p)
            else:
                for p, st in zip(ps, styles):
                    ctx.set_fill_style(st); ctx.fill_path(p)
            ctx.flush()
        empty = [self.bl.BLPath() for _ in paths]
        return self.clear, (lambda: draw(paths)), (lambda: draw(empty))

    def setup(self, bench):
        bl, w = self.bl, self.w
        if bench == "raster.fill.triangles":
            paths = []
            for t in w.triangles:
                p = bl.BLPath()
                p.move_to(t[0], t[1]); p.line_to(t[2], t[3]); p.line_to(t[4], t[5]); p.close()
                paths.append(p)
            return self.draw_loop(paths, [self.style(t[6:9]) for t in w.triangles], False)
        if bench == "raster.fill.cubics":
            paths = []
            for s in w.cubic_shapes:
                p = bl.BLPath()
                p.move_to(s[0], s[1])
                for seg in Workload.segments(s):
                    p.cubic_to(*seg)
                p.close()
                paths.append(p)
            return self.draw_loop(paths, [self.style(s[26:29]) for s in w.cubic_shapes], False)
        if bench == "raster.stroke.cubics":
            paths = []
            for k in w.curves:
                p = bl.BLPath()
                p.move_to(k[0], k[1]); p.cubic_to(*k[2:8])
                paths.append(p)
            self.ctx.stroke_width = w.stroke_width
            self.ctx.set_stroke_caps(bl.BLStrokeCap.CAP_ROUND)
            return self.draw_loop(paths, [self.style(k[8:11]) for k in w.curves], True)
        if bench == "raster.image.bilinear":
            image = bl.BLImage()
            image.readFromFile(w.image_path)
            matrices = [bl.Matrix2D(a, b, c, d, tx, ty) for (a, b, c, d, tx, ty) in w.placements]
            ctx, origin = self.ctx, bl.BLPoint(0, 0)

            def run():
                for m in matrices:
                    ctx.save(); ctx.transform(m); ctx.blit_image(origin, image); ctx.restore()
                ctx.flush()
            return self.clear, run, None
        if bench == "raster.blur.sigma10":
            raise NotAvailable("Blend2D has no blur")
        raise NotAvailable("unknown benchmark")

    def save(self, path):
        self.ctx.flush()
        self.image.writeToFile(path)


PEERS = {"skia": SkiaPeer, "cairo": CairoPeer, "blend2d": Blend2DPeer}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workload", required=True, help="folder written by kinema bench --export-workload")
    parser.add_argument("--peers", default="skia,cairo,blend2d")
    parser.add_argument("--benchmarks", default=",".join(BENCHMARKS), help="comma-separated names")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--write-images", metavar="DIR", help="write <peer>-<benchmark>.png here")
    args = parser.parse_args()
    if not 1 <= args.runs <= 1000:
        parser.error("--runs must be between 1 and 1000")
    workload = Workload(args.workload)
    benches = [b for b in args.benchmarks.split(",") if b]
    for name in [p for p in args.peers.split(",") if p]:
        if name not in PEERS:
            for bench in benches:
                print(f"PEER {name} {bench} n/a unknown peer")
            continue
        try:
            peer = PEERS[name](workload)
        except ImportError as error:
            for bench in benches:
                print(f"PEER {name} {bench} n/a cannot import: {error}")
            continue
        print(f"VERSION {name} {peer.version}", flush=True)
        for bench in benches:
            try:
                reset, run, calls = peer.setup(bench)
            except NotAvailable as why:
                print(f"PEER {name} {bench} n/a {why}", flush=True)
                continue
            cpu, wall = best_of(args.runs, reset, run)
            line = f"PEER {name} {bench} ms={cpu:.3f} wall_ms={wall:.3f}"
            if args.write_images:
                reset(); run()
                os.makedirs(args.write_images, exist_ok=True)
                peer.save(os.path.join(args.write_images, f"{name}-{bench}.png"))
            if calls is not None:
                calls_cpu, _ = best_of(max(1, args.runs // 3), reset, calls)
                line += f" calls_ms={calls_cpu:.3f}"
            print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
