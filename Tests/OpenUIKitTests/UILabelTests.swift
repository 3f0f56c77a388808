// UILabel against UIKit's documented behaviour: defaults, text ⇄ attributedText, sizing,
// vertical centring, truncation and line limits, shrinking to fit, drawing (ink where the text
// is), redrawing only on change, a frame animation drawn once, and bad input.
import Foundation
import KinemaTestSupport
import KinemaText
@testable import OpenUIKit
import KinemaStage
import Testing

@MainActor
@Suite("UILabel")
struct UILabelTests {
    typealias T = TextTestSupport

    /// What a label's layout shows, the ellipsis as "…".
    static func shown(_ label: UILabel, width: CGFloat, lines: Int? = nil) -> [String] {
        let layout = label.textLayout(width: Double(width), height: .infinity, lines: lines ?? label.numberOfLines, fitting: false).layout
        let utf16 = Array((label.text ?? "").utf16)
        let ellipsis = label.font.textFont.face.glyph(for: "\u{2026}")
        return layout.lines.map { line in
            var units: [UInt16] = []
            var last = -1
            for run in line.runs {
                for (glyph, cluster) in zip(run.glyphs, run.clusters) {
                    if glyph == ellipsis { units.append(0x2026); continue }
                    if cluster != last, cluster < utf16.count {
                        // Every UTF-16 unit of the cluster.
                        var end = cluster + 1
                        while end < utf16.count && UTF16.isTrailSurrogate(utf16[end]) { end += 1 }
                        units += utf16[cluster..<end]
                    }
                    last = cluster
                }
            }
            return String(decoding: units, as: UTF16.self)
        }
    }

    static func render(_ label: UILabel, scale: CGFloat = 1) -> UIImage {
        UIGraphicsImageRenderer(size: label.bounds.size, format: UIKitTestSupport.format(scale: scale)).image { _ in
            label.draw(label.bounds)
        }
    }

    @Test("defaults: system 17 pt, black, natural, one line, truncating tail, content mode redraw, no touches")
    func defaults() {
        let label = UILabel()
        #expect(label.font.pointSize == 17 && label.textColor == .black)
        #expect(label.textAlignment == .natural && label.numberOfLines == 1 && label.lineBreakMode == .byTruncatingTail)
        #expect(label.contentMode == .redraw && label.layer.needsDisplayOnBoundsChange)
        #expect(!label.isUserInteractionEnabled && !label.isOpaque)
        #expect(label.text == nil && label.attributedText == nil)
        #expect(label.shadowColor == nil && label.shadowOffset == CGSize(width: 0, height: -1))
        #expect(label.minimumScaleFactor == 0 && !label.adjustsFontSizeToFitWidth && label.isEnabled && !label.isHighlighted)
    }

    @Test("text and attributedText: setting one updates the other; label-wide attributes apply to all of it")
    func textAndAttributedText() throws {
        let label = UILabel()
        label.text = "Hello"
        let attributed = try #require(label.attributedText)
        #expect(attributed.string == "Hello")
        #expect((attributed.attribute(.font, at: 0, effectiveRange: nil) as? UIFont) == label.font)
        #expect((attributed.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor) == .black)
        let styled = NSMutableAttributedString(string: "Red and blue")
        styled.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
        label.attributedText = styled
        #expect(label.text == "Red and blue")
        #expect((label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor) == .red)
        #expect((label.attributedText?.attribute(.foregroundColor, at: 5, effectiveRange: nil) as? UIColor) == .black)
        // textColor applies to the whole attributed text, as UIKit documents.
        label.textColor = .green
        #expect((label.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor) == .green)
        label.text = nil
        #expect(label.attributedText == nil)
    }

    @Test("sizeThatFits and intrinsicContentSize: HarfBuzz's width and the line height, rounded up to whole pixels")
    func sizing() {
        let label = UILabel()
        label.text = "Hello, world"
        let width = T.advance("Hello, world", font: label.font)
        let expected = CGSize(width: width.rounded(.up), height: label.font.lineHeight.rounded(.up))
        #expect(label.intrinsicContentSize == expected)
        #expect(label.sizeThatFits(CGSize(width: 10, height: 10)) == expected)   // one line: the natural width
        label.contentScaleFactor = 2
        let doubled = label.intrinsicContentSize.width
        let expectedDoubled = CGFloat((width * 2).rounded(.up) / 2)
        #expect(doubled == expectedDoubled, "\(doubled.bitPattern) \(expectedDoubled.bitPattern)")
        label.contentScaleFactor = 1
        label.sizeToFit()
        #expect(label.bounds.size == expected)
        label.text = ""
        #expect(label.intrinsicContentSize == .zero && label.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
    }

