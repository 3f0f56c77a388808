// Writes the pixel benchmarks' work for the peer renderers (`Scripts/bench/raster_peers.py`):
//
//   DIR/workload.json    every number the peers need (format below)
//   DIR/image.png        the 256×256 image (opaque RGB)
//   DIR/blur-source.png  the 1280×720 picture the blur benchmark blurs (opaque RGB)
//
// workload.json, version 1 (points are [x, y] in device pixels, y down; colours are sRGB bytes,
// drawn at `alpha` source-over; numbers are printed so that they read back exactly):
//   width, height, alpha, background ([r, g, b] bytes, opaque), stroke_width, blur_sigma,
//   triangles:    [[x0, y0, x1, y1, x2, y2, r, g, b], …]
//   cubic_shapes: [[x0, y0, then per segment c1x, c1y, c2x, c2y, x, y (4 segments, closed), r, g, b], …]
//   curves:       [[x0, y0, c1x, c1y, c2x, c2y, x1, y1, r, g, b], …]   (stroked, round caps)
//   image:        {"file": "image.png", "size": 256, "placements": [[a, b, c, d, tx, ty], …]}
//                 image pixel (u, v) lands at (a·u + c·v + tx, b·u + d·v + ty), bilinear
//   blur_source:  "blur-source.png"
import Foundation
import KinemaImageIO
import KinemaRaster

extension RasterWorkload {
    static let formatVersion = 1
    /// The background every fill and image benchmark starts from: opaque white.
    static let background = BenchColor(red: 255, green: 255, blue: 255)

    /// Writes the three files into `directory` (created if missing).
    func export(to directory: URL, blurSource: Pixmap) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: directory.appendingPathComponent("workload.json"))
        try Self.writePNG(image, to: directory.appendingPathComponent("image.png"))
        try Self.writePNG(blurSource, to: directory.appendingPathComponent("blur-source.png"))
    }

    static func writePNG(_ pixmap: Pixmap, to url: URL) throws {
        let decoded = DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes)
        try PNGEncoder.encode(decoded, compressionLevel: 1).write(to: url)
    }

    var json: String {
        var out = "{\"version\": \(Self.formatVersion), \"width\": \(Self.width), \"height\": \(Self.height), "
        out += "\"alpha\": \(Self.alpha), \"background\": \(Self.bytes(Self.background)), "
        out += "\"stroke_width\": \(Self.strokeWidth), \"blur_sigma\": \(Self.blurSigma),\n"
        out += "\"triangles\": [\n"
        out += triangles.map { t in
            Self.list([t.points.0, t.points.1, t.points.2].flatMap { [$0.x, $0.y] }, t.color)
        }.joined(separator: ",\n")
        out += "],\n\"cubic_shapes\": [\n"
        out += cubicShapes.map { shape in
            var numbers = [shape.segments[0].p0.x, shape.segments[0].p0.y]
            for s in shape.segments { numbers += [s.p1.x, s.p1.y, s.p2.x, s.p2.y, s.p3.x, s.p3.y] }
            return Self.list(numbers, shape.color)
        }.joined(separator: ",\n")
        out += "],\n\"curves\": [\n"
        out += curves.map { curve in
            let c = curve.cubic
            return Self.list([c.p0.x, c.p0.y, c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y], curve.color)
        }.joined(separator: ",\n")
        out += "],\n\"image\": {\"file\": \"image.png\", \"size\": \(Self.imageSize), \"placements\": [\n"
        out += placements.map { p in
            let t = p.transform
            return "[" + [t.m11, t.m21, t.m12, t.m22, t.m13, t.m23].map(Self.number).joined(separator: ", ") + "]"
        }.joined(separator: ",\n")
        out += "]},\n\"blur_source\": \"blur-source.png\"}\n"
        return out
    }

    /// Swift prints a finite Double as the shortest text that reads back as the same value,
    /// which JSON and Python's float() both accept.
    private static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "0" }

    private static func bytes(_ color: BenchColor) -> String { "[\(color.red), \(color.green), \(color.blue)]" }

    private static func list(_ numbers: [Double], _ color: BenchColor) -> String {
        "[" + numbers.map(number).joined(separator: ", ") + ", \(color.red), \(color.green), \(color.blue)]"
    }
}
