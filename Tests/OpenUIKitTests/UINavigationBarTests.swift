// UINavigationBar, UINavigationItem and UIBarButtonItem: the item stack and the delegate, the
// layout of the title, back button and items, the back title's fallbacks, the transition steps a
// navigation controller drives (prepare / animate / finish, completed or cancelled), taps on
// the back button and on items, and the bar drawn on a stage (pictures in $TMPDIR/kinema-tests/OpenUIKitNavigation).
import Foundation
import KinemaStage
import KinemaSupport
import KinemaTestSupport
@testable import OpenUIKit
import Testing

/// A delegate that logs and may refuse pops.
@MainActor
private final class BarDelegateLog: UINavigationBarDelegate {
    var log: [String] = []
    var allowsPop = true
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        log.append("shouldPop \(item.title ?? "")")
        return allowsPop
    }
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {
        log.append("didPop \(item.title ?? "")")
    }
}

/// A target for bar button item actions.
@MainActor
private final class ItemTarget {
    var senders: [UIBarButtonItem] = []
    var plainCalls = 0
    func tapped(_ sender: UIBarButtonItem) { senders.append(sender) }
    func tappedPlain() { plainCalls += 1 }
}

@MainActor
@Suite("UINavigationBar")
struct UINavigationBarTests {
    static let width: CGFloat = 320

