// UIButton's titles: per-state titles and colours with UIKit's fallback to the normal state,
// attributed titles, the title label's layout, the highlighted title on a scripted touch, a
// system button's tint, the intrinsic size, and images kept working beside titles.
import Foundation
import KinemaStage
import KinemaTestSupport
@testable import OpenUIKit
import Testing

@MainActor
@Suite("UIButton titles")
struct TextButtonTitleTests {
    typealias T = TextTestSupport

    static func stage(_ button: UIButton) -> Stage {
        let stage = Stage(size: CGSize(width: 300, height: 200), scale: 1, threads: 1)
        stage.withClock {
            stage.window.addSubview(button)
            stage.turn(to: 0)
        }
        return stage
    }

    @Test("a state without its own title, attributed title or colour uses the normal state's")
    func fallbacks() {
        let button = UIButton(type: .custom)
        button.setTitle("Tap me", for: .normal)
        #expect(button.title(for: .highlighted) == "Tap me" && button.title(for: .disabled) == "Tap me")
        button.setTitle("Pressed", for: .highlighted)
        #expect(button.title(for: .highlighted) == "Pressed" && button.title(for: .selected) == "Tap me")
        #expect(button.titleColor(for: .normal) == .white)   // a custom button's default
        button.setTitleColor(.red, for: .normal)
        #expect(button.titleColor(for: .highlighted) == .red)
        button.setTitleColor(.green, for: .highlighted)
        #expect(button.titleColor(for: .highlighted) == .green && button.titleColor(for: .disabled) == .red)
        #expect(button.currentTitle == "Tap me" && button.currentTitleColor == .red)
        button.isEnabled = false
        #expect(button.currentTitle == "Tap me" && button.currentTitleColor == .red)
        #expect(button.titleLabel?.text == "Tap me" && button.titleLabel?.textColor == .red)
        // An attributed title takes precedence.
        button.isEnabled = true
        button.setAttributedTitle(NSAttributedString(string: "Styled"), for: .normal)
        #expect(button.currentTitle == "Styled" && button.titleLabel?.text == "Styled")
        #expect(button.attributedTitle(for: .highlighted)?.string == "Styled")
        button.setAttributedTitle(nil, for: .normal)
        #expect(button.titleLabel?.text == "Tap me")
    }

    @Test("a system button's title is its tint colour, dimmed while highlighted, gray when disabled")
    func systemColours() {
        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        #expect(button.currentTitleColor == .systemBlue)
        button.tintColor = .orange
        #expect(button.currentTitleColor == .orange && button.titleLabel?.textColor == .orange)
        button.isHighlighted = true
        #expect(button.currentTitleColor == UIColor.orange.withAlphaComponent(UIButton.systemHighlightAlpha))
        button.isHighlighted = false
        button.isEnabled = false
        #expect(button.currentTitleColor == .systemGray)
    }

