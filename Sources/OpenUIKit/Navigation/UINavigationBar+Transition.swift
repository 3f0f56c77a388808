// UINavigationBar+Transition: the steps that move a navigation bar from one item stack to
// another — the internal API a navigation controller drives (inside its own animation or an
// interactive, cancellable one) and that the bar's animated push, pop and set use.
//
// Audited against: UIKIT_SEMANTICS §4.1 (push/pop timing is unconfirmed); the motion follows
//   iOS 7–14's bar, described from observation, not measured:
//   push — the old title slides left to where the back title will be and fades out; the new
//     title comes from `titleTravelFraction` (40 %) of the bar's width right of its place and
//     fades in; the old back title fades out in place; the new back title (the old title's
//     text) slides from where the old title was to its place, fading in; the chevron stays when
//     both stacks have one, else fades in or out; bar button items cross-fade in place.
//   pop — the reverse: the old title slides right by 40 % of the width and fades out; the back
//     title slides to where the new title will be and fades out; the new title comes from the
//     back title's place; the new back title fades in; items cross-fade.
//   set — everything cross-fades in place (the chevron stays when both have one).
// Status: complete for frames and alphas (the views keep their sizes, so labels are not
//   redrawn); no title fade masks, no parallax of the background.
//
// The life of a transition:
//
//     makeTransition(to:operation:)  →  prepare()  →  animate() inside an animation  →  finish(completed:)
//                                        │             │                                │
//     model:   items = new ──────────────┘             │                                ├ true: old views removed
//     views:   new views added at their start,         └ every moving view's end        └ false: new views removed,
//              alpha 0; old views where they are         frame and alpha                  old items, frames, alphas back

import Foundation

/// The kind of change a bar transition animates.
enum NavigationBarOperation {
    case push, pop, set
}

extension UINavigationBar {
    /// Prepares the change of the bar's item stack to `items`; returns the steps.
    func makeTransition(to items: [UINavigationItem], operation: NavigationBarOperation) -> NavigationBarTransition {
        NavigationBarTransition(bar: self, items: items, operation: operation)
    }
}

/// The steps of one change of a navigation bar's items: `prepare()`, `animate()` (in an
/// animation block), `finish(completed:)`. Each step runs once; a step out of order does what
/// the missing steps would have (finish without prepare prepares first).
@MainActor
final class NavigationBarTransition {
    /// One view's start and end.
    private struct Motion {
        let view: UIView
        var startFrame: CGRect
        var startAlpha: CGFloat
        var endFrame: CGRect
        var endAlpha: CGFloat
    }

    private enum Phase { case made, prepared, finished }

    private weak var bar: UINavigationBar?
    /// The stack the transition leads to.
    let newItems: [UINavigationItem]
    /// The stack before it (known from `prepare()`).
    private(set) var oldItems: [UINavigationItem] = []
    let operation: NavigationBarOperation
    private var phase = Phase.made
    private var oldContent = NavigationBarContent()
    private var newContent = NavigationBarContent()
    private var motions: [Motion] = []
    /// The old views' frames and alphas before the transition, restored by a cancel.
    private var saved: [(view: UIView, frame: CGRect, alpha: CGFloat)] = []

    init(bar: UINavigationBar, items: [UINavigationItem], operation: NavigationBarOperation) {
        self.bar = bar
        self.newItems = items
        self.operation = operation
    }

    /// Sets the start state without animation (new title/back views added, placed where they start, alpha 0).
    func prepare() {
        guard phase == .made, let bar else { return }
        if let running = bar.activeTransition, running !== self { running.finish(completed: true) }
        phase = .prepared
        UIView.performWithoutAnimation {
            if bar.needsContentReload { bar.reloadContent() }
            bar.layOut(bar.content)
            oldItems = bar.stack
            oldContent = bar.content
            saved = Self.parts(of: oldContent).map { ($0, $0.frame, $0.alpha) }
            bar.replaceStack(newItems)
            newContent = bar.makeContent(top: newItems.last, back: newItems.count > 1 ? newItems[newItems.count - 2] : nil)
            for view in newContent.views { bar.addSubview(view) }
            bar.layOut(newContent)
            bar.content = newContent
            bar.activeTransition = self
            motions = plan(width: bar.bounds.width)
            for motion in motions {
                motion.view.frame = motion.startFrame
                motion.view.alpha = motion.startAlpha
            }
        }
    }

    /// Called INSIDE an animation block (a UIView.animate block or UIViewPropertyAnimator.addAnimations):
    /// sets the end state of every moving view (positions, alphas). Must only set animatable view
    /// properties (frame/center/alpha/transform), so the enclosing animation animates them.
    func animate() {
        if phase == .made { prepare() }
        guard phase == .prepared else { return }
        for motion in motions {
            if motion.view.frame != motion.endFrame { motion.view.frame = motion.endFrame }
            if motion.view.alpha != motion.endAlpha { motion.view.alpha = motion.endAlpha }
        }
    }