    /// A 320 × 44 bar showing `titles` (bottom first).
    static func bar(_ titles: [String], width: CGFloat = width) -> UINavigationBar {
        let bar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: width, height: 44))
        bar.setItems(titles.map { UINavigationItem(title: $0) }, animated: false)
        return bar
    }

    /// A stage with `bar` at the top of its window, a turn run.
    static func stage(_ bar: UINavigationBar, height: CGFloat = 100, scale: CGFloat = 1) -> Stage {
        let stage = Stage(size: CGSize(width: bar.frame.width, height: height), scale: scale, threads: 1)
        stage.withClock {
            stage.window.addSubview(bar)
            stage.turn(to: 0)
        }
        return stage
    }

    static func titleLabel(_ bar: UINavigationBar) -> UILabel? { bar.content.title as? UILabel }
    static func backLabel(_ bar: UINavigationBar) -> UILabel? { bar.content.back?.label }

    /// Writes the stage's current frame to `$TMPDIR/kinema-tests/OpenUIKitNavigation/<name>`.
    static func keep(_ stage: Stage, _ name: String) {
        let frame = stage.withClock { stage.renderFrame() }
        TestEnvironment.keep(try? frame.pngData(), as: name, in: "OpenUIKitNavigation")
    }

    // MARK: The stack

    @Test("push, pop and set change items, topItem and backItem at once; duplicates and empty pops are reported")
    func stack() {
        let bar = Self.bar(["A"])
        let a = bar.topItem
        #expect(bar.items?.count == 1 && a?.title == "A" && bar.backItem == nil)
        let b = UINavigationItem(title: "B")
        bar.pushItem(b, animated: false)
        #expect(bar.topItem === b && bar.backItem === a)
        let (_, pushReports) = KinemaDiagnostics.collecting { bar.pushItem(b, animated: false) }
        #expect(bar.items?.count == 2 && pushReports.count == 1)
        #expect(bar.popItem(animated: false) === b)
        #expect(bar.topItem === a && bar.backItem == nil && b.navigationBar == nil)
        #expect(bar.popItem(animated: false) === a && bar.items?.isEmpty == true && bar.topItem == nil)
        let (popped, popReports) = KinemaDiagnostics.collecting { bar.popItem(animated: false) }
        #expect(popped == nil && popReports.count == 1)
        let c = UINavigationItem(title: "C")
        let (_, setReports) = KinemaDiagnostics.collecting { bar.setItems([b, c, b], animated: false) }
        #expect(bar.items?.map(\.title) == ["B", "C"] && setReports.count == 1)
        bar.items = nil
        #expect(bar.items?.isEmpty == true && Self.titleLabel(bar) == nil && bar.content.back == nil)
    }

    @Test("the delegate is asked before a pop and told after it; refusing keeps the item")
    func delegate() {
        let bar = Self.bar(["A", "B"])
        let log = BarDelegateLog()
        bar.delegate = log
        log.allowsPop = false
        #expect(bar.popItem(animated: false) == nil && bar.topItem?.title == "B")
        log.allowsPop = true
        #expect(bar.popItem(animated: false)?.title == "B" && bar.topItem?.title == "A")
        #expect(log.log == ["shouldPop B", "shouldPop B", "didPop B"])
    }

    // MARK: Layout

    @Test("layout: title centred in semibold 17 pt black, chevron at 8 pt, back title 6 pt after it, right item at 16 pt")
    func layout() throws {
        let bar = Self.bar(["Settings", "General"])
        let target = ItemTarget()
        bar.topItem?.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: target, action: ItemTarget.tapped)
        let title = try #require(Self.titleLabel(bar))
        #expect(title.text == "General")
        #expect(abs(title.frame.midX - 160) <= 0.5)
        #expect(abs(title.frame.midY - 22) <= 0.5)
        let font = try #require(title.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont)
        #expect(font.pointSize == 17 && font == UIFont.systemFont(ofSize: 17, weight: .semibold))
        #expect(title.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .black)
        let back = try #require(bar.content.back)
        let chevron = try #require(back.glyph)
        // (44 − 21) / 2 = 11.5, on the pixel grid of a bar outside a window (scale 1): 12.
        #expect(chevron.frame == CGRect(x: 8, y: 12, width: 12, height: 21))
        let backLabel = try #require(Self.backLabel(bar))
        #expect(backLabel.text == "Settings" && backLabel.frame.minX == 26 && backLabel.textColor == .systemBlue)
        #expect(back.frame.minX == 0 && back.frame.maxX == backLabel.frame.maxX)
        let edit = try #require(bar.content.right.first as? NavigationBarButton)
        #expect(edit.frame.maxX == 304 && edit.frame.height == 44 && edit.frame.minY == 0)
        #expect(edit.label?.text == "Edit" && edit.label?.textColor == .systemBlue)
        #expect(edit.frame.width == edit.label?.sizeThatFits(.zero).width)
        // titleTextAttributes replace the defaults; tintColor recolours the buttons.
        bar.titleTextAttributes = [.foregroundColor: UIColor.red]
        bar.tintColor = .orange
        let recoloured = try #require(Self.titleLabel(bar))
        #expect(recoloured.attributedText?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor == .red)
        #expect(Self.backLabel(bar)?.textColor == .orange)
        #expect((bar.content.right.first as? NavigationBarButton)?.label?.textColor == .orange)
    }

    @Test("left and right items: several on each side, done style, widths, images, the add plus, a custom view")
    func items() throws {
        let bar = Self.bar(["Root"])
        let item = try #require(bar.topItem)
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        let done = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        let fixed = UIBarButtonItem(title: "Wide", style: .plain, target: nil, action: nil)
        fixed.width = 80
        item.rightBarButtonItems = [done, UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)]
        item.leftBarButtonItems = [UIBarButtonItem(customView: custom), fixed]
        #expect(done.style == .done && done.title == nil)
        let right = bar.content.right.compactMap { $0 as? NavigationBarButton }
        #expect(right.count == 2)
        #expect(right[0].label?.text == "Done" && right[0].label?.font == UIFont.systemFont(ofSize: 17, weight: .semibold))
        #expect(right[0].frame.maxX == 304)
        #expect(right[1].glyph?.shape == .plus && right[1].frame.width == 17 && right[1].frame.maxX == right[0].frame.minX - 8)
        #expect(custom.superview === bar && custom.frame == CGRect(x: 16, y: 7, width: 30, height: 30))
        let wide = try #require(bar.content.left.last as? NavigationBarButton)
        #expect(wide.frame.minX == 16 + 30 + 8 && wide.frame.width == 80)
        // An image item: drawn in the tint colour unless it is `.alwaysOriginal`.
        let square = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: UIKitTestSupport.format()).image { context in
            UIColor.black.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        item.rightBarButtonItems = [UIBarButtonItem(image: square, style: .plain, target: nil, action: nil),
                                    UIBarButtonItem(image: square.withRenderingMode(.alwaysOriginal), style: .plain, target: nil, action: nil)]
        let images = bar.content.right.compactMap { ($0 as? NavigationBarButton)?.imageView?.image }
        #expect(images.count == 2 && bar.content.right[0].frame.width == 20)
        #expect(UIKitTestSupport.pixel(images[0], 10, 10) == [0, 122, 255, 255])
        #expect(UIKitTestSupport.pixel(images[1], 10, 10) == [0, 0, 0, 255])
        // Left items replace the back button unless they supplement it.
        bar.pushItem(item.copyForTest(), animated: false)
        #expect(bar.content.back != nil)
        let top = try #require(bar.topItem)
        top.leftBarButtonItem = UIBarButtonItem(title: "Close", style: .plain, target: nil, action: nil)
        #expect(bar.content.back == nil)
        top.leftItemsSupplementBackButton = true
        let back = try #require(bar.content.back)
        let close = try #require(bar.content.left.first)
        #expect(close.frame.minX == back.frame.maxX + 8)
        top.hidesBackButton = true
        #expect(bar.content.back == nil && bar.content.left.first?.frame.minX == 16)
    }

    @Test("a title view is centred at its size; right items push a long title left and truncate it")
    func titleViewAndCrowding() throws {
        let bar = Self.bar(["Root", "Detail"])
        let top = try #require(bar.topItem)
        let segmented = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        top.titleView = segmented
        #expect(segmented.superview === bar && segmented.frame == CGRect(x: 110, y: 7, width: 100, height: 30))
        top.titleView = nil
        #expect(segmented.superview == nil && Self.titleLabel(bar)?.text == "Detail")
        // A long title beside a wide right item: it ends 8 pt before the item, and starts 8 pt
        // after the back button (chevron only: nothing else fits).
        top.rightBarButtonItem = UIBarButtonItem(title: "Select All", style: .plain, target: nil, action: nil)
        top.title = "A remarkably long title for this bar"
        let title = try #require(Self.titleLabel(bar))
        let right = try #require(bar.content.right.first)
        let back = try #require(bar.content.back)
        #expect(title.frame.maxX == right.frame.minX - 8)
        #expect(title.frame.minX == back.frame.maxX + 8 && back.frame.width == 20)
        #expect(title.frame.width < title.sizeThatFits(.zero).width)
    }

    @Test("animated item changes cross-fade the bar; bad input is reported and made safe")
    func animatedChangesAndBadInput() throws {
        let bar = Self.bar(["Root", "Detail"])
        let stage = Self.stage(bar)
        let top = try #require(bar.topItem)
        stage.withClock {
            top.setHidesBackButton(true, animated: true)
            stage.turn(to: 0.016)
        }
        #expect(bar.content.back == nil && bar.layer.animation(forKey: kCATransition) != nil)
        stage.withClock { stage.run(until: 0.5) }
        stage.withClock { top.setRightBarButton(UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil), animated: true) }
        #expect(bar.content.right.count == 1)
        // Widths that are not finite or negative become 0 (fit the content).
        for bad in [CGFloat.nan, -4, .infinity] {
            let item = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
            let (_, reports) = KinemaDiagnostics.collecting { item.width = bad }
            #expect(item.width == 0 && reports.count == 1)
        }
        // A bar of zero size lays out without trouble: every frame finite.
        let empty = UINavigationBar(frame: .zero)
        empty.setItems([UINavigationItem(title: "A"), UINavigationItem(title: "B with a long title")], animated: true)
        empty.topItem?.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        empty.layoutIfNeeded()
        #expect(empty.subviews.allSatisfy { UIView.isFinite($0.frame) })
        #expect(Self.titleLabel(empty)?.frame.width == 0 && empty.content.back?.label?.isHidden == true)
        #expect(empty.sizeThatFits(CGSize(width: 200, height: 0)) == CGSize(width: 200, height: 44))
    }

    @Test("back title: backBarButtonItem, else backButtonTitle, else title; \"Back\" when it does not fit; then only the chevron")
    func backTitleRules() throws {
        let bar = Self.bar(["Inbox", "Message"])
        let below = try #require(bar.items?.first)
        #expect(Self.backLabel(bar)?.text == "Inbox")
        below.backButtonTitle = "Mail"
        #expect(Self.backLabel(bar)?.text == "Mail")
        below.backBarButtonItem = UIBarButtonItem(title: "Up", style: .plain, target: nil, action: nil)
        #expect(Self.backLabel(bar)?.text == "Up")
        below.backBarButtonItem = nil
        below.backButtonTitle = nil
        // Too long to fit beside the centred title: "Back".
        below.title = "A very long title for the inbox"
        #expect(Self.backLabel(bar)?.text == "Back")
        let label = try #require(Self.backLabel(bar))
        let title = try #require(Self.titleLabel(bar))
        #expect(label.frame.maxX + 8 <= title.frame.minX)
        // A title so wide that even "Back" does not fit: only the chevron.
        bar.topItem?.title = "A title that takes the whole bar"
        let back = try #require(bar.content.back)
        #expect(back.label?.isHidden == true && back.frame.width == 20)
        #expect(try #require(Self.titleLabel(bar)).frame.minX >= back.frame.maxX + 8)
        // Display modes and the empty back title.
        bar.topItem?.title = "Message"
        below.backButtonDisplayMode = .generic
        #expect(Self.backLabel(bar)?.text == "Back")
        below.backButtonDisplayMode = .minimal
        #expect(bar.content.back?.label?.isHidden == true)
        below.backButtonDisplayMode = .default
        below.backButtonTitle = ""
        #expect(bar.content.back?.label?.isHidden == true && bar.content.back?.glyph != nil)
        // No title at all: "Back".
        below.backButtonTitle = nil
        below.title = nil
        #expect(Self.backLabel(bar)?.text == "Back")
    }

    // MARK: Transitions

    @Test("push transition: prepare places the new title 40 % right at alpha 0; animate sets the end; finish(false) restores")
    func pushTransitionSteps() throws {
        let bar = Self.bar(["Root"])
        let root = try #require(bar.topItem)
        let oldTitle = try #require(Self.titleLabel(bar))
        let oldFrame = oldTitle.frame
        let next = UINavigationItem(title: "Detail")
        next.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        let transition = bar.makeTransition(to: [root, next], operation: .push)
        transition.prepare()
        #expect(bar.topItem === next && bar.backItem === root)
        let newTitle = try #require(Self.titleLabel(bar))
        let back = try #require(bar.content.back)
        let backLabel = try #require(back.label)
        let edit = try #require(bar.content.right.first)
        #expect(newTitle !== oldTitle && newTitle.superview === bar && oldTitle.superview === bar)
        #expect(newTitle.alpha == 0 && backLabel.alpha == 0 && back.glyph?.alpha == 0 && edit.alpha == 0)
        let centred = (320 - newTitle.frame.width) / 2
        #expect(abs(newTitle.frame.minX - (centred + 128)) <= 0.5)
        #expect(backLabel.frame.minX == oldFrame.minX)   // the back title starts where the old title is
        #expect(oldTitle.frame == oldFrame && oldTitle.alpha == 1)
        UIView.performWithoutAnimation { transition.animate() }
        #expect(abs(newTitle.frame.minX - centred) <= 0.5 && newTitle.alpha == 1)
        #expect(backLabel.frame.minX == 26 && backLabel.alpha == 1 && back.glyph?.alpha == 1 && edit.alpha == 1)
        #expect(oldTitle.frame.minX == 26 && oldTitle.alpha == 0)
        transition.finish(completed: false)
        #expect(bar.items?.count == 1 && bar.topItem === root && bar.backItem == nil)
        #expect(oldTitle.frame == oldFrame && oldTitle.alpha == 1 && Self.titleLabel(bar) === oldTitle)
        #expect(newTitle.superview == nil && back.superview == nil && edit.superview == nil)
        #expect(bar.subviews.count == 3)   // background, hairline, the old title
        #expect(bar.activeTransition == nil)
        // Finishing twice does nothing more.
        transition.finish(completed: true)
        #expect(bar.topItem === root)
    }

    @Test("pop transition completed: the back title goes to the title's place, the old title 40 % right; old views removed")
    func popTransitionSteps() throws {
        let bar = Self.bar(["Root", "Middle", "Top"])
        let items = try #require(bar.items)
        let oldTitle = try #require(Self.titleLabel(bar))
        let oldBack = try #require(bar.content.back)
        let oldBackLabel = try #require(oldBack.label)
        #expect(oldBackLabel.text == "Middle")
        let transition = bar.makeTransition(to: Array(items.prefix(2)), operation: .pop)
        transition.prepare()
        let newTitle = try #require(Self.titleLabel(bar))
        let newBack = try #require(bar.content.back)
        #expect(newTitle.text == "Middle" && newBack.label?.text == "Root")
        #expect(newTitle.frame.minX == 26 && newTitle.alpha == 0)   // from the back title's place
        #expect(oldBack.glyph?.alpha == 0 && newBack.glyph?.alpha == 1)   // the chevron stays
        let oldFrame = oldTitle.frame
        UIView.performWithoutAnimation { transition.animate() }
        #expect(abs(oldTitle.frame.minX - (oldFrame.minX + 128)) <= 1e-9 && oldTitle.alpha == 0)
        #expect(oldBackLabel.frame.minX == newTitle.frame.minX && oldBackLabel.alpha == 0)
        #expect(abs(newTitle.frame.midX - 160) <= 0.5 && newTitle.alpha == 1)
        transition.finish(completed: true)
        #expect(bar.topItem?.title == "Middle" && oldTitle.superview == nil && oldBack.superview == nil)
        #expect(bar.subviews.count == 4)   // background, hairline, title, back button
    }

    @Test("an animated pop in a window: the title moves during 0.35 s, the delegate is told at the end")
    func animatedPopOnStage() throws {
        let bar = Self.bar(["Root", "Detail"])
        let log = BarDelegateLog()
        bar.delegate = log
        let stage = Self.stage(bar)
        let oldTitle = try #require(Self.titleLabel(bar))
        let start = oldTitle.frame.midX
        stage.withClock {
            bar.popItem(animated: true)
            stage.turn(to: 0.016)
        }
        #expect(bar.topItem?.title == "Root" && log.log == ["shouldPop Detail"])
        stage.withClock { stage.run(until: 0.175) }
        let middle = oldTitle.layer.presentation()?.position.x ?? 0
        #expect(middle > start + 20 && middle < start + 120)
        Self.keep(stage, "navbar-pop-middle.png")
        stage.withClock { stage.run(until: 0.5) }
        #expect(log.log == ["shouldPop Detail", "didPop Detail"])
        #expect(oldTitle.superview == nil && bar.activeTransition == nil)
        #expect(abs((Self.titleLabel(bar)?.frame.midX ?? 0) - 160) <= 0.5)
    }

    @Test("setItems animated: a new top that was below is a pop, an old top kept below is a push, else a cross-fade")
    func setItemsOperations() throws {
        let bar = Self.bar(["A", "B"])
        let stage = Self.stage(bar)
        let items = try #require(bar.items)
        let c = UINavigationItem(title: "C")
        stage.withClock {
            bar.setItems(items + [c], animated: true)
            stage.turn(to: 0.016)
        }
        // A push: the new title comes from the right.
        let pushed = try #require(Self.titleLabel(bar))
        #expect(bar.activeTransition?.operation == .push)
        #expect((pushed.layer.presentation()?.position.x ?? 0) > pushed.center.x + 60)
        stage.withClock { stage.run(until: 0.5) }
        stage.withClock { bar.setItems([items[0]], animated: true) }
        #expect(bar.activeTransition?.operation == .pop)
        stage.withClock { stage.run(until: 1.0) }
        stage.withClock { bar.setItems([UINavigationItem(title: "X")], animated: true) }
        #expect(bar.activeTransition?.operation == .set)
        // A change while another runs finishes the first at once.
        stage.withClock { bar.pushItem(UINavigationItem(title: "Y"), animated: true) }
        #expect(bar.items?.map(\.title) == ["X", "Y"] && bar.subviews.filter { $0 is UILabel }.count == 2)
        stage.withClock { stage.run(until: 1.5) }
        #expect(bar.activeTransition == nil && Self.titleLabel(bar)?.text == "Y")
        #expect(bar.subviews.count == 4)
    }

    @Test("an interactive pop in a paused animator: scrubbed halfway the title is between its ends; reversed, finish(false) restores")
    func interactivePopCancelled() throws {
        let bar = Self.bar(["Root", "Detail"])
        let stage = Self.stage(bar)
        let items = try #require(bar.items)
        let oldTitle = try #require(Self.titleLabel(bar))
        let oldFrame = oldTitle.frame
        let oldChevron = try #require(bar.content.back?.glyph)
        let transition = bar.makeTransition(to: [items[0]], operation: .pop)
        var position: UIViewAnimatingPosition?
        let animator = UIViewPropertyAnimator(duration: 0.35, curve: .linear)
        stage.withClock {
            transition.prepare()
            animator.addAnimations { transition.animate() }
            animator.addCompletion { end in
                position = end
                transition.finish(completed: end == .end)
            }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            stage.turn(to: 0.1)
        }
        // Halfway: the old title 64 pt (half of 40 % of 320) right of its place, half faded.
        let shown = try #require(oldTitle.layer.presentation())
        #expect(abs(shown.position.x - (oldFrame.midX + 64)) < 0.5)
        #expect(abs(Double(shown.opacity) - 0.5) < 0.01)
        #expect(oldChevron.alpha == 0 && bar.topItem === items[0])
        stage.withClock {
            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0)
            stage.run(until: 0.6)
        }
        #expect(position == .start)
        #expect(bar.items?.count == 2 && bar.topItem === items[1] && Self.titleLabel(bar) === oldTitle)
        #expect(oldTitle.frame == oldFrame && oldTitle.alpha == 1 && oldChevron.alpha == 1)
        #expect(bar.subviews.count == 4 && bar.activeTransition == nil)
        let frame = stage.withClock { stage.step(to: 0.62) }
        // The old title's ink is back in the middle.
        var dark = 0
        for x in 140..<180 { for y in 12..<32 where (frame.pixel(x: x, y: y).map { $0.red < 100 }) == true { dark += 1 } }
        #expect(dark > 20)
    }

    // MARK: Taps

    @Test("tapping the back button pops (asking the delegate), or calls onBack when a controller set it")
    func backTap() throws {
        let bar = Self.bar(["Root", "Detail"])
        let log = BarDelegateLog()
        bar.delegate = log
        let stage = Self.stage(bar)
        stage.withClock {
            stage.tap(at: CGPoint(x: 30, y: 22))
            stage.run(until: 0.6)
        }
        #expect(bar.topItem?.title == "Root" && log.log == ["shouldPop Detail", "didPop Detail"])
        bar.pushItem(UINavigationItem(title: "Again"), animated: false)
        var backs = 0
        bar.onBack = { backs += 1 }
        stage.withClock {
            stage.tap(at: CGPoint(x: 30, y: 22))
            stage.run(until: 1.2)
        }
        #expect(backs == 1 && bar.topItem?.title == "Again")
    }

    @Test("tapping items: target-action with the item as sender, no-argument actions, UIAction; disabled items send nothing")
    func itemTaps() throws {
        let bar = Self.bar(["Root"])
        let target = ItemTarget()
        let edit = UIBarButtonItem(title: "Edit", style: .plain, target: target, action: ItemTarget.tapped)
        let add = UIBarButtonItem(barButtonSystemItem: .add, target: target, action: ItemTarget.tappedPlain)
        var actions = 0
        let share = UIBarButtonItem(title: "Share", primaryAction: UIAction { _ in actions += 1 })
        bar.topItem?.rightBarButtonItems = [edit, add]
        bar.topItem?.leftBarButtonItem = share
        let stage = Self.stage(bar)
        let views = bar.content.right + bar.content.left
        stage.withClock {
            for (index, view) in views.enumerated() {
                stage.at(Double(index) * 0.2) { stage.tap(at: CGPoint(x: view.frame.midX, y: 22)) }
            }
            stage.run(until: 0.8)
        }
        #expect(target.senders.count == 1 && target.senders.first === edit)
        #expect(target.plainCalls == 1 && actions == 1)
        edit.isEnabled = false
        let disabled = try #require(bar.content.right.first as? NavigationBarButton)
        #expect(disabled.label?.textColor == .systemGray)
        stage.withClock {
            stage.tap(at: CGPoint(x: disabled.frame.midX, y: 22))
            stage.run(until: 1.2)
        }
        #expect(target.senders.count == 1)
        // The target is held weakly.
        weak var gone: ItemTarget?
        do {
            let temporary = ItemTarget()
            gone = temporary
            _ = UIBarButtonItem(title: "X", style: .plain, target: temporary, action: ItemTarget.tapped)
        }
        #expect(gone == nil)
    }

    @Test("system items: titles, the done style, undrawn icons shown by name with a diagnostic, nil-target actions reported")
    func systemItems() {
        #expect(UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil).shownTitle == "Cancel")
        #expect(UIBarButtonItem(barButtonSystemItem: .save, target: nil, action: nil).style == .done)
        #expect(UIBarButtonItem(barButtonSystemItem: .edit, target: nil, action: nil).style == .plain)
        let (search, reports) = KinemaDiagnostics.collecting { UIBarButtonItem(systemItem: .search) }
        #expect(search.shownTitle == "Search" && reports.count == 1)
        let (_, nilTarget) = KinemaDiagnostics.collecting {
            UIBarButtonItem(title: "X", style: .plain, target: nil as ItemTarget?, action: ItemTarget.tapped)
        }
        #expect(nilTarget.count == 1)
        let item = UIBarButtonItem()
        #expect(item.title == nil && item.style == .plain && item.isEnabled && item.width == 0)
        #expect(UIBarButtonItem(title: nil, primaryAction: UIAction(title: "Go") { _ in }).title == "Go")
    }

    // MARK: Pictures

    @Test("drawn: background white at 0.94 over the window, a dark hairline row, a blue chevron, the title centred")
    func drawn() throws {
        let bar = Self.bar(["Settings", "General"])
        bar.topItem?.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        let stage = Self.stage(bar, height: 80, scale: 2)
        stage.window.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.backgroundColor = nil
        let frame = stage.withClock { stage.step(to: 0.02) }
        Self.keep(stage, "navbar.png")
        // The background: white at 0.94 over the red window.
        let background = try #require(frame.pixel(x: 300, y: 10))
        #expect(background.red == 255 && abs(Int(background.green) - 240) <= 1 && abs(Int(background.blue) - 240) <= 1)
        // The hairline: the bottom pixel row (y = 87 at scale 2) is darker than the row above.
        let line = try #require(frame.pixel(x: 300, y: 87)), above = try #require(frame.pixel(x: 300, y: 86))
        #expect(Int(line.green) < Int(above.green) - 50)
        #expect(try #require(frame.pixel(x: 300, y: 88)).green == 0)   // the red window below the bar
        // The chevron: system-blue pixels in its box (8…20 × 11.5…32.5 pt).
        var blue = 0
        for y in 23..<65 { for x in 16..<40 {
            if let p = frame.pixel(x: x, y: y), p.blue > 200, p.red < 100 { blue += 1 }
        } }
        #expect(blue > 30)
        // The title: dark ink centred on the bar's middle.
        var columns: [Int] = []
        for x in 0..<640 {
            for y in 24..<64 where (frame.pixel(x: x, y: y).map { $0.red < 80 && $0.blue < 80 }) == true {
                columns.append(x)
                break
            }
        }
        let first = try #require(columns.first), last = try #require(columns.last)
        #expect(abs(Double(first + last) / 2 - 320) < 4)
        #expect(first > 180 && last < 460)
        // Opaque when not translucent; barTintColor replaces the white.
        bar.isTranslucent = false
        let opaque = stage.withClock { stage.step(to: 0.04) }
        #expect(try #require(opaque.pixel(x: 300, y: 10)).green == 255)
        bar.barTintColor = .systemOrange
        let tinted = stage.withClock { stage.step(to: 0.06) }
        let orange = try #require(tinted.pixel(x: 300, y: 10))
        #expect(orange.red == 255 && orange.green == 149 && orange.blue == 0)
        Self.keep(stage, "navbar-orange.png")
    }

    @Test("drawn: Cancel and Done items with a crowded, truncated title; tint ink only inside the items' frames")
    func drawnItems() throws {
        let bar = Self.bar(["Compose a message with a long subject"])
        let item = try #require(bar.topItem)
        item.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
        item.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        let stage = Self.stage(bar, height: 60, scale: 2)
        let frame = stage.withClock { stage.step(to: 0.02) }
        Self.keep(stage, "navbar-items.png")
        let cancel = try #require(bar.content.left.first), done = try #require(bar.content.right.first)
        var outside = 0, inside = 0
        for y in 0..<88 { for x in 0..<640 {
            guard let p = frame.pixel(x: x, y: y), p.blue > 200, p.red < 60 else { continue }
            let point = CGPoint(x: CGFloat(x) / 2, y: CGFloat(y) / 2)
            if cancel.frame.contains(point) || done.frame.contains(point) { inside += 1 } else { outside += 1 }
        } }
        #expect(inside > 100 && outside == 0)
        let title = try #require(Self.titleLabel(bar))
        #expect(title.frame.minX == cancel.frame.maxX + 8 && title.frame.maxX == done.frame.minX - 8)
    }

    @Test("drawn mid-push: both titles visible, faded")
    func drawnMidPush() throws {
        let bar = Self.bar(["Settings"])
        let stage = Self.stage(bar, height: 60, scale: 2)
        stage.withClock {
            bar.pushItem(UINavigationItem(title: "General"), animated: true)
            stage.run(until: 0.15)
        }
        Self.keep(stage, "navbar-push-middle.png")
        // Both titles partly shown: the new one fading in, right of its place.
        let newTitle = try #require(Self.titleLabel(bar))
        let shown = try #require(newTitle.layer.presentation())
        #expect(shown.opacity > 0.1 && shown.opacity < 0.9 && shown.position.x > newTitle.center.x + 20)
        stage.withClock { stage.run(until: 0.5) }
        Self.keep(stage, "navbar-push-end.png")
        #expect(Self.backLabel(bar)?.text == "Settings" && bar.subviews.count == 4)
    }
}

extension UINavigationItem {
    /// A new item with this one's title.
    fileprivate func copyForTest() -> UINavigationItem { UINavigationItem(title: (title ?? "") + " 2") }
}