    @Test("a scripted touch shows the highlighted title and colour while down, then the normal ones")
    func highlightOnTouch() {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 50, y: 50, width: 120, height: 44)
        button.setTitle("Tap me", for: .normal)
        button.setTitle("Pressed", for: .highlighted)
        button.setTitleColor(.black, for: .normal)
        button.setTitleColor(.red, for: .highlighted)
        let stage = Self.stage(button)
        var whileDown: (String?, UIColor?) = (nil, nil)
        stage.withClock {
            stage.tap(at: CGPoint(x: 110, y: 72))
            stage.at(0.02) { whileDown = (button.titleLabel?.text, button.titleLabel?.textColor) }
            stage.run(until: 0.3)
        }
        #expect(whileDown.0 == "Pressed" && whileDown.1 == .red)
        #expect(button.titleLabel?.text == "Tap me" && button.titleLabel?.textColor == .black)
    }

    @Test("the title label is centred in the bounds inset by contentEdgeInsets and titleEdgeInsets; intrinsicContentSize includes it")
    func layoutAndSize() throws {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.setTitle("Tap me", for: .normal)
        button.layoutIfNeeded()
        let label = try #require(button.titleLabel)
        let size = label.sizeThatFits(.zero)
        #expect(abs(size.width - T.advance("Tap me", font: .systemFont(ofSize: 15)).rounded(.up)) < 1e-9)
        #expect(label.frame.size == size)
        #expect(abs(label.frame.midX - 100) < 1e-9 && abs(label.frame.midY - 30) < 1e-9)
        #expect(button.intrinsicContentSize == size)
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 30)
        #expect(abs(label.frame.midX - 90) < 1e-9)
        #expect(button.intrinsicContentSize == CGSize(width: size.width + 40, height: size.height + 8))
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        #expect(abs(label.frame.midX - 100) < 1e-9)
        // Too narrow: the title gets the room there is (and truncates in the middle).
        button.contentEdgeInsets = .zero
        button.titleEdgeInsets = .zero
        button.frame.size.width = 30
        button.layoutIfNeeded()
        #expect(label.frame.width == 30 && label.lineBreakMode == .byTruncatingMiddle)
        button.sizeToFit()
        #expect(button.bounds.size == size)
    }

    @Test("an image and a title sit side by side, the pair centred; an image alone stays centred")
    func imageBesideTitle() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: UIKitTestSupport.format()).image { context in
            UIColor.red.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.setImage(image, for: .normal)
        let imageView = try #require(button.imageView)
        #expect(imageView.frame == CGRect(x: 90, y: 20, width: 20, height: 20))
        button.setTitle("Tap me", for: .normal)
        let label = try #require(button.titleLabel)
        let titleWidth = label.frame.width
        #expect(abs(imageView.frame.minX - (100 - (20 + titleWidth) / 2)) < 1e-9)
        #expect(abs(label.frame.minX - imageView.frame.maxX) < 1e-9)
        #expect(button.intrinsicContentSize.width == 20 + titleWidth)
    }

    @Test("the title is drawn: white text on a blue button, centred")
    func drawnTitle() throws {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 20, y: 20, width: 160, height: 50)
        button.backgroundColor = .blue
        button.setTitle("Tap me", for: .normal)
        let stage = Self.stage(button)
        let frame = stage.withClock { stage.renderFrame() }
        TestEnvironment.keep(try? frame.pngData(), as: "button-title.png", in: "OpenUIKitText")
        // White ink inside the button's middle, none near its left and right ends.
        var whiteColumns: [Int] = []
        for x in 20..<180 {
            for y in 30..<60 where (frame.pixel(x: x, y: y).map { $0.red > 200 && $0.green > 200 }) == true {
                whiteColumns.append(x)
                break
            }
        }
        let first = try #require(whiteColumns.first), last = try #require(whiteColumns.last)
        #expect(first > 60 && last < 140)
        #expect(abs(Double(first + last) / 2 - 100) < 3)
    }

    @Test("a frame animated in a block: the title jumps to its final place, unless layoutIfNeeded() runs in the block")
    func titleInAnimations() throws {
        let button = UIButton(type: .custom)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        button.setTitle("Tap me", for: .normal)
        let stage = Self.stage(button)
        let label = try #require(button.titleLabel)
        stage.withClock {
            UIView.animate(withDuration: 1) { button.frame = CGRect(x: 0, y: 0, width: 100, height: 60) }
            stage.turn(to: 0.1)
        }
        #expect(label.layer.animationKeys() == nil || label.layer.animationKeys()?.isEmpty == true)
        #expect(abs(label.frame.midX - 50) < 1e-9)
        stage.withClock {
            UIView.animate(withDuration: 1) {
                button.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
                button.layoutIfNeeded()
            }
            stage.turn(to: 0.2)
        }
        #expect(label.layer.animationKeys()?.contains("position") == true)
        #expect(abs(label.frame.midX - 100) < 1e-9)
    }

    @Test("bad input: nil titles, empty titles, a zero frame")
    func badInput() {
        let button = UIButton(type: .system)
        button.setTitle(nil, for: .normal)
        #expect(button.currentTitle == nil)
        button.setTitle("", for: .normal)
        #expect(button.titleLabel?.isHidden == true && button.intrinsicContentSize == .zero)
        button.setTitle("x", for: .normal)
        button.layoutIfNeeded()
        #expect(button.titleLabel?.frame.width == 0)
    }
}