    @Test("multi-line sizing wraps at the given width; numberOfLines limits the lines")
    func multiLineSizing() {
        let label = UILabel()
        label.numberOfLines = 0
        label.text = "alpha beta gamma delta epsilon zeta"
        let word = T.advance("epsilon", font: label.font) + 1
        let lineHeight = label.font.lineHeight
        let all = label.sizeThatFits(CGSize(width: word, height: 0))
        #expect(all.height == (6 * lineHeight).rounded(.up))
        #expect(all.width <= word.rounded(.up))
        label.numberOfLines = 2
        #expect(label.sizeThatFits(CGSize(width: word, height: 0)).height == (2 * lineHeight).rounded(.up))
        #expect(Self.shown(label, width: word).count == 2)
        label.preferredMaxLayoutWidth = word
        #expect(label.intrinsicContentSize.height == (2 * lineHeight).rounded(.up))
    }

    @Test("truncation: tail, head and middle keep the right ends and put an ellipsis in")
    func truncation() throws {
        let label = UILabel()
        label.text = "Hello wonderful world"
        let width = T.advance("Hello wonderful world", font: label.font) * 0.6
        label.lineBreakMode = .byTruncatingTail
        let tail = try #require(Self.shown(label, width: width).first)
        #expect(tail.hasPrefix("Hello") && tail.hasSuffix("…"))
        label.lineBreakMode = .byTruncatingHead
        let head = try #require(Self.shown(label, width: width).first)
        #expect(head.hasPrefix("…") && head.hasSuffix("world"))
        label.lineBreakMode = .byTruncatingMiddle
        let middle = try #require(Self.shown(label, width: width).first)
        #expect(middle.hasPrefix("Hello") && middle.hasSuffix("world") && middle.contains("…"))
        for line in [tail, head, middle] {
            #expect(line.count < "Hello wonderful world".count)
        }
        // Two lines: wrapped by word, the second truncated.
        label.lineBreakMode = .byTruncatingTail
        label.numberOfLines = 2
        label.text = "alpha beta gamma delta epsilon zeta eta theta"
        let lines = Self.shown(label, width: T.advance("alpha beta gamma", font: label.font) + 1)
        #expect(lines.count == 2 && lines[0].trimmingCharacters(in: .whitespaces) == "alpha beta gamma" && lines[1].hasSuffix("…"))
    }

