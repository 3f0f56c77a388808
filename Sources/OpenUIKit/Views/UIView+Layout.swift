// UIView+Layout: layoutSubviews and the springs-and-struts autoresizing of subviews.
//
// Audited against: UIView docs — layoutSubviews() ("the default implementation uses any
//   constraints …; otherwise it does nothing"), setNeedsLayout(), layoutIfNeeded(),
//   sizeThatFits(_:) ("the default implementation returns the existing size of the view"),
//   sizeToFit(), intrinsicContentSize (default noIntrinsicMetric on both axes),
//   autoresizingMask ("when more than one option along an axis is set, the default behavior is
//   to distribute the size difference proportionally among the flexible portions"),
//   autoresizesSubviews.
// Status: complete without Auto Layout (no constraints).

import Foundation
import OpenQuartzCore

extension UIView {
    /// Marks the view for layout at the next layout pass (the end of the run-loop turn).
    public func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now if a layout is pending (this view or an ancestor marked).
    public func layoutIfNeeded() {
        layer.layoutIfNeeded()
    }

    /// After a change of the bounds' size: autoresizes the subviews.
    func boundsSizeDidChange(from oldSize: CGSize) {
        let newSize = bounds.size
        guard newSize != oldSize, autoresizesSubviews else { return }
        for view in subviews where !view.autoresizingMask.isEmpty {
            view.autoresize(from: oldSize, to: newSize)
        }
    }

    /// Springs and struts: the superview grew from `old` to `new`; the flexible parts of this
    /// view's margins and size share the difference in proportion to their current lengths
    /// (equally when they are all zero).
    private func autoresize(from old: CGSize, to new: CGSize) {
        let mask = autoresizingMask
        var frame = self.frame
        func distribute(_ delta: CGFloat, _ parts: [(flexible: Bool, length: CGFloat)]) -> [CGFloat] {
            let flexible = parts.filter(\.flexible)
            guard !flexible.isEmpty, delta != 0 else { return parts.map { _ in 0 } }
            let total = flexible.reduce(0) { $0 + max($1.length, 0) }
            return parts.map { part in
                guard part.flexible else { return 0 }
                return total > 0 ? delta * max(part.length, 0) / total : delta / CGFloat(flexible.count)
            }
        }
        let dx = distribute(new.width - old.width, [
            (mask.contains(.flexibleLeftMargin), frame.minX),
            (mask.contains(.flexibleWidth), frame.width),
            (mask.contains(.flexibleRightMargin), old.width - frame.maxX),
        ])
        let dy = distribute(new.height - old.height, [
            (mask.contains(.flexibleTopMargin), frame.minY),
            (mask.contains(.flexibleHeight), frame.height),
            (mask.contains(.flexibleBottomMargin), old.height - frame.maxY),
        ])
        frame.origin.x += dx[0]
        frame.size.width = max(frame.size.width + dx[1], 0)
        frame.origin.y += dy[0]
        frame.size.height = max(frame.size.height + dy[1], 0)
        if transform.isIdentity {
            self.frame = frame
        } else {
            center = CGPoint(x: center.x + dx[0] + dx[1] / 2, y: center.y + dy[0] + dy[1] / 2)
            bounds.size = CGSize(width: max(bounds.width + dx[1], 0), height: max(bounds.height + dy[1], 0))
        }
    }
}
