// The pixel benchmarks (issue: pixel benchmarks against peer renderers), one per line of the issue.
// Every one draws `RasterWorkload.standard` into a 1280×720 premultiplied RGBA8 pixmap on one
// thread; `Scripts/bench/raster_peers.py` does the same work with skia-python, pycairo and
// Blend2D. What is prepared before timing matches what the peers prepare: paths of straight
// lines and image placements are built once; curves are flattened inside the timed run, because
// the peers flatten theirs while drawing.
import Foundation
import KinemaGeometry
import KinemaRaster

extension BenchSuite {
    static var pixels: [PixelBenchmark] {
        [fillTriangles, fillCubicShapes, strokeCurves, drawImages, blur] + transitions + text
    }

    /// Clears to the workload's opaque white background.
    static func clearToBackground(_ canvas: BenchCanvas) {
        let b = RasterWorkload.background
        canvas.pixmap.fill(PaintColor(red: Float(b.red) / 255, green: Float(b.green) / 255, blue: Float(b.blue) / 255).premultiplied)
    }

    static func makeCanvas() -> BenchCanvas {
        BenchCanvas(width: RasterWorkload.width, height: RasterWorkload.height)
    }

    static var fillTriangles: PixelBenchmark {
        let workload = RasterWorkload.standard
        let canvas = makeCanvas()
        let paths = workload.triangles.map { t in
            var path = RasterPath()
            path.addPolygon([t.points.0, t.points.1, t.points.2])
            return path
        }
        let colors = workload.triangles.map { $0.color.paint(alpha: RasterWorkload.alpha) }
        return PixelBenchmark(
            name: "raster.fill.triangles",
            summary: "10,000 AA triangles, 4–200 px, α 0.8",
            reset: { clearToBackground(canvas) },
            run: {
                canvas.pixmap.withMutableRegion { region in
                    for i in paths.indices { region.fill(paths[i], color: colors[i], using: &canvas.converter) }
                }
            },
            picture: { canvas.pixmap }
        )
    }

    static var fillCubicShapes: PixelBenchmark {
        let workload = RasterWorkload.standard
        let canvas = makeCanvas()
        let shapes = workload.cubicShapes
        let colors = shapes.map { $0.color.paint(alpha: RasterWorkload.alpha) }
        return PixelBenchmark(
            name: "raster.fill.cubics",
            summary: "10,000 AA closed 4-cubic shapes, 4–200 px, α 0.8",
            reset: { clearToBackground(canvas) },
            run: {
                canvas.pixmap.withMutableRegion { region in
                    for i in shapes.indices {
                        canvas.path.removeAll()
                        canvas.path.move(to: shapes[i].segments[0].p0)
                        for segment in shapes[i].segments { BenchFlattener.append(segment, to: &canvas.path) }
                        region.fill(canvas.path, color: colors[i], using: &canvas.converter)
                    }
                }
            },
            picture: { canvas.pixmap }
        )
    }

    /// Each curve is stroked by KinemaGeometry's stroker (`Path.stroked`, 0.25 px tolerance, as
    /// Skia's) inside the timed run — as the peers stroke theirs while drawing — and the outline
    /// filled non-zero. The `Path`s themselves are built before timing, like the peers' paths.
    static var strokeCurves: PixelBenchmark {
        let workload = RasterWorkload.standard
        let canvas = makeCanvas()
        let paths = workload.curves.map { curve in
            var path = Path()
            let c = curve.cubic
            path.move(to: CGPoint(x: c.p0.x, y: c.p0.y))
            path.addCurve(to: CGPoint(x: c.p3.x, y: c.p3.y), control1: CGPoint(x: c.p1.x, y: c.p1.y),
                          control2: CGPoint(x: c.p2.x, y: c.p2.y))
            return path
        }
        let colors = workload.curves.map { $0.color.paint(alpha: RasterWorkload.alpha) }
        let style = StrokeStyle(width: RasterWorkload.strokeWidth, cap: .round)
        return PixelBenchmark(
            name: "raster.stroke.cubics",
            summary: "1,000 cubic curves, width 3, round caps, α 0.8",
            reset: { clearToBackground(canvas) },
            run: {
                canvas.pixmap.withMutableRegion { region in
                    for i in paths.indices {
                        let outline = paths[i].stroked(style)
                        canvas.path.removeAll()
                        BenchFlattener.append(outline, to: &canvas.path)
                        region.fill(canvas.path, color: colors[i], using: &canvas.converter)
                    }
                }
            },
            picture: { canvas.pixmap }
        )
    }

    static var drawImages: PixelBenchmark {
        let workload = RasterWorkload.standard
        let canvas = makeCanvas()
        let side = Double(RasterWorkload.imageSize)
        // Each copy is its quad, filled (anti-aliased) with the image through the placement's
        // transform; clamp tiling, as Skia samples an image drawn with a transform.
        let draws: [(RasterPath, Paint)] = workload.placements.map { placement in
            let t = placement.transform
            let corners = [(0.0, 0.0), (side, 0), (side, side), (0, side)].map { u, v in
                DevicePoint(x: t.m11 * u + t.m12 * v + t.m13, y: t.m21 * u + t.m22 * v + t.m23)
            }
            var quad = RasterPath()
            quad.addPolygon(corners)
            let pattern = ImagePattern(image: workload.image, transform: t, sampling: .bilinear, tiling: .clamp)
            return (quad, .image(pattern))
        }
        return PixelBenchmark(
            name: "raster.image.bilinear",
            summary: "256×256 image ×100, rotated, scale 0.5–1.5, bilinear",
            reset: { clearToBackground(canvas) },
            run: {
                canvas.pixmap.withMutableRegion { region in
                    for (quad, paint) in draws { region.fill(quad, paint: paint, using: &canvas.converter) }
                }
            },
            picture: { canvas.pixmap }
        )
    }

    /// The picture the blur benchmark blurs: the triangles benchmark's result (opaque, busy).
    static let blurSource: Pixmap = {
        let triangles = fillTriangles
        triangles.reset()
        triangles.run()
        return triangles.picture()
    }()

    static var blur: PixelBenchmark {
        let canvas = makeCanvas()
        return PixelBenchmark(
            name: "raster.blur.sigma10",
            summary: "Gaussian blur σ 10 of a 1280×720 pixmap",
            // `blurSource` is made on first use, so listing this benchmark costs nothing.
            reset: { canvas.pixmap.withMutableRegion { $0.copy(from: blurSource) } },
            run: { canvas.pixmap.withMutableRegion { $0.gaussianBlur(sigma: RasterWorkload.blurSigma) } },
            picture: { canvas.pixmap }
        )
    }
}
