// SeedDrawings: the Core Graphics drawings of seed article 000 (the "Flo" push button and arc
// counter view, shared/seeds/000_f4860d7c209d5835.txt), redrawn with CGContext in a UIKit-flipped
// context, for `kinema draw` and the regression images of KinemaDemosTests. Demo content, not
// Core Graphics API: it draws through the public CGContext calls plus `CGContext.makeFlipped`.
// Audited against: the seed article's Swift samples (PushButton, plus path, CounterView) and
// UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:) ("clockwise" on screen, in UIKit's
// default coordinate system). Status: the article's three drawings and the minus variant.
//
// The article draws with UIBezierPath inside UIView.draw(_:). Each step maps onto the context UIKit
// would hand to draw(_:) (origin top-left, y down, points × scale):
//   • UIBezierPath(ovalIn:) + fill()            → addEllipse(in:) + fillPath()
//   • move/addLine, lineWidth, stroke()         → setLineWidth, move(to:), addLine(to:), strokePath()
//   • UIBezierPath(arcCenter:…, clockwise: c)   → addArc(center:…, clockwise: !c): UIKit's flag means
//     clockwise on screen (increasing angle in y-down space); Core Graphics' means decreasing angle
//     in user space, which in this flipped space looks counterclockwise. So the counter's arc from
//     3π/4 to π/4 with UIKit clockwise true runs through the top and leaves its gap at the bottom.
//   • addArc(withCenter:…, clockwise: c), close() → addArc(center:…, clockwise: !c), closePath()
// Sizes the article leaves to Interface Builder are the tutorial's: the button 100 × 100 points,
// the counter 230 × 230. Colours as the article sets them (UIColor.green, .white, .blue, .orange).
// The article's isAddButton branch adds the plus's vertical stroke (its snippet shows the
// horizontal one; the vertical one mirrors it through the centre).

import Foundation
import Kinema

package enum SeedDrawings {
    /// One drawing: its name for `kinema draw`, its size in points, and the drawing code, which
    /// receives a flipped context whose user space is the view's bounds.
    package struct Drawing: Sendable {
        package let name: String
        package let summary: String
        package let size: CGSize
        package let draw: @Sendable (CGContext) -> Void
    }

    package static let all: [Drawing] = [
        Drawing(name: "button-oval", summary: "PushButton's first draw(_:): a green oval filling the bounds",
                size: CGSize(width: 100, height: 100), draw: drawOval),
        Drawing(name: "push-button", summary: "PushButton with isAddButton = true: green circle, white plus (3 pt lines, 0.5 pt shift)",
                size: CGSize(width: 100, height: 100), draw: { drawPushButton($0, isAddButton: true) }),
        Drawing(name: "push-button-minus", summary: "PushButton with isAddButton = false: green circle, white minus",
                size: CGSize(width: 100, height: 100), draw: { drawPushButton($0, isAddButton: false) }),
        Drawing(name: "counter-view", summary: "CounterView: orange 76 pt arc with its gap at the bottom, blue outline of 5 of 8 glasses",
                size: CGSize(width: 230, height: 230), draw: { drawCounterView($0, counter: 5) }),
    ]

    /// The drawing named `name` rendered at `scale` pixels a point, or nil for an unknown name.
    package static func render(_ name: String, scale: CGFloat) -> CGImage? {
        guard let drawing = all.first(where: { $0.name == name }),
              let context = CGContext.makeFlipped(width: drawing.size.width, height: drawing.size.height, scale: scale)
        else { return nil }
        drawing.draw(context)
        return context.makeImage()
    }

    static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let orange = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)

    static func drawOval(_ context: CGContext) {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        context.addEllipse(in: bounds)        // UIBezierPath(ovalIn: rect)
        context.setFillColor(green)           // UIColor.green.setFill()
        context.fillPath()                    // path.fill()
    }

    static func drawPushButton(_ context: CGContext, isAddButton: Bool) {
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let plusLineWidth: CGFloat = 3, plusButtonScale: CGFloat = 0.6, halfPointShift: CGFloat = 0.5
        let halfWidth = bounds.width / 2, halfHeight = bounds.height / 2
        context.addEllipse(in: bounds)
        context.setFillColor(green)
        context.fillPath()

        let plusWidth = min(bounds.width, bounds.height) * plusButtonScale
        let halfPlusWidth = plusWidth / 2
        context.setLineWidth(plusLineWidth)
        context.move(to: CGPoint(x: halfWidth - halfPlusWidth + halfPointShift, y: halfHeight + halfPointShift))
        context.addLine(to: CGPoint(x: halfWidth + halfPlusWidth + halfPointShift, y: halfHeight + halfPointShift))
        if isAddButton {
            context.move(to: CGPoint(x: halfWidth + halfPointShift, y: halfHeight - halfPlusWidth + halfPointShift))
            context.addLine(to: CGPoint(x: halfWidth + halfPointShift, y: halfHeight + halfPlusWidth + halfPointShift))
        }
        context.setStrokeColor(white)
        context.strokePath()
    }

    static func drawCounterView(_ context: CGContext, counter: Int) {
        let bounds = CGRect(x: 0, y: 0, width: 230, height: 230)
        let numberOfGlasses = 8
        let lineWidth: CGFloat = 5, arcWidth: CGFloat = 76
        let halfOfLineWidth = lineWidth / 2
        // 1 … 5: the counter arc.
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        let radius = max(bounds.width, bounds.height)
        let startAngle: CGFloat = 3 * .pi / 4
        let endAngle: CGFloat = .pi / 4
        context.addArc(center: center, radius: radius / 2 - arcWidth / 2, startAngle: startAngle, endAngle: endAngle,
                       clockwise: !true)     // UIBezierPath(arcCenter:…, clockwise: true)
        context.setLineWidth(arcWidth)
        context.setStrokeColor(orange)
        context.strokePath()

        // The outline of the glasses drunk so far.
        let angleDifference = 2 * .pi - startAngle + endAngle
        let arcLengthPerGlass = angleDifference / CGFloat(numberOfGlasses)
        let outlineEndAngle = arcLengthPerGlass * CGFloat(counter) + startAngle
        context.addArc(center: center, radius: bounds.width / 2 - halfOfLineWidth, startAngle: startAngle,
                       endAngle: outlineEndAngle, clockwise: !true)
        context.addArc(center: center, radius: bounds.width / 2 - arcWidth + halfOfLineWidth, startAngle: outlineEndAngle,
                       endAngle: startAngle, clockwise: !false)
        context.closePath()
        context.setStrokeColor(blue)
        context.setLineWidth(lineWidth)
        context.strokePath()
    }
}
