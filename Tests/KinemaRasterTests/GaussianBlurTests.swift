// Gaussian blur: the box parameters' variance, conservation, bad sigma, premultiplied output.
import KinemaSupport
import KinemaGeometry
import Testing
import KinemaTestSupport
@testable import KinemaRaster

@Suite("Gaussian blur")
struct GaussianBlurTests {
    @Test("each extended box has variance σ²/3 exactly", arguments: [0.02, 0.5, 1, 2.5, 3, 7.3, 12, 100, 2048])
    func boxVariance(sigma: Double) {
        let box = ExtendedBox(sigma: sigma)
        let r = Double(box.radius), alpha = box.endWeight
        let variance = (r * (r + 1) * (2 * r + 1) / 3 + 2 * alpha * (r + 1) * (r + 1)) / box.normalization
        #expect(abs(variance - sigma * sigma / 3) <= 1e-9 * max(1, sigma * sigma))
        #expect(alpha >= 0 && alpha < 1)
    }

    @Test("mass is kept when the region has a 3σ margin, and colour never exceeds alpha")
    func conservation() throws {
        var pixmap = try Pixmap(width: 96, height: 96)
        pixmap.withMutableRegion(PixelRect(x: 40, y: 44, width: 12, height: 6)) {
            $0.fill(PremultipliedColor(red: 200, green: 10, blue: 90, alpha: 220))
        }
        let before = pixmap.storage.reduce(0) { $0 + Int($1 >> 24) }
        pixmap.gaussianBlur(sigma: 5)
        let after = pixmap.storage.reduce(0) { $0 + Int($1 >> 24) }
        // Rounding each pixel to 8 bits moves the sum by at most half a level per pixel touched.
        #expect(abs(after - before) < 96 * 96 / 8)
        for value in pixmap.storage {
            let p = PremultipliedColor(packed: value)
            #expect(p.red <= p.alpha && p.green <= p.alpha && p.blue <= p.alpha)
        }
        #expect(pixmap.pixel(x: 46, y: 47)!.alpha < 220)
        #expect(pixmap.pixel(x: 30, y: 47)!.alpha > 0)
    }

    @Test("a uniform field stays uniform far from the region's edges")
    func uniformInterior() throws {
        var pixmap = try Pixmap(width: 80, height: 80)
        pixmap.fill(.white)
        pixmap.gaussianBlur(sigma: 4)
        #expect(pixmap.pixel(x: 40, y: 40) == .white)
        #expect(pixmap.pixel(x: 0, y: 0)!.alpha < 255)  // the outside counts as transparent
    }

    @Test("the bounded-memory path (8-bit between axes) stays within a level of the Float path")
    func boundedMemoryPath() throws {
        var a = try Pixmap(width: 48, height: 40)
        a.withMutableRegion(PixelRect(x: 12, y: 10, width: 20, height: 14)) { $0.fill(PremultipliedColor(red: 180, green: 90, blue: 20, alpha: 200)) }
        a.withMutableRegion(PixelRect(x: 30, y: 4, width: 3, height: 30)) { $0.fill(.white) }
        var b = a
        a.withMutableRegion { $0.blur(sigma: 3.5, floatCopyLimit: .max) }
        b.withMutableRegion { $0.blur(sigma: 3.5, floatCopyLimit: 0) }
        #expect(try #require(GoldenDifference(a, b)).maximum <= 1)
    }

    @Test("blurring a region leaves the rest of the pixmap alone")
    func regionOnly() throws {
        var pixmap = try Pixmap(width: 32, height: 32)
        pixmap.fill(.white)
        pixmap.gaussianBlur(sigma: 3, in: PixelRect(x: 8, y: 8, width: 16, height: 16))
        #expect(pixmap.pixel(x: 7, y: 8) == .white)
        #expect(pixmap.pixel(x: 8, y: 8)!.alpha < 255)
    }

    @Test("σ 0 is a no-op; NaN, infinite and negative σ are reported and ignored; huge σ is capped")
    func badSigma() throws {
        var pixmap = try Pixmap(width: 16, height: 16)
        pixmap.setPixel(x: 8, y: 8, to: .white)
        let original = pixmap
        pixmap.gaussianBlur(sigma: 0)
        #expect(pixmap == original)
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            pixmap.gaussianBlur(sigma: .nan)
            pixmap.gaussianBlur(sigma: -.infinity)
            pixmap.gaussianBlur(sigma: -2)
        }
        #expect(diagnostics.count == 3)
        #expect(pixmap == original)
        let (_, capped) = KinemaDiagnostics.collecting { pixmap.gaussianBlur(sigma: 1e12) }
        #expect(capped.count == 1)
        #expect(pixmap.pixel(x: 8, y: 8) == .transparent)  // spread far below one level
    }
}
