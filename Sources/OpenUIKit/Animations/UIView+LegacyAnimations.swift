// UIView+LegacyAnimations: the begin/commit animation API of iOS 2–3, still in UIKit.
//
// Audited against: UIView docs and UIView.h comments — beginAnimations(_:context:),
//   commitAnimations(), setAnimationDuration(_:) (default 0.2 s), setAnimationDelay(_:) (0),
//   setAnimationCurve(_:) (easeInOut), setAnimationRepeatCount(_:) (0; may be fractional),
//   setAnimationRepeatAutoreverses(_:) (false), setAnimationBeginsFromCurrentState(_:) (false),
//   setAnimationDelegate(_:), setAnimationWillStart(_:)/setAnimationDidStop(_:) (selectors),
//   setAnimationsEnabled(_:) (UIView+Animation.swift); UIKIT_SEMANTICS §1.2.
// Status: complete, with one mechanical difference: there are no selectors, so the will-start and
//   did-stop messages are closures — `UIView.setAnimationDidStop { id, finished, context in … }`
//   (`#selector(x)` → a closure calling `x`). The setters apply to changes made after them, up to
//   the commit (changes already made keep the timing they were made with).

import Foundation
import KinemaSupport
import OpenQuartzCore

extension UIView {
    /// Opens an animation block: the view changes until `commitAnimations()` animate with the
    /// settings given by the `setAnimation…` calls in between (0.2 s, ease in-out by default).
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let block = ViewAnimationBlock(duration: 0.2, delay: 0, options: [], timing: .curve(AnimationCurve.easeInOut.timingFunction),
                                       completion: nil)
        let legacy = LegacyAnimation(id: animationID, context: context, block: block)
        legacyStack.append(legacy)
        ViewAnimationBlock.stack.append(block)
        block.legacyDidStop = { [legacy] finished in
            legacy.didStop?(legacy.id, finished, legacy.context)
        }
    }

    /// Closes the innermost `beginAnimations` block; its animations start.
    public class func commitAnimations() {
        guard let legacy = legacyStack.popLast() else {
            KinemaDiagnostics.emit("UIView.commitAnimations", "no beginAnimations(_:context:) is open; nothing to commit")
            return
        }
        if let index = ViewAnimationBlock.stack.lastIndex(where: { $0 === legacy.block }) {
            ViewAnimationBlock.stack.remove(at: index)
        }
        legacy.willStart?(legacy.id, legacy.context)
        legacy.block.close()
    }

    /// The duration of the open block's animations (seconds; default 0.2).
    public class func setAnimationDuration(_ duration: TimeInterval) {
        guard let legacy = openLegacy("setAnimationDuration") else { return }
        let (checked, _) = checkedTiming(duration, 0, api: "UIView.setAnimationDuration")
        legacy.block.duration = checked
    }

    /// The delay before the open block's animations start (seconds; default 0).
    public class func setAnimationDelay(_ delay: TimeInterval) {
        guard let legacy = openLegacy("setAnimationDelay") else { return }
        legacy.block.delay = checkedTiming(1, delay, api: "UIView.setAnimationDelay").1
    }

    /// The curve of the open block's animations (default easeInOut).
    public class func setAnimationCurve(_ curve: AnimationCurve) {
        openLegacy("setAnimationCurve")?.block.timing = .curve(curve.timingFunction)
    }

    /// How many times the open block's animations repeat (fractional counts allowed; default 0).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        guard let legacy = openLegacy("setAnimationRepeatCount") else { return }
        guard repeatCount.isFinite || repeatCount == .infinity, repeatCount >= 0 else {
            KinemaDiagnostics.emit("UIView.setAnimationRepeatCount", "repeat count \(repeatCount) must be ≥ 0; kept \(legacy.block.repeatCount)")
            return
        }
        legacy.block.repeatCount = repeatCount
    }

    /// Whether the open block's animations run backwards after each forward run (default false).
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        openLegacy("setAnimationRepeatAutoreverses")?.block.autoreverses = repeatAutoreverses
    }

    /// Whether the open block's animations start from the values shown (default false). Kept:
    /// view animations are additive and always continue from what is shown (UIKIT_SEMANTICS §1.2).
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        openLegacy("setAnimationBeginsFromCurrentState")?.beginsFromCurrentState = fromCurrentState
    }

    /// Called when the open block's animations start (Kinema's closure for UIKit's
    /// `setAnimationWillStart(_:)` selector): the animation ID and context.
    public class func setAnimationWillStart(_ handler: ((String?, UnsafeMutableRawPointer?) -> Void)?) {
        openLegacy("setAnimationWillStart")?.willStart = handler
    }

    /// Called when the open block's animations have stopped (Kinema's closure for UIKit's
    /// `setAnimationDidStop(_:)` selector): the animation ID, whether they all finished, and the
    /// context given to `beginAnimations`.
    public class func setAnimationDidStop(_ handler: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?) {
        openLegacy("setAnimationDidStop")?.didStop = handler
    }

    private static var legacyStack: [LegacyAnimation] = []

    private static func openLegacy(_ api: String) -> LegacyAnimation? {
        guard let legacy = legacyStack.last else {
            KinemaDiagnostics.emit("UIView.\(api)", "no beginAnimations(_:context:) is open; ignored")
            return nil
        }
        return legacy
    }
}

/// One open begin/commit block.
@MainActor
final class LegacyAnimation {
    let id: String?
    let context: UnsafeMutableRawPointer?
    let block: ViewAnimationBlock
    var beginsFromCurrentState = false
    var willStart: ((String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?

    init(id: String?, context: UnsafeMutableRawPointer?, block: ViewAnimationBlock) {
        self.id = id
        self.context = context
        self.block = block
    }
}
