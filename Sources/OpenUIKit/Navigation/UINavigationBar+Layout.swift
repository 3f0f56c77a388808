// UINavigationBar+Layout: where the bar's views go — right items from the right margin inward,
// the title centred (moved aside and truncated when crowded), the back button with the longest
// back title that fits, left items after it — and the views a bar shows for one top item.
//
// Audited against: UINavigationItem docs (back title fallbacks: backBarButtonItem's title, else
//   backButtonTitle, else the back item's title; "Back" when that does not fit; only the chevron
//   when nothing fits); UIBarButtonItem docs (width); numbers in `NavigationBarMetrics`.
// Status: complete (see UINavigationBar.swift for what the bar leaves out).

import Foundation
import KinemaSupport

extension UINavigationBar {
    /// Places `content` in the bounds: right items from the right margin inward, the title
    /// centred (moved aside and truncated when the items crowd it), the back button with the
    /// longest back title that fits beside the title, left items after it.
    func layOut(_ content: NavigationBarContent) {
        let width = bounds.width
        let top = max(0, bounds.height - NavigationBarMetrics.contentHeight)
        let midY = top + NavigationBarMetrics.contentHeight / 2
        let margin = NavigationBarMetrics.sideMargin, spacing = NavigationBarMetrics.interItemSpacing
        func place(_ view: UIView, x: CGFloat, size: CGSize) {
            let frame = CGRect(x: snap(x), y: snap(midY - size.height / 2), width: size.width, height: size.height)
            if UIView.isFinite(frame), view.frame != frame { view.frame = frame }
        }

        // Right items, the first rightmost.
        var rightEdge = width - margin
        for view in content.right {
            let size = itemSize(view)
            place(view, x: rightEdge - size.width, size: size)
            rightEdge -= size.width + spacing
        }
        let titleMaxX = content.right.isEmpty ? width - margin : rightEdge + spacing - NavigationBarMetrics.titleGap

        // The title, centred unless the right items push it left.
        let titleSize = content.title.map(itemSize) ?? .zero
        var titleX = min((width - titleSize.width) / 2, titleMaxX - titleSize.width)

        // The back button: the longest candidate title that ends (with the left items after it)
        // before the title; else only the chevron.
        let leftWidth = content.left.reduce(CGFloat(0)) { $0 + itemSize($1).width + spacing }
        var leftEdge = margin
        if let back = content.back, let label = back.label {
            let chevronEnd = NavigationBarMetrics.chevronInset + NavigationBarMetrics.chevronSize.width
            var chosen = ""
            for candidate in content.backTitles {
                // Measured without setting the label's text, which would redraw it.
                let width = (candidate.size(withAttributes: [.font: label.font as Any]).width / pixel).rounded(.up) * pixel
                let end = NavigationBarMetrics.backTitleX + width
                if end + leftWidth + NavigationBarMetrics.titleGap <= titleX || content.title == nil {
                    chosen = candidate
                    break
                }
            }
            if label.text != chosen { label.text = chosen }
            let labelSize = label.sizeThatFits(.zero)
            let end = chosen.isEmpty ? chevronEnd : NavigationBarMetrics.backTitleX + labelSize.width
            back.frame = CGRect(x: 0, y: top, width: end, height: NavigationBarMetrics.contentHeight)
            if let glyph = back.glyph {
                let size = NavigationBarMetrics.chevronSize
                glyph.frame = CGRect(x: NavigationBarMetrics.chevronInset, y: snap((back.bounds.height - size.height) / 2),
                                     width: size.width, height: size.height)
            }
            label.frame = CGRect(x: NavigationBarMetrics.backTitleX, y: snap((back.bounds.height - labelSize.height) / 2),
                                 width: labelSize.width, height: labelSize.height)
            label.isHidden = chosen.isEmpty
            leftEdge = end + spacing
        }

        // Left items, left to right.
        for view in content.left {
            let size = itemSize(view)
            place(view, x: leftEdge, size: size)
            leftEdge += size.width + spacing
        }

        // The title again: after the left side, truncated to the room left.
        if let title = content.title {
            let hasLeft = content.back != nil || !content.left.isEmpty
            let titleMinX = hasLeft ? leftEdge - spacing + NavigationBarMetrics.titleGap : margin
            titleX = max(titleX, titleMinX)
            let size = CGSize(width: max(0, min(titleSize.width, titleMaxX - titleX)), height: titleSize.height)
            place(title, x: titleX, size: size)
        }
    }

    /// The size a view takes in the bar: a bar button's content (44 pt tall), a custom view's
    /// frame size (its fitting size when that is zero).
    private func itemSize(_ view: UIView) -> CGSize {
        if let button = view as? NavigationBarButton {
            return CGSize(width: button.contentSize.width, height: NavigationBarMetrics.contentHeight)
        }
        if let label = view as? NavigationBarTitleLabel { return label.sizeThatFits(.zero) }
        let size = view.bounds.size
        return size.width > 0 || size.height > 0 ? size : view.sizeThatFits(.zero)
    }

    /// `value` on the pixel grid.
    private func snap(_ value: CGFloat) -> CGFloat {
        (value / pixel).rounded() * pixel
    }
}

/// The label a bar makes for an item's title (a custom `titleView` is used as it is).
@MainActor
final class NavigationBarTitleLabel: UILabel {}

/// The views a bar shows for one top item.
@MainActor
struct NavigationBarContent {
    /// The title label or the item's title view.
    var title: UIView?
    /// The back button (chevron and back title), when shown.
    var back: NavigationBarButton?
    /// The back title candidates, longest first (empty: only the chevron).
    var backTitles: [String] = []
    /// The left items' views, left to right.
    var left: [UIView] = []
    /// The right items' views, the first rightmost.
    var right: [UIView] = []

    /// Every view the bar adds for this content.
    var views: [UIView] { [title, back].compactMap { $0 } + left + right }
}
