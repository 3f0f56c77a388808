// Deterministic frames for the frame-sink tests (and the committed encoder fixtures).
import Foundation
import KinemaImageIO
import KinemaRaster

enum EncoderScenes {
    static func opaque(_ r: Int, _ g: Int, _ b: Int) -> PremultipliedColor {
        PremultipliedColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: 255)
    }

    /// Few colours, transparency, motion: the left third transparent, the rest two flat bands; a
    /// red 6×6 square moves right 3 px a frame (over the transparent part too, so pixels return to
    /// transparent); frame 3 repeats frame 2.
    static func flat(_ index: Int, width: Int = 48, height: Int = 32) -> Pixmap {
        var pixmap = try! Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in width / 3..<width {
                pixmap.setPixel(x: x, y: y, to: y < height / 2 ? opaque(30, 60, 200) : opaque(240, 220, 40))
            }
        }
        let step = index == 3 ? 2 : index
        for y in 10..<16 {
            for x in (2 + 3 * step)..<(8 + 3 * step) { pixmap.setPixel(x: x, y: y, to: opaque(220, 20, 30)) }
        }
        return pixmap
    }

    /// Many colours: a 2-D gradient (thousands of colours) with a soft disc moving across it.
    static func gradient(_ index: Int, width: Int = 64, height: Int = 48) -> Pixmap {
        var pixmap = try! Pixmap(width: width, height: height)
        let cx = 12.0 + 6 * Double(index), cy = 24.0
        for y in 0..<height {
            for x in 0..<width {
                var r = Double(x) / Double(width - 1), g = Double(y) / Double(height - 1), b = 0.5 + 0.5 * sin(Double(x + y) / 9)
                let d = ((Double(x) - cx) * (Double(x) - cx) + (Double(y) - cy) * (Double(y) - cy)).squareRoot()
                let t = max(0, min(1, (10 - d) / 3))
                r = r * (1 - t) + 1 * t; g = g * (1 - t) + 0.9 * t; b = b * (1 - t) + 0.8 * t
                pixmap.setPixel(x: x, y: y, to: opaque(Int((r * 255).rounded()), Int((g * 255).rounded()),
                                                       Int((b * 255).rounded())))
            }
        }
        return pixmap
    }

    /// The expected display of `pixmap` in a GIF: alpha ≥ 128 → opaque straight colour, else clear.
    static func gifVisible(_ pixmap: Pixmap) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                guard let p = pixmap.pixel(x: x, y: y), p.alpha >= 128 else { bytes += [0, 0, 0, 0]; continue }
                let straight = [p.red, p.green, p.blue].map { UInt8(min(255, (Int($0) * 255 + Int(p.alpha) / 2) / Int(p.alpha))) }
                bytes += straight + [255]
            }
        }
        return bytes
    }

    /// Mean and largest Euclidean RGB distance between two RGBA8 byte arrays (opaque pixels).
    static func rgbError(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, max: Double) {
        var total = 0.0, worst = 0.0
        let count = a.count / 4
        for i in 0..<count {
            let dr = Double(a[i * 4]) - Double(b[i * 4]), dg = Double(a[i * 4 + 1]) - Double(b[i * 4 + 1])
            let db = Double(a[i * 4 + 2]) - Double(b[i * 4 + 2])
            let d = (dr * dr + dg * dg + db * db).squareRoot()
            total += d
            worst = max(worst, d)
        }
        return (total / Double(max(1, count)), worst)
    }
}
