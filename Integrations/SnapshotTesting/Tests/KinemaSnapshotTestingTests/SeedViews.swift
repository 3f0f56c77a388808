// SeedViews: seed 000's PushButton and CounterView for the snapshot tests — a copy of
// Sources/KinemaDemos/SeedViews.swift's classes (the article's code with the mechanical edits),
// because KinemaDemos is not a product of the main package and another package cannot import it.
//
// Audited against: seed 000 "Vẽ button đơn giản", "Định nghĩa thông số để vẽ", "Vẽ button",
//   "Custom Storyboard Properties", "Arcs with UIBezierPath" and "Outlining the Arc", as
//   KinemaDemos/SeedViews.swift follows them. Status: a copy; keep the two in step.

import Foundation
import Kinema

/// The article's round push button: a filled oval with a white plus (or minus) drawn in
/// `draw(_:)`.
final class PushButton: UIButton {

    private struct Constants {
        static let plusLineWidth: CGFloat = 3.0
        static let plusButtonScale: CGFloat = 0.6
        static let halfPointShift: CGFloat = 0.5
    }

    private var halfWidth: CGFloat {
        return bounds.width / 2
    }

    private var halfHeight: CGFloat {
        return bounds.height / 2
    }

    var fillColor: UIColor = UIColor.green
    var isAddButton: Bool = true

    override func draw(_ rect: CGRect) {
        let path = UIBezierPath(ovalIn: rect)
        fillColor.setFill()
        path.fill()

        //set up the width and height variables
        //for the horizontal stroke
        let plusWidth: CGFloat = min(bounds.width, bounds.height) * Constants.plusButtonScale
        let halfPlusWidth = plusWidth / 2
        //create the path
        let plusPath = UIBezierPath()
        //set the path's line width to the height of the stroke
        plusPath.lineWidth = Constants.plusLineWidth
        //move the initial point of the path
        //to the start of the horizontal stroke
        plusPath.move(to: CGPoint(
            x: halfWidth - halfPlusWidth + Constants.halfPointShift,
            y: halfHeight + Constants.halfPointShift))
        //add a point to the path at the end of the stroke
        plusPath.addLine(to: CGPoint(
            x: halfWidth + halfPlusWidth + Constants.halfPointShift,
            y: halfHeight + Constants.halfPointShift))
        if isAddButton {
            //move the initial point of the path
            //to the start of the vertical stroke
            plusPath.move(to: CGPoint(
                x: halfWidth + Constants.halfPointShift,
                y: halfHeight - halfPlusWidth + Constants.halfPointShift))
            //add a point to the path at the end of the stroke
            plusPath.addLine(to: CGPoint(
                x: halfWidth + Constants.halfPointShift,
                y: halfHeight + halfPlusWidth + Constants.halfPointShift))
        }
        //set the stroke color
        UIColor.white.setStroke()
        //draw the stroke
        plusPath.stroke()
    }
}

/// The article's counter: an orange arc with its gap at the bottom, and the blue outline of the
/// glasses drunk so far.
final class CounterView: UIView {
    private struct Constants {
        static let numberOfGlasses = 8
        static let lineWidth: CGFloat = 5.0
        static let arcWidth: CGFloat = 76
        static var halfOfLineWidth: CGFloat {
            return lineWidth / 2
        }
    }
    var counter: Int = 5
    var outlineColor: UIColor = UIColor.blue
    var counterColor: UIColor = UIColor.orange
    override func draw(_ rect: CGRect) {
        // 1
        let center = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        // 2
        let radius: CGFloat = max(bounds.width, bounds.height)
        // 3
        let startAngle: CGFloat = 3 * .pi / 4
        let endAngle: CGFloat = .pi / 4
        // 4
        let path = UIBezierPath(arcCenter: center,
                                radius: radius/2 - Constants.arcWidth/2,
                                startAngle: startAngle,
                                endAngle: endAngle,
                                clockwise: true)
        // 5
        path.lineWidth = Constants.arcWidth
        counterColor.setStroke()
        path.stroke()

        //Draw the outline
        //1 - first calculate the difference between the two angles
        //ensuring it is positive
        let angleDifference: CGFloat = 2 * .pi - startAngle + endAngle
        //then calculate the arc for each single glass
        let arcLengthPerGlass = angleDifference / CGFloat(Constants.numberOfGlasses)
        //then multiply out by the actual glasses drunk
        let outlineEndAngle = arcLengthPerGlass * CGFloat(counter) + startAngle
        //2 - draw the outer arc
        let outlinePath = UIBezierPath(arcCenter: center,
                                       radius: bounds.width/2 - Constants.halfOfLineWidth,
                                       startAngle: startAngle,
                                       endAngle: outlineEndAngle,
                                       clockwise: true)
        //3 - draw the inner arc
        outlinePath.addArc(withCenter: center,
                          radius: bounds.width/2 - Constants.arcWidth + Constants.halfOfLineWidth,
                          startAngle: outlineEndAngle,
                          endAngle: startAngle,
                          clockwise: false)
        //4 - close the path
        outlinePath.close()
        outlineColor.setStroke()
        outlinePath.lineWidth = Constants.lineWidth
        outlinePath.stroke()
    }
}
