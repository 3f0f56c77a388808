// CATextLayer drawn through a Stage: ink where the text is, from the top of the bounds; alignment
// and wrapping move and split it; truncation keeps it inside; fontSize and foregroundColor
// animations show in the frames; an attributed string's runs keep their colours; bad input draws
// nothing or something sane and never traps. The pictures go to $TMPDIR/kinema-tests/CATextLayer.

import Foundation
import Kinema
import KinemaRaster
import KinemaSupport
import KinemaTestSupport
import Testing

@Suite("CATextLayer drawing")
@MainActor
struct CATextLayerDrawingTests {
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// A stage of `size` with one text layer at `frame`, black 24 pt text by default.
    func stage(_ frame: CGRect, size: CGSize = CGSize(width: 240, height: 120), scale: CGFloat = 1,
               configure: (CATextLayer) -> Void) -> (Stage, CATextLayer) {
        let stage = Stage(size: size, scale: scale, threads: 1)
        let layer = CATextLayer()
        stage.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.frame = frame
            layer.fontSize = 24
            layer.foregroundColor = Self.black
            configure(layer)
            stage.rootLayer.addSublayer(layer)
            CATransaction.commit()
        }
        return (stage, layer)
    }

    /// The box of the pixels darker than the white background (x0, y0, x1, y1 inclusive), nil
    /// when there are none.
    func ink(_ frame: Pixmap, threshold: Int = 200) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                guard let p = frame.pixel(x: x, y: y), Int(p.red) + Int(p.green) + Int(p.blue) < threshold * 3 else { continue }
                if let b = box {
                    box = (min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y))
                } else {
                    box = (x, y, x, y)
                }
            }
        }
        return box
    }

    func keep(_ frame: Pixmap, _ name: String) {
        TestEnvironment.keep(try? frame.pngData(), as: name + ".png", in: "CATextLayer")
    }

    @Test("the text is drawn inside the bounds, from the top: its ink starts at the left edge and below the top by the ascender's gap")
    func inkWhereTheTextIs() throws {
        let (stage, _) = stage(CGRect(x: 20, y: 30, width: 200, height: 60)) { $0.string = "Hello, Kinema" }
        let frame = stage.withClock { stage.step(to: 0) }
        keep(frame, "hello")
        let box = try #require(ink(frame))
        #expect(box.x0 >= 20 && box.x0 <= 24, "ink starts at the left edge (natural alignment): \(box)")
        #expect(box.y0 >= 30 && box.y0 <= 40, "the first line sits at the top of the bounds: \(box)")
        #expect(box.y1 < 30 + 34, "one line of 24 pt text, not vertically centred: \(box)")
        #expect(box.x1 > 120 && box.x1 < 220, "13 characters at 24 pt: \(box)")
    }

    @Test("alignmentMode moves the line: left at the left edge, center about the middle, right at the right edge")
    func alignment() throws {
        var boxes: [CATextLayerAlignmentMode: (x0: Int, y0: Int, x1: Int, y1: Int)] = [:]
        for mode in [CATextLayerAlignmentMode.left, .center, .right, .natural, .justified] {
            let (stage, _) = stage(CGRect(x: 10, y: 10, width: 220, height: 40)) {
                $0.string = "Bài viết"
                $0.alignmentMode = mode
            }
            let frame = stage.withClock { stage.step(to: 0) }
            keep(frame, "align-\(mode.rawValue)")
            let box = try #require(ink(frame))
            boxes[mode] = box
        }
        let left = try #require(boxes[.left]), center = try #require(boxes[.center]), right = try #require(boxes[.right])
        #expect(left.x0 <= 13)
        #expect(abs(Double(center.x0 + center.x1) / 2 - 120) <= 3, "centred: \(center)")
        #expect(right.x1 >= 226 && right.x1 <= 230, "right-aligned: \(right)")
        #expect(boxes[.natural]?.x0 == left.x0 && boxes[.justified]?.x0 == left.x0, "natural and a one-line justified paragraph sit left")
    }

    @Test("isWrapped splits a long string into lines at the bounds' width; unwrapped it stays one line, clipped at the bounds")
    func wrapping() throws {
        let text = "Tùy chỉnh viewcontroller transition"
        let (one, _) = stage(CGRect(x: 10, y: 10, width: 150, height: 100)) { $0.string = text }
        let (wrapped, _) = stage(CGRect(x: 10, y: 10, width: 150, height: 100)) {
            $0.string = text
            $0.isWrapped = true
        }
        let a = one.withClock { one.step(to: 0) }, b = wrapped.withClock { wrapped.step(to: 0) }
        keep(a, "unwrapped")
        keep(b, "wrapped")
        let single = try #require(ink(a)), lines = try #require(ink(b))
        #expect(single.x1 <= 160 && single.x1 >= 155, "clipped at the right edge: \(single)")
        #expect(single.y1 - single.y0 < 32, "one line: \(single)")
        #expect(lines.y1 - lines.y0 > 55, "three lines: \(lines)")
        #expect(lines.x1 <= 160)
    }

    @Test("truncationMode end, start and middle keep one line inside the bounds with an ellipsis; wrapped, the last line that fits is truncated")
    func truncation() throws {
        let text = "Hiệu ứng chuyển động rất đẹp"
        var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for mode in [CATextLayerTruncationMode.end, .start, .middle] {
            let (stage, _) = stage(CGRect(x: 10, y: 10, width: 160, height: 40)) {
                $0.string = text
                $0.truncationMode = mode
            }
            let frame = stage.withClock { stage.step(to: 0) }
            keep(frame, "truncate-\(mode.rawValue)")
            boxes.append(try #require(ink(frame)))
        }
        for box in boxes {
            #expect(box.x1 < 170 && box.x1 > 120 && box.y1 - box.y0 < 32, "one truncated line inside the bounds: \(box)")
        }
        let (wrapped, _) = stage(CGRect(x: 10, y: 10, width: 160, height: 60)) {
            $0.string = text + " " + text
            $0.isWrapped = true
            $0.truncationMode = .end
        }
        let frame = wrapped.withClock { wrapped.step(to: 0) }
        keep(frame, "truncate-wrapped")
        let box = try #require(ink(frame))
        #expect(box.y1 < 70 && box.y1 - box.y0 > 35, "two lines, the second truncated: \(box)")
    }

    @Test("justified and wrapped: every line but the paragraph's last reaches the right edge")
    func justified() throws {
        let text = "Bài viết hôm nay: hiệu ứng chuyển động, tùy chỉnh viewcontroller transition"
        let (stage, _) = stage(CGRect(x: 10, y: 10, width: 200, height: 100)) {
            $0.string = text
            $0.fontSize = 16
            $0.isWrapped = true
            $0.alignmentMode = .justified
        }
        let frame = stage.withClock { stage.step(to: 0) }
        keep(frame, "justified")
        // Each line's rightmost ink, per 19-point line band (16 pt DejaVu lines are 18.6 points).
        var rights: [Int] = []
        var y0 = 10
        while y0 < 110 {
            var right = -1
            for y in y0 ..< min(y0 + 18, 120) {
                for x in 0 ..< frame.width where (frame.pixel(x: x, y: y)?.red ?? 255) < 128 { right = max(right, x) }
            }
            if right >= 0 { rights.append(right) }
            y0 += 19
        }
        #expect(rights.count >= 3, "\(rights)")
        for right in rights.dropLast() { #expect(right >= 205 && right < 210, "a justified line ends at the right edge: \(rights)") }
        if let last = rights.last { #expect(last < 205, "the last line is not stretched: \(rights)") }
    }

    @Test("an attributed string's NSShadow is drawn under its text, offset and blurred")
    func attributedShadow() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 4, height: 4)
        shadow.shadowBlurRadius = 2
        shadow.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let string = NSAttributedString(string: "■", attributes: [.font: UIFont.systemFont(ofSize: 40), .shadow: shadow,
                                                                  .foregroundColor: CGColor(red: 0, green: 0, blue: 0, alpha: 1)])
        let (stage, _) = stage(CGRect(x: 10, y: 10, width: 100, height: 60)) { $0.string = string }
        let frame = stage.withClock { stage.step(to: 0) }
        keep(frame, "shadow")
        let glyph = try #require(ink(frame, threshold: 60))
        // Below and right of the square: the blue shadow, softened.
        var blue = 0, soft = 0
        for y in glyph.y1 + 1 ..< min(glyph.y1 + 8, frame.height) {
            for x in glyph.x0 + 4 ... glyph.x1 {
                guard let p = frame.pixel(x: x, y: y), p.blue > 200, p.red < 200 else { continue }
                blue += 1
                if p.red > 40 { soft += 1 }
            }
        }
        #expect(blue > 20 && soft > 5, "shadow pixels \(blue), soft \(soft)")
    }

    @Test("a fontSize animation (CABasicAnimation, 12 → 48 pt) shows growing ink at 0, 50 and 100 %")
    func fontSizeAnimation() throws {
        let (stage, layer) = stage(CGRect(x: 10, y: 10, width: 220, height: 100)) { $0.string = "Aa" }
        var heights: [Int] = []
        try stage.withClock {
            let grow = CABasicAnimation(keyPath: "fontSize")
            grow.fromValue = 12
            grow.toValue = 48
            grow.duration = 1
            grow.beginTime = CACurrentMediaTime()
            grow.fillMode = .forwards
            grow.isRemovedOnCompletion = false
            layer.add(grow, forKey: "grow")
            let start = CACurrentMediaTime()
            for (i, t) in [0.0, 0.5, 1.0].enumerated() {
                let frame = stage.step(to: start + t)
                keep(frame, "fontSize-\(i)")
                let box = try #require(ink(frame))
                heights.append(box.y1 - box.y0 + 1)
            }
        }
        // The cap height of "A" is about 0.73 em: 9, 22 and 35 pixels.
        #expect(heights[0] >= 7 && heights[0] <= 11, "\(heights)")
        #expect(heights[1] >= 20 && heights[1] <= 25, "\(heights)")
        #expect(heights[2] >= 33 && heights[2] <= 38, "\(heights)")
    }

    @Test("implicit actions: setting fontSize and foregroundColor on a layer in the tree animates them (0.25 s), the frames in between show it")
    func implicitAnimation() throws {
        let (stage, layer) = stage(CGRect(x: 10, y: 10, width: 220, height: 100)) { $0.string = "Aa" }
        var heights: [Int] = []
        var reds: [Int] = []
        stage.withClock {
            let start = CACurrentMediaTime()
            _ = stage.step(to: start)
            stage.at(start + 0.1) {
                layer.fontSize = 48
                layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            }
            for t in [0.1, 0.225, 0.4] {
                let frame = stage.step(to: start + t)
                keep(frame, "implicit-\(Int(t * 1000))")
                if let box = ink(frame, threshold: 240) { heights.append(box.y1 - box.y0 + 1) }
                var red = 0
                for y in 0 ..< frame.height {
                    for x in 0 ..< frame.width {
                        if let p = frame.pixel(x: x, y: y), p.green < 40 { red = max(red, Int(p.red)) }
                    }
                }
                reds.append(red)
            }
        }
        #expect(heights.count == 3 && heights[0] < heights[1] && heights[1] < heights[2], "\(heights)")
        #expect(reds[0] < 40 && reds[1] > 60 && reds[1] < 240 && reds[2] > 240, "black → red through dark red: \(reds)")
    }

    @Test("a foregroundColor animation red → blue gives the interpolated colour in the glyphs at 50 %")
    func colorAnimation() throws {
        let (stage, layer) = stage(CGRect(x: 10, y: 10, width: 220, height: 100)) {
            $0.string = "■ H"
            $0.fontSize = 60
            $0.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        }
        let frame = stage.withClock {
            let fade = CABasicAnimation(keyPath: "foregroundColor")
            fade.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            fade.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            fade.duration = 1
            fade.beginTime = CACurrentMediaTime()
            layer.add(fade, forKey: "fade")
            let start = CACurrentMediaTime()
            _ = stage.step(to: start)
            return stage.step(to: start + 0.5)
        }
        keep(frame, "color-half")
        // The fully covered glyph pixels: the ones with the least green.
        var darkest: PremultipliedColor?
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                guard let p = frame.pixel(x: x, y: y) else { continue }
                if Int(p.red) + Int(p.blue) < 400, p.green < (darkest?.green ?? 255) { darkest = p }
            }
        }
        let p = try #require(darkest)
        #expect(p.green <= 2 && abs(Int(p.red) - 128) <= 3 && abs(Int(p.blue) - 128) <= 3, "\(p)")
    }

    @Test("an attributed string keeps each run's colour and font (font, fontSize and foregroundColor are not used)")
    func attributedRuns() throws {
        let string = NSMutableAttributedString(string: "RRRR BBBB")
        string.addAttribute(.foregroundColor, value: CGColor(red: 1, green: 0, blue: 0, alpha: 1), range: NSRange(location: 0, length: 4))
        string.addAttribute(.foregroundColor, value: UIColor(red: 0, green: 0, blue: 1, alpha: 1), range: NSRange(location: 5, length: 4))
        string.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 30), range: NSRange(location: 0, length: 9))
        let (stage, layer) = stage(CGRect(x: 10, y: 10, width: 220, height: 60)) {
            $0.string = string
            $0.fontSize = 8
            $0.foregroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        }
        #expect((layer.string as? NSAttributedString)?.string == "RRRR BBBB", "reads back the attributed string")
        let frame = stage.withClock { stage.step(to: 0) }
        keep(frame, "attributed")
        var red = 0, blue = 0, green = 0
        var redMaxX = 0, blueMinX = Int.max
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width {
                guard let p = frame.pixel(x: x, y: y) else { continue }
                if p.red > 200 && p.green < 60 && p.blue < 60 { red += 1; redMaxX = max(redMaxX, x) }
                if p.blue > 200 && p.green < 60 && p.red < 60 { blue += 1; blueMinX = min(blueMinX, x) }
                if p.green > 200 && p.red < 60 && p.blue < 60 { green += 1 }
            }
        }
        #expect(red > 100 && blue > 100 && green == 0, "red \(red), blue \(blue), green \(green)")
        #expect(redMaxX < blueMinX, "the red run is left of the blue one")
        let box = try #require(ink(frame, threshold: 240))
        #expect(box.y1 - box.y0 > 18, "30 pt bold, not fontSize 8: \(box)")
    }

    @Test("font takes a UIFont (its face; fontSize still applies, as for a CTFont), by property and by key; an attributed string's own paragraph alignment wins over alignmentMode")
    func fontObjectsAndParagraphAlignment() throws {
        let (regular, _) = stage(CGRect(x: 10, y: 10, width: 220, height: 40)) { $0.string = "Bài viết" }
        let (bold, boldLayer) = stage(CGRect(x: 10, y: 10, width: 220, height: 40)) {
            $0.string = "Bài viết"
            $0.font = UIFont.boldSystemFont(ofSize: 99)
        }
        #expect((boldLayer.font as? String)?.isEmpty == false)
        let a = try #require(ink(regular.withClock { regular.step(to: 0) }))
        let b = try #require(ink(bold.withClock { bold.step(to: 0) }))
        #expect(b.x1 > a.x1 && b.y1 - b.y0 <= a.y1 - a.y0 + 2, "bold is wider, the same 24 pt size: \(a) \(b)")
        let (byKey, keyLayer) = stage(CGRect(x: 10, y: 10, width: 220, height: 40)) { $0.string = "Bài viết" }
        byKey.withClock { keyLayer.setValue(UIFont.boldSystemFont(ofSize: 99), forKey: "font") }
        let c = try #require(ink(byKey.withClock { byKey.step(to: 0) }))
        #expect(c.x1 == b.x1, "setValue(_:forKey: \"font\") takes the UIFont too")

        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = .right
        let string = NSMutableAttributedString(string: "Phải\nGiữa", attributes: [.font: UIFont.systemFont(ofSize: 20),
                                                                                 .foregroundColor: Self.black])
        string.addAttribute(.paragraphStyle, value: paragraph, range: NSRange(location: 0, length: 5))
        let (mixed, _) = stage(CGRect(x: 10, y: 10, width: 220, height: 80)) {
            $0.string = string
            $0.alignmentMode = .center
        }
        let frame = mixed.withClock { mixed.step(to: 0) }
        keep(frame, "paragraph-alignment")
        func span(rows: Range<Int>) -> (Int, Int) {
            var x0 = Int.max, x1 = -1
            for y in rows {
                for x in 0 ..< frame.width where (frame.pixel(x: x, y: y)?.red ?? 255) < 128 { x0 = min(x0, x); x1 = max(x1, x) }
            }
            return (x0, x1)
        }
        let first = span(rows: 10 ..< 33), second = span(rows: 34 ..< 57)
        #expect(first.1 >= 226, "the first paragraph is right-aligned by its own style: \(first)")
        #expect(abs(Double(second.0 + second.1) / 2 - 120) <= 3, "the second, natural, takes alignmentMode center: \(second)")
    }

    @Test("the text is drawn into a backing store at contentsScale: at 2× a contentsScale of 2 has sharper edges than 1")
    func contentsScale() throws {
        func edgeLevels(_ scale: CGFloat) throws -> Int {
            let (stage, _) = stage(CGRect(x: 10, y: 10, width: 100, height: 40), size: CGSize(width: 120, height: 60), scale: 2) {
                $0.string = "Ill"
                $0.contentsScale = scale
            }
            let frame = stage.withClock { stage.step(to: 0) }
            keep(frame, "contentsScale-\(Int(scale))")
            _ = try #require(ink(frame))
            // Pixels that are neither background nor ink: the soft edge.
            var count = 0
            for y in 0 ..< frame.height {
                for x in 0 ..< frame.width {
                    guard let p = frame.pixel(x: x, y: y), p.red > 20, p.red < 235 else { continue }
                    count += 1
                }
            }
            return count
        }
        let blurry = try edgeLevels(1), sharp = try edgeLevels(2)
        #expect(sharp < blurry, "soft pixels at contentsScale 2: \(sharp), at 1: \(blurry)")
    }

    @Test("bad input draws nothing or something sane, never traps: nil and empty strings, NaN, negative and huge font sizes, zero-size bounds, a 200 000-character string")
    func badInput() throws {
        let cases: [(String, (CATextLayer) -> Void)] = [
            ("nil", { $0.string = nil }),
            ("empty", { $0.string = "" }),
            ("NaN", { $0.string = "NaN"; $0.fontSize = .nan }),
            ("negative", { $0.string = "neg"; $0.fontSize = -5 }),
            ("infinite", { $0.string = "inf"; $0.fontSize = .infinity }),
            ("huge", { $0.string = "W"; $0.fontSize = 1e5 }),
            ("zero size", { $0.string = "zero"; $0.bounds = .zero }),
            ("zero width", { $0.string = "narrow"; $0.bounds = CGRect(x: 0, y: 0, width: 0, height: 40); $0.isWrapped = true }),
            ("long", { $0.string = String(repeating: "Hiệu ứng ", count: 25_000); $0.isWrapped = true }),
            ("bad font", { $0.string = "font"; $0.font = NSNumber(value: 3) }),
            ("surrogate", { $0.string = String(decoding: [0xD800, 0x41] as [UInt16], as: UTF16.self) }),
        ]
        for (name, configure) in cases {
            let (frame, diagnostics) = KinemaDiagnostics.collecting { () -> Pixmap in
                let (stage, _) = stage(CGRect(x: 10, y: 10, width: 200, height: 80), configure: configure)
                return stage.withClock { stage.step(to: 0) }
            }
            keep(frame, "bad-\(name)")
            let box = ink(frame)
            switch name {
            case "nil", "empty", "zero size":
                #expect(box == nil, "\(name): nothing drawn")
            case "NaN", "negative", "infinite":
                #expect(box == nil && !diagnostics.isEmpty, "\(name): nothing drawn, a diagnostic")
            case "huge":
                // Clamped to 10 000 pt: the glyph lies below the bounds, and what shows is clipped.
                #expect(!diagnostics.isEmpty, "\(name): a diagnostic")
                if let box { #expect(box.x0 >= 10 && box.x1 < 210 && box.y0 >= 10 && box.y1 < 90, "\(name): clipped to the bounds") }
            case "bad font":
                #expect(box != nil && diagnostics.count == 1, "\(name): Helvetica, a diagnostic (\(diagnostics))")
            default:
                break
            }
        }
    }

    @Test("preferredFrameSize() is the text's size; render(in:) draws the text as the stage does")
    func preferredSizeAndRenderIn() throws {
        let layer = CATextLayer()
        #expect(layer.preferredFrameSize() == .zero)
        layer.string = "Bài viết hôm nay"
        layer.fontSize = 20
        layer.foregroundColor = Self.black
        let size = layer.preferredFrameSize()
        #expect(size.width > 120 && size.width < 200 && size.height >= 20 && size.height <= 26, "\(size)")
        layer.string = "Bài viết\nhôm nay"
        let two = layer.preferredFrameSize()
        #expect(two.height >= 2 * size.height - 1 && two.width < size.width, "two lines: \(two)")
        layer.frame = CGRect(origin: .zero, size: two)
        let context = try #require(CGContext(data: nil, width: Int(two.width), height: Int(two.height), bitsPerComponent: 8,
                                             bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        layer.render(in: context)
        let image = try #require(context.makeImage())
        #expect(image.width == Int(two.width))
        var inked = 0
        let pixels = image.pixmap
        for y in 0 ..< pixels.height {
            for x in 0 ..< pixels.width where (pixels.pixel(x: x, y: y)?.alpha ?? 0) > 128 { inked += 1 }
        }
        #expect(inked > 100, "render(in:) drew \(inked) opaque pixels")
    }

    @Test("a text layer inside a view: the layer's opacity and transform apply to the text as to contents")
    func opacityAndTransform() throws {
        let (stage, _) = stage(CGRect(x: 20, y: 20, width: 200, height: 50)) {
            $0.string = "■■■"
            $0.fontSize = 40
            $0.opacity = 0.5
            $0.setAffineTransform(CGAffineTransform(rotationAngle: .pi))
        }
        let frame = stage.withClock { stage.step(to: 0) }
        keep(frame, "opacity-rotated")
        let box = try #require(ink(frame, threshold: 240))
        // Rotated half a turn about the centre: the text sits at the right of the bounds.
        #expect(box.x1 >= 215 && box.x0 > 100, "\(box)")
        var darkest = 255
        for y in 0 ..< frame.height {
            for x in 0 ..< frame.width { darkest = min(darkest, Int(frame.pixel(x: x, y: y)?.red ?? 255)) }
        }
        #expect(abs(darkest - 128) <= 2, "half opacity: black over white is mid grey (\(darkest))")
    }
}
