// PathsFuzz: one fuzz input as a CGMutablePath program — building (moves, lines, curves, arcs,
// tangent arcs, rectangles, rounded rectangles, ellipses, closes, transforms, extreme numbers
// included), then everything a user asks of a path: bounds, hit tests, element walks, stroked
// and dashed copies, flattening, and filling and stroking it into a small context.
//
// Audited against: the CGPath / CGMutablePath / CGContext path API as OpenCoreGraphics declares it
// (every public entry point taking a path or building one is reached). Status: complete for the
// path API; text outlines are not built here.
//
// The input is read by `FuzzInput`; the number of building operations is capped
// (`maximumOperations`), and the path may be appended to itself at most `maximumSelfAppends`
// times (each doubles it). The calls that work on the whole path with no canvas — the stroked,
// dashed and flattened copies, `replacePathWithStrokedPath` and hit-testing a stroke — cost what
// they output: the curve's chords at the tolerance, up to 16,384 a curve for the flattened copy
// and several times that for a stroke's two sides (the per-curve caps of Path+Flatten.swift and
// Stroker+Curves.swift). So they run only on paths whose curves flatten to at most
// `maximumChordsForCopies` chords at 0.25 px (`estimatedChords`); drawing into the canvas, which
// must cost what is visible, gets every path. (With a 64-curve cap instead, 62 arcs of radius
// 10^9 gave a 1-million-point flattened copy and a 9-million-element stroke outline: 10 s and
// 1 GB in a debug build, 150 s under the fuzzer's sanitizers, the output's size by design.)

import Foundation
import KinemaGeometry
import OpenCoreGraphics