    /// Called once when the transition ends: completed == true keeps the new items (old views removed);
    /// false restores the old items exactly (new views removed), as after a cancelled interactive pop.
    func finish(completed: Bool) {
        if phase == .made { prepare() }
        guard phase == .prepared, let bar else { return }
        phase = .finished
        UIView.performWithoutAnimation {
            let kept = completed ? newContent : oldContent
            let dropped = completed ? oldContent : newContent
            let keptViews = kept.views
            for view in dropped.views where view.superview === bar && !keptViews.contains(where: { $0 === view }) {
                view.removeFromSuperview()
            }
            // A custom view shown by both (the same item's) may have moved; put it back.
            for view in keptViews where view.superview !== bar { bar.addSubview(view) }
            if completed {
                for motion in motions where keptViews.contains(where: { $0 === motion.view }) || Self.isPart(motion.view, of: kept) {
                    motion.view.frame = motion.endFrame
                    motion.view.alpha = motion.endAlpha
                }
            } else {
                for entry in saved {
                    entry.view.frame = entry.frame
                    entry.view.alpha = entry.alpha
                }
                bar.replaceStack(oldItems)
            }
            bar.content = kept
            if bar.activeTransition === self { bar.activeTransition = nil }
            if bar.needsContentReload {
                bar.reloadContent()
            } else {
                bar.layOut(kept)
            }
        }
    }

    // MARK: The plan

    /// The views of `content` that move, with the back button's chevron and title.
    private static func parts(of content: NavigationBarContent) -> [UIView] {
        var views = content.views
        if let back = content.back { views += [back.glyph, back.label].compactMap { $0 } }
        return views
    }

    private static func isPart(_ view: UIView, of content: NavigationBarContent) -> Bool {
        parts(of: content).contains { $0 === view }
    }

    /// `view`'s frame in the bar's coordinates (its superview is the bar or a back button).
    private static func barFrame(_ view: UIView, in bar: UINavigationBar) -> CGRect {
        guard let superview = view.superview, superview !== bar else { return view.frame }
        return view.frame.offsetBy(dx: superview.frame.minX, dy: superview.frame.minY)
    }

    /// `frame` moved so that its left edge is at `x` in the bar's coordinates.
    private static func moving(_ view: UIView, toBarX x: CGFloat, in bar: UINavigationBar) -> CGRect {
        let offset = view.superview === bar ? 0 : (view.superview?.frame.minX ?? 0)
        var frame = view.frame
        frame.origin.x = x - offset
        return frame
    }

    /// The start and end of every view that moves or fades.
    private func plan(width: CGFloat) -> [Motion] {
        guard let bar else { return [] }
        var motions: [Motion] = []
        func fade(_ view: UIView?, in fadeIn: Bool) {
            guard let view else { return }
            motions.append(Motion(view: view, startFrame: view.frame, startAlpha: fadeIn ? 0 : view.alpha,
                                  endFrame: view.frame, endAlpha: fadeIn ? 1 : 0))
        }
        func move(_ view: UIView?, from start: CGRect?, to end: CGRect?, in fadeIn: Bool) {
            guard let view else { return }
            motions.append(Motion(view: view, startFrame: start ?? view.frame, startAlpha: fadeIn ? 0 : view.alpha,
                                  endFrame: end ?? view.frame, endAlpha: fadeIn ? 1 : 0))
        }
        let old = oldContent, new = newContent
        let travel = width * NavigationBarMetrics.titleTravelFraction
        // Back titles that show text (a chevron-only back button has a hidden, empty label).
        let oldBackLabel = old.back?.label.flatMap { $0.isHidden ? nil : $0 }
        let newBackLabel = new.back?.label.flatMap { $0.isHidden ? nil : $0 }

        switch operation {
        case .push:
            // New title: from 40 % of the width right of its place.
            move(new.title, from: new.title?.frame.offsetBy(dx: travel, dy: 0), to: nil, in: true)
            // Old title: to where the new back title is (or would be).
            let backX = newBackLabel.map { Self.barFrame($0, in: bar).minX } ?? NavigationBarMetrics.backTitleX
            move(old.title, from: nil, to: old.title.map { Self.moving($0, toBarX: backX, in: bar) }, in: false)
            // New back title: from where the old title was.
            let oldTitleX = old.title.map { Self.barFrame($0, in: bar).minX }
            move(newBackLabel, from: oldTitleX.flatMap { x in newBackLabel.map { Self.moving($0, toBarX: x, in: bar) } },
                 to: nil, in: true)
            fade(oldBackLabel, in: false)
        case .pop:
            // Old title: to 40 % of the width right of its place.
            move(old.title, from: nil, to: old.title?.frame.offsetBy(dx: travel, dy: 0), in: false)
            // New title: from where the old back title is (or would be).
            let backX = oldBackLabel.map { Self.barFrame($0, in: bar).minX } ?? NavigationBarMetrics.backTitleX
            move(new.title, from: new.title.map { Self.moving($0, toBarX: backX, in: bar) }, to: nil, in: true)
            // Old back title: to where the new title is.
            let newTitleX = new.title.map { Self.barFrame($0, in: bar).minX }
            move(oldBackLabel, from: nil, to: newTitleX.flatMap { x in oldBackLabel.map { Self.moving($0, toBarX: x, in: bar) } },
                 in: false)
            fade(newBackLabel, in: true)
        case .set:
            fade(old.title, in: false)
            fade(new.title, in: true)
            fade(oldBackLabel, in: false)
            fade(newBackLabel, in: true)
        }
        // The chevron stays put when both have one (the old one is hidden under the new one at
        // once), else fades in or out.
        if let oldGlyph = old.back?.glyph, new.back != nil {
            motions.append(Motion(view: oldGlyph, startFrame: oldGlyph.frame, startAlpha: 0, endFrame: oldGlyph.frame, endAlpha: 0))
        } else {
            fade(old.back?.glyph, in: false)
            fade(new.back?.glyph, in: true)
        }
        for view in old.left + old.right { fade(view, in: false) }
        for view in new.left + new.right { fade(view, in: true) }
        return motions
    }
}
