// UIScrollView+Types: the scroll view's nested value types — deceleration rates, indicator
// styles, content-inset adjustment behaviours.
//
// Audited against: UIScrollView.DecelerationRate docs (.normal, .fast; raw values 0.998 and 0.99
//   per millisecond, UIKIT_SEMANTICS §5.1), UIScrollView.IndicatorStyle (default, black, white;
//   raw values 0, 1, 2), UIScrollView.ContentInsetAdjustmentBehavior (automatic, scrollableAxes,
//   never, always; raw values 0–3).
// Status: complete.

import Foundation

extension UIScrollView {
    /// How fast a scroll view decelerates: the fraction of its velocity left after each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per ms: the default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per ms: stops sooner.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The indicators' colour scheme.
    public enum IndicatorStyle: Int, Sendable {
        /// Black (at 0.35 opacity in Kinema; UIKit adapts it to the content).
        case `default` = 0
        /// Black.
        case black = 1
        /// White.
        case white = 2
    }

    /// How safe-area insets are added to `contentInset` (stored: Kinema has no safe area, so the
    /// adjusted inset is the content inset whatever the behaviour).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// How safe-area insets adjust the content inset: automatically, on scrollable axes only, never, or always.
        case automatic = 0, scrollableAxes, never, always
    }
}