/// The path fuzz target's body (KinemaFuzzPaths runs it under libFuzzer or as a replay tool; the
/// corpus test runs the committed seeds through it).
///
/// ```swift
/// let summary = PathsFuzz.run(Array(data))   // "ops 12, elements 30, …"
/// ```
/// **Semantics.** Never traps on any input: that is what the fuzzer checks. Returns a one-line
/// summary of what was built and drawn (for the replay tool and tests). **Cost.** At most
/// `maximumOperations` building steps and a fixed number of queries and draws on a 48 × 48 canvas.
package enum PathsFuzz {
    /// The most building operations one input runs.
    package static let maximumOperations = 48
    /// The most times one input appends the path to itself (op 14 and 16 double it).
    package static let maximumSelfAppends = 2
    /// The most chords a path's curves may flatten to for the canvas-free copies (see the file
    /// header): 8,192 chords cost about 0.1 s of copies and stroke outlines in a debug build.
    package static let maximumChordsForCopies = 8_192

    /// Runs one input.
    @discardableResult
    package static func run(_ bytes: [UInt8]) -> String {
        var input = FuzzInput(bytes)
        let path = CGMutablePath()
        var transform = CGAffineTransform.identity
        var operations = 0
        var selfAppends = 0
        while !input.isAtEnd, operations < maximumOperations {
            operations += 1
            build(path, &transform, &selfAppends, &input)
            // A byte of 0xFF ends the building part early, so short inputs reach the queries.
            if input.byte() == 0xFF { break }
        }
        return query(path, operations: operations, &input)
    }

    private static func build(_ path: CGMutablePath, _ transform: inout CGAffineTransform, _ selfAppends: inout Int,
                              _ input: inout FuzzInput) {
        switch input.choice(17) {
        case 0: path.move(to: input.point(), transform: transform)
        case 1: path.addLine(to: input.point(), transform: transform)
        case 2: path.addQuadCurve(to: input.point(), control: input.point(), transform: transform)
        case 3: path.addCurve(to: input.point(), control1: input.point(), control2: input.point(), transform: transform)
        case 4:
            path.addArc(center: input.point(), radius: input.number(), startAngle: input.number(), endAngle: input.number(),
                        clockwise: input.flag(), transform: transform)
        case 5:
            path.addRelativeArc(center: input.point(), radius: input.number(), startAngle: input.number(),
                                delta: input.number(), transform: transform)
        case 6: path.addArc(tangent1End: input.point(), tangent2End: input.point(), radius: input.number(), transform: transform)
        case 7: path.addRect(input.rect(), transform: transform)
        case 8:
            path.addRoundedRect(in: input.rect(), cornerWidth: input.number(), cornerHeight: input.number(), transform: transform)
        case 9: path.addEllipse(in: input.rect(), transform: transform)
        case 10: path.closeSubpath()
        case 11: transform = input.affineTransform()
        case 12: path.addLines(between: (0 ..< input.choice(9)).map { _ in input.point() }, transform: transform)
        case 13: path.addRects((0 ..< input.choice(5)).map { _ in input.rect() }, transform: transform)
        case 14:
            // The path appended to itself (a copy, as Core Graphics takes it).
            guard selfAppends < maximumSelfAppends else { return }
            selfAppends += 1
            if let copy = path.copy() { path.addPath(copy, transform: transform) }
        case 15:
            var matrix = transform
            let made: CGPath = switch input.choice(3) {
            case 0: CGPath(rect: input.rect(), transform: &matrix)
            case 1: CGPath(ellipseIn: input.rect(), transform: &matrix)
            default: CGPath(roundedRect: input.rect(), cornerWidth: input.number(), cornerHeight: input.number(), transform: &matrix)
            }
            path.addPath(made)
        default:
            var matrix = input.affineTransform()
            guard selfAppends < maximumSelfAppends else { return }
            selfAppends += 1
            if let mapped = path.mutableCopy(using: &matrix) { path.addPath(mapped, transform: transform) }
        }
    }

    private static func query(_ path: CGMutablePath, operations: Int, _ input: inout FuzzInput) -> String {
        let box = path.boundingBox
        _ = path.boundingBoxOfPath
        _ = path.currentPoint
        var rect = CGRect.zero
        _ = path.isRect(&rect)
        var inside = 0
        for _ in 0 ..< 3 where path.contains(input.point(), using: input.flag() ? .evenOdd : .winding,
                                             transform: input.affineTransform()) {
            inside += 1
        }
        var elements = 0
        path.applyWithBlock { element in
            elements += 1
            let count = switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: 1
            case .addQuadCurveToPoint: 2
            case .addCurveToPoint: 3
            case .closeSubpath: 0
            }
            for index in 0 ..< count { _ = element.pointee.points[index] }
        }
        let cap = CGLineCap(rawValue: Int32(input.choice(3))) ?? .butt
        let join = CGLineJoin(rawValue: Int32(input.choice(3))) ?? .miter
        let width = input.number()
        let miter = input.number(), strokeTransform = input.affineTransform()
        let dashes = input.numbers(upTo: 6)
        let phase = input.number(), dashTransform = input.affineTransform()
        let threshold = input.number()
        let copies = estimatedChords(path) <= maximumChordsForCopies
        let stroked = copies ? path.copy(strokingWithWidth: width, lineCap: cap, lineJoin: join, miterLimit: miter,
                                         transform: strokeTransform) : path
        let dashed = copies ? path.copy(dashingWithPhase: phase, lengths: dashes, transform: dashTransform) : path
        let flat = copies ? path.flattened(threshold: threshold) : path
        _ = path == stroked
        var hasher = Hasher()
        path.hash(into: &hasher)

        guard let context = FuzzCanvas.makeContext() else { return "no context" }
        context.concatenate(input.affineTransform())
        context.addPath(path)
        context.fillPath(using: input.flag() ? .evenOdd : .winding)
        context.addPath(stroked)
        context.fillPath()
        context.setLineWidth(width)
        context.setLineCap(cap)
        context.setLineJoin(join)
        context.setMiterLimit(input.number())
        context.setLineDash(phase: input.number(), lengths: dashes)
        context.addPath(dashed)
        context.strokePath()
        context.addPath(path)
        // Hit-testing a stroke and replacing the path by its stroke build the whole outline (no
        // canvas): canvas-free calls, so under the same curve budget as the copies.
        let point = input.point(), containsMode = CGPathDrawingMode(rawValue: Int32(input.choice(5))) ?? .fill
        if copies {
            _ = context.pathContains(point, mode: containsMode)
            context.replacePathWithStrokedPath()
        }
        context.drawPath(using: CGPathDrawingMode(rawValue: Int32(input.choice(5))) ?? .fill)
        context.addPath(flat)
        context.setLineDash(phase: 0, lengths: [])
        context.strokePath()
        return "ops \(operations), elements \(elements), box \(box), inside \(inside)/3, painted \(FuzzCanvas.paintedPixels(context)) px"
    }

    /// The chords `path` flattens to at 0.25 px: Path+Flatten.swift's own count
    /// (`Path.flattenedSegmentCount`, at most 16,384 a curve; lines and closes one each).
    package static func estimatedChords(_ path: CGPath) -> Int {
        path.kinemaPath.flattenedSegmentCount(tolerance: 0.25)
    }
}
