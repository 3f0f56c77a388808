// CompositorPainter+Flip: the "oglFlip" transition — the layer turns over in 3-D about its centre
// line, in perspective, its old rendering on the front face and its new one on the back.
//
// Audited against: UIView.AnimationOptions .transitionFlipFromLeft ("the left side of the view
//   moves toward the front and right side toward the back"), .transitionFlipFromRight (the
//   mirror), .transitionFlipFromTop ("the top side of the view moves toward the front and bottom
//   side toward the back"), .transitionFlipFromBottom; UIView.transition(with:duration:options:
//   animations:completion:). UIKit draws these with Core Animation's private CATransition type
//   "oglFlip" and the four public subtypes (UIKIT_SEMANTICS.md §3); Apple documents
//   neither the type nor its perspective. Status: complete for the four subtypes.
// Choices (docs/COMPOSITOR.md, "Flip"): the turn is π × progress about the axis through the
//   bounds' centre; the eye is `FlipTransition.eyeDistanceFactor` × the turning side from the
//   layer (m34 = −1 / (3 × width) for left/right, × height for top/bottom); the projected face is
//   scaled about the centre by the near edge's depth factor, so the near edge is exactly as tall
//   (or wide) as the bounds and the face never leaves them ("the camera dollies back"); the face
//   is darkened by `FlipTransition.darkening` × |sin(turn)|; the old rendering shows for progress
//   ≤ ½, the new one (un-mirrored, as it is seen after the turn) after; nil subtype = fromLeft.

import Foundation
import KinemaGeometry
import KinemaRaster
import OpenCoreGraphics

/// The geometry of the "oglFlip" transition (see the file's header).
///
/// ```swift
/// let face = FlipTransition.face(bounds: CGRect(x: 0, y: 0, width: 160, height: 120), subtype: "fromLeft", progress: 0.25)
/// face?.projection.apply(CGPoint(x: 0, y: 0))   // the top-left corner, turned 45° towards the eye
/// ```
package enum FlipTransition {
    /// The CATransition type UIKit's flips use.
    package static let type = "oglFlip"
    /// The eye's distance from the layer in multiples of the side that turns: the transition's
    /// m34 is −1 / (3 × width) (left / right) or −1 / (3 × height) (top / bottom). Apple's value
    /// is not published (UIKIT_SEMANTICS §3, UNCONFIRMED); 3 is the middle of the 2.5 … 4 range
    /// of look-alikes and keeps the near edge at most 20 % taller than the far one.
    package static let eyeDistanceFactor = 3.0
    /// How much darker the face gets as it turns away: its colour × (1 − 0.25 × |sin(turn)|),
    /// 0.82 at 45°, 0.75 edge-on. "A slight darkening", UIKIT_SEMANTICS §3 (UNCONFIRMED amount).
    package static let darkening = 0.25

    /// The face shown at one progress.
    package struct Face: Sendable {
        /// Whether the face is the new rendering (the back face, after half the turn).
        package var showsNew: Bool
        /// Layer space (the face's own point) → layer space (where it is seen), projective.
        package var projection: PlaneProjection
        /// Multiplies the face's colour (premultiplied; alpha unchanged).
        package var brightness: Double
    }

    /// The face at `progress` (0 … 1) for `bounds`, or nil when it is seen exactly edge-on
    /// (|cos(turn)| < 1e-6, progress ½) or the bounds are not a finite, non-empty rectangle.
    package static func face(bounds: CGRect, subtype: String?, progress: Double) -> Face? {
        let w = Double(bounds.width), h = Double(bounds.height)
        guard bounds.isFiniteRect, w > 0, h > 0, progress.isFinite else { return nil }
        let p = min(max(progress, 0), 1)
        let turn = Double.pi * p
        let showsNew = p > 0.5
        // The back face is the new picture turned by turn − π: at π it faces the eye un-mirrored.
        let angle = showsNew ? turn - .pi : turn
        let cosine = cos(angle), sine = sin(angle)
        guard abs(cosine) >= 1e-6 else { return nil }
        let vertical: Bool, sign: Double
        switch subtype {
        case "fromRight": (vertical, sign) = (true, -1)
        case "fromTop": (vertical, sign) = (false, 1)
        case "fromBottom": (vertical, sign) = (false, -1)
        default: (vertical, sign) = (true, 1)
        }
        // About the centre: a point at offset u across the axis goes to depth z = −sign · u · sin,
        // u · cos across; w = 1 − z / D. Dividing by w and scaling by the near edge's w (the
        // dolly) keeps the near edge at its own length.
        let eye = eyeDistanceFactor * (vertical ? w : h)
        let dolly = 1 - abs(sine) / (2 * eyeDistanceFactor)
        let depth = sign * sine / eye
        let centred = vertical
            ? PlaneProjection(rows: (SIMD3(dolly * cosine, 0, depth), SIMD3(0, dolly, 0), SIMD3(0, 0, 1)))
            : PlaneProjection(rows: (SIMD3(dolly, 0, 0), SIMD3(0, dolly * cosine, depth), SIMD3(0, 0, 1)))
        let cx = Double(bounds.midX), cy = Double(bounds.midY)
        let toCentre = PlaneProjection(rows: (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(-cx, -cy, 1)))
        let back = PlaneProjection(rows: (SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(cx, cy, 1)))
        return Face(showsNew: showsNew, projection: toCentre.concatenating(centred).concatenating(back),
                    brightness: 1 - darkening * abs(sine))
    }
}

