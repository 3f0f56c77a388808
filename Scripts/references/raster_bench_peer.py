#!/usr/bin/env python3
"""Times skia-python on the raster benchmark work: 10,000 seeded random anti-aliased triangles
(sizes 4-200 px, solid colours at alpha 0.8, source-over) filled into a 1280x720 premultiplied
RGBA8 surface, on one thread. Prints the best of 7 rounds in ms, wall-clock and process CPU time.

The triangle list comes from `triangles()`, a SplitMix64 stream that KinemaRaster's benchmark
driver reproduces bit for bit, so both renderers draw exactly the same work.
Run: ~/.cache/kinema-peers/venv/bin/python Scripts/references/raster_bench_peer.py [--png out.png]
(`bash Scripts/setup-reference-tools.sh` installs that environment, from Scripts/requirements.txt.)
"""
import sys, time
import skia

WIDTH, HEIGHT, COUNT, SEED = 1280, 720, 10_000, 0x4B494E454D41  # "KINEMA"
MASK64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def unit(self):
        """A double in [0, 1) from the top 53 bits."""
        return (self.next() >> 11) * (1.0 / (1 << 53))


def triangles():
    """[(x0, y0, x1, y1, x2, y2, r, g, b)] with r, g, b in 0...1 (alpha is 0.8 for all)."""
    rng = SplitMix64(SEED)
    out = []
    for _ in range(COUNT):
        size = 4 + 196 * rng.unit()
        cx, cy = WIDTH * rng.unit(), HEIGHT * rng.unit()
        pts = []
        for _ in range(3):
            pts.append(cx + size * (rng.unit() - 0.5))
            pts.append(cy + size * (rng.unit() - 0.5))
        out.append((*pts, rng.unit(), rng.unit(), rng.unit()))
    return out


def main():
    tris = triangles()
    surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(WIDTH, HEIGHT, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    paths, paints = [], []
    for (x0, y0, x1, y1, x2, y2, r, g, b) in tris:  # built before timing: only the fills are timed
        p = skia.Path()
        p.moveTo(x0, y0); p.lineTo(x1, y1); p.lineTo(x2, y2); p.close()
        paths.append(p)
        paints.append(skia.Paint(AntiAlias=True, Color4f=skia.Color4f(r, g, b, 0.8)))
    best, best_cpu = float("inf"), float("inf")
    for _ in range(7):
        canvas.clear(skia.Color4f(1, 1, 1, 1))
        start, start_cpu = time.perf_counter(), time.process_time()
        for p, paint in zip(paths, paints):
            canvas.drawPath(p, paint)
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    # CPU time is reported beside wall time because shared machines are noisy; both single-thread.
    print(f"skia-python {skia.__version__}: {COUNT} AA triangles into {WIDTH}x{HEIGHT}: "
          f"{best * 1000:.1f} ms wall, {best_cpu * 1000:.1f} ms CPU (best of 7)")
    if len(sys.argv) > 2 and sys.argv[1] == "--png":
        surface.makeImageSnapshot().save(sys.argv[2], skia.kPNG)
    if len(sys.argv) > 2 and sys.argv[1] == "--rgba":
        open(sys.argv[2], "wb").write(bytes(surface.makeImageSnapshot().tobytes()))


if __name__ == "__main__":
    main()