    @Test("the text is centred vertically: the first baseline's y for a known font and bounds")
    func verticalCentring() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        label.text = "Hello"
        let font = label.font!
        let top = ((100 - font.lineHeight.rounded(.up)) / 2).rounded()
        #expect(abs(label.firstBaselineInBounds - (top + font.ascender)) < 1e-9)
        // Two lines in a taller label move the first baseline up by half a line.
        label.numberOfLines = 0
        label.text = "Hello\nworld"
        let twoTop = ((100 - (2 * font.lineHeight).rounded(.up)) / 2).rounded()
        #expect(abs(label.firstBaselineInBounds - (twoTop + font.ascender)) < 1e-9)
        // textRect(forBounds:) is the text's size at the bounds' origin.
        let rect = label.textRect(forBounds: CGRect(x: 5, y: 7, width: 200, height: 100), limitedToNumberOfLines: 1)
        #expect(rect.origin == CGPoint(x: 5, y: 7) && rect.height == font.lineHeight.rounded(.up), "\(rect)")
    }

    @Test("pixels: ink where the text is and nowhere else; alignment moves it")
    func inkAndAlignment() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 240, height: 60))
        label.text = "Kinema"
        let width = T.advance("Kinema", font: label.font)
        let left = Self.render(label)
        T.keep(left, "label-left.png")
        let ink = try #require(T.ink(left))
        #expect(ink.minX >= 0 && ink.maxX <= Int(width.rounded(.up)) + 1)
        let top = ((60 - label.font.lineHeight.rounded(.up)) / 2).rounded()
        #expect(ink.minY >= Int(top) && ink.maxY <= Int(top + label.font.lineHeight.rounded(.up)))
        label.textAlignment = .right
        let right = try #require(T.ink(Self.render(label)))
        #expect(right.maxX <= 240 && right.minX >= Int(240 - width) - 2)
        label.textAlignment = .center
        let centre = try #require(T.ink(Self.render(label)))
        #expect(abs(Double(centre.minX + centre.maxX) / 2 - 120) < 3)
        // Colours: textColor, then highlightedTextColor while highlighted, dimmed when disabled.
        label.textColor = .red
        label.highlightedTextColor = .blue
        label.isHighlighted = true
        let highlighted = Self.render(label)
        label.isHighlighted = false
        label.isEnabled = false
        let disabled = Self.render(label)
        func darkest(_ image: UIImage) -> [UInt8] {
            var best: [UInt8] = [0, 0, 0, 0]
            for y in 0..<60 { for x in 0..<240 { if let p = UIKitTestSupport.pixel(image, x, y), p[3] > best[3] { best = p } } }
            return best
        }
        let h = darkest(highlighted), d = darkest(disabled)
        #expect(h[2] > 200 && h[0] < 40)
        #expect(d[0] > 100 && d[3] <= 130 && d[3] >= 100)
    }

    @Test("shadowColor draws an unblurred copy at shadowOffset")
    func shadow() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        label.text = "I"
        label.textColor = .red
        label.shadowColor = .blue
        label.shadowOffset = CGSize(width: 30, height: 0)
        let image = Self.render(label)
        T.keep(image, "label-shadow.png")
        let row = 20
        let stem = try #require((0..<120).first { (UIKitTestSupport.pixel(image, $0, row)?[0] ?? 0) > 200 })
        let shadowPixel = try #require(UIKitTestSupport.pixel(image, stem + 30, row))
        #expect(shadowPixel[2] > 200 && shadowPixel[0] < 40)
        #expect(UIKitTestSupport.pixel(image, stem + 15, row) == [0, 0, 0, 0])
    }

    @Test("adjustsFontSizeToFitWidth shrinks to fit, not below minimumScaleFactor")
    func shrinkToFit() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
        label.text = "A long line of text"
        let natural = T.advance("A long line of text", font: label.font)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.2
        let (layout, scale) = label.textLayout(width: 60, height: 30, lines: 1, fitting: true)
        #expect(!layout.isTruncated && layout.size.width <= 60)
        #expect(scale < 60 / natural + 0.01 && scale > 60 / natural - 0.05)
        label.minimumScaleFactor = 0.8
        let (limited, limitedScale) = label.textLayout(width: 60, height: 30, lines: 1, fitting: true)
        #expect(limitedScale == 0.8 && limited.isTruncated)
        label.minimumScaleFactor = 0   // 0 keeps the size (UIKit's rule)
        #expect(label.textLayout(width: 60, height: 30, lines: 1, fitting: true).scale == 1)
    }

    @Test("redraws only on change; a frame animation draws once for the final bounds and stretches meanwhile")
    func redrawing() throws {
        final class CountingLabel: UILabel {
            var draws = 0
            override func drawText(in rect: CGRect) {
                draws += 1
                super.drawText(in: rect)
            }
        }
        let stage = Stage(size: CGSize(width: 300, height: 200), scale: 1, threads: 1)
        let label = CountingLabel(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
        label.text = "Tap me"
        stage.withClock {
            stage.window.addSubview(label)
            stage.turn(to: 0)
        }
        #expect(label.draws == 1)
        stage.withClock {
            label.text = "Tap me"           // unchanged: no redraw
            label.center = CGPoint(x: 100, y: 100)   // moving does not redraw
            stage.turn(to: 0.1)
        }
        #expect(label.draws == 1)
        stage.withClock {
            UIView.animate(withDuration: 1) { label.frame = CGRect(x: 20, y: 20, width: 200, height: 80) }
            stage.turn(to: 0.2)
            stage.turn(to: 0.6)
            stage.turn(to: 1.0)
            stage.turn(to: 1.4)
        }
        #expect(label.draws == 2)
        let contents = try #require(label.layer.contents as? CGImage)
        #expect(contents.width == 200 && contents.height == 80)
        stage.withClock {
            label.textColor = .red
            stage.turn(to: 1.5)
        }
        #expect(label.draws == 3)
    }

    @Test("bad input: NaN and zero-width frames, empty and nil text, a 10⁶-character text — no trap, no hang")
    func badInput() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 0, height: 40))
        label.text = "Hello"
        _ = Self.render(UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))   // nil text
        label.draw(label.bounds)
        label.frame = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 20)
        #expect(label.frame.width == 0)
        #expect(label.sizeThatFits(CGSize(width: CGFloat.nan, height: .nan)).width > 0)
        #expect(label.textRect(forBounds: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10), limitedToNumberOfLines: 1) == .zero)
        label.text = ""
        #expect(label.intrinsicContentSize == .zero)
        label.numberOfLines = -3
        label.text = "a b"
        #expect(label.sizeThatFits(.zero).height > 0)
        // 10⁶ characters: one truncated line, laid out and drawn (no time limit asserted: timed
        // assertions fail on a loaded machine).
        let huge = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        huge.text = String(repeating: "lorem ipsum ", count: 83_334)
        let image = Self.render(huge)
        #expect(T.ink(image) != nil)
        #expect(huge.intrinsicContentSize.width > 1e6)
    }
}