extension CompositorPainter {
    /// Draws `layer` (without its transition) mid-flip: one face, a projective textured quad.
    func paintFlip(_ layer: CompositeLayer, _ t: CompositeTransition, progress p: Double, _ map: PathTransform,
                   surface: inout CompositorSurface, alpha: Float) {
        let bounds = layer.state.bounds
        guard let face = FlipTransition.face(bounds: bounds, subtype: t.subtype, progress: p),
              let size = Self.transitionTextureSize(bounds, map) else { return }
        let part: CompositeLayer
        if face.showsNew {
            part = layer
        } else {
            guard let from = t.from else { return }
            part = CompositeLayer(id: from.id, state: from.state, sublayers: from.sublayers, mask: from.mask)
        }
        let device = PlaneProjection(rows: (SIMD3(map.a, map.b, 0), SIMD3(map.c, map.d, 0), SIMD3(map.tx, map.ty, 1)))
        let faceToDevice = face.projection.concatenating(device)
        let polygon = Self.projectedPolygon(bounds, faceToDevice)
        guard polygon.count >= 3, let deviceToFace = faceToDevice.inverted() else { return }
        // The texels this band shows: the band ∩ the face's box, mapped back onto the face. The
        // face's w stays positive over its own box (its vanishing line lies beyond the far edge),
        // so the corners' images bound the region.
        let xs = polygon.map { Double($0.x) }, ys = polygon.map { Double($0.y) }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return }
        let band = CGRect(x: Double(surface.clip.x), y: Double(surface.clip.y), width: Double(surface.clip.width),
                          height: Double(surface.clip.height))
        let shown = band.intersection(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        guard !shown.isNull, !shown.isEmpty else { return }
        let corners = [CGPoint(x: shown.minX, y: shown.minY), CGPoint(x: shown.maxX, y: shown.minY),
                       CGPoint(x: shown.maxX, y: shown.maxY), CGPoint(x: shown.minX, y: shown.maxY)].compactMap(deviceToFace.apply)
        guard corners.count == 4 else { return }
        let cx = corners.map { Double($0.x) }, cy = corners.map { Double($0.y) }
        guard let u0 = cx.min(), let u1 = cx.max(), let v0 = cy.min(), let v1 = cy.max() else { return }
        let needed = CGRect(x: u0, y: v0, width: u1 - u0, height: v1 - v0)
        guard var texture = transitionTexture(part, bounds: bounds, size: size, needed: needed) else { return }
        Self.prepareFlipTexture(&texture, brightness: face.brightness)
        let (rx, ry, rw) = texture.imageToLayer.concatenating(faceToDevice).rows
        let transform = ProjectiveTransform(m11: rx.x, m12: ry.x, m13: rw.x, m21: rx.y, m22: ry.y, m23: rw.y,
                                            m31: rx.z, m32: ry.z, m33: rw.z)
        var quad = RasterPath()
        quad.addPolygon(polygon.map { DevicePoint(x: Double($0.x), y: Double($0.y)) })
        let pattern = ImagePattern(image: texture.image, transform: transform, sampling: .bilinear, tiling: .clamp)
        surface.region.fill(quad, paint: .image(pattern), alpha: alpha, clip: .rect(surface.clip), using: &converter)
        pool.give(texture.image)
    }

    /// Darkens the drawn texels by `brightness` and repeats the texture's last column and row
    /// once beyond it, so clamped bilinear sampling at the face's right and bottom edges reads
    /// the edge texels (the pool's pixmap is larger than the texture) rather than clear ones.
    static func prepareFlipTexture(_ texture: inout TransitionTexture, brightness: Double) {
        let k = UInt32(min(max((brightness * 256).rounded(), 0), 256))
        let drawn = texture.drawn, width = texture.width, height = texture.height
        texture.image.withMutableRegion { region in
            for y in drawn.y ..< drawn.y + drawn.height {
                let row = region.row(y)
                if k < 256 {
                    for x in drawn.x ..< drawn.x + drawn.width {
                        let c = row[x]
                        // Red and blue as two 16-bit lanes (255 × 256 fits), green alone.
                        let redBlue = (((c & 0x00FF_00FF) &* k) >> 8) & 0x00FF_00FF
                        let green = ((((c >> 8) & 0xFF) &* k) >> 8) << 8
                        row[x] = (c & 0xFF00_0000) | redBlue | green
                    }
                }
                if width < region.width, drawn.x + drawn.width == width { row[width] = row[width - 1] }
            }
            if height < region.height, drawn.y + drawn.height == height {
                let last = region.row(height - 1), next = region.row(height)
                for x in drawn.x ..< min(drawn.x + drawn.width + 1, region.width) { next[x] = last[x] }
            }
        }
    }
}
