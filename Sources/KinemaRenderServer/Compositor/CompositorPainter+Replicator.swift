// CompositorPainter+Replicator: CAReplicatorLayer's instances.
//
// Audited against: CAReplicatorLayer docs — instanceCount ("the number of copies to create,
//   including the source layers"), instanceTransform ("applied to instance k−1 to produce
//   instance k … relative to the center of this layer"), instanceColor ("the color used to
//   multiply the source object"), instanceRed/Green/Blue/AlphaOffset (the offset added to each
//   component for each replicated instance), instanceDelay. Status: complete except preservesDepth (instances are
//   flattened like any sublayers). instanceDelay is applied by the render server, which
//   evaluates instance k's sublayers k × delay earlier (`CompositeLayer.instanceSublayers(k)`).
// Choices (docs/COMPOSITOR.md): the k-th instance's colour is instanceColor + k · offsets,
//   clamped to 0…1 (after each addition, which with constant offsets is the same as once); a
//   colour other than white is applied by drawing the instance into an offscreen and
//   multiplying its premultiplied channels.

import Foundation
import KinemaGeometry
import KinemaRaster
import KinemaSupport
import KinemaTiming
import OpenCoreGraphics

extension CompositorPainter {
    /// The most instances drawn (more are lowered to this, with a diagnostic).
    static let maximumInstances = 4096

    /// `power` (instanceTransform^k) applied about the replicator's bounds centre:
    /// T(−centre) · power · T(centre), in the replicator's sublayer space.
    static func aboutCentre(_ power: CATransform3D, of s: LayerState) -> CATransform3D {
        let cx = s.bounds.midX, cy = s.bounds.midY
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-cx, -cy, 0), power),
                                   CATransform3DMakeTranslation(cx, cy, 0))
    }

    /// The k-th instance's colour multiplier (premultiplied use: r·a, g·a, b·a, a).
    static func instanceColor(_ r: ReplicatorLayerState, _ k: Int) -> SIMD4<Float> {
        let base = r.instanceColor?.compositingColor ?? .white
        var c = SIMD4<Float>(base.red, base.green, base.blue, base.alpha).clamped(lowerBound: .zero, upperBound: .one)
        let offset = SIMD4<Float>(r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset)
        // Clamping after each step equals clamping once: each channel's offset has one sign.
        c = (c + offset * Float(k)).clamped(lowerBound: .zero, upperBound: .one)
        return c
    }

    /// The sublayers, once per instance.
    func paintReplicas(_ layer: CompositeLayer, _ r: ReplicatorLayerState, _ map: PathTransform,
                       surface: inout CompositorSurface, alpha: Float) {
        let count = min(max(r.instanceCount, 0), Self.maximumInstances)
        if r.instanceCount > Self.maximumInstances {
            KinemaDiagnostics.emit("Compositor", "instanceCount \(r.instanceCount) lowered to \(Self.maximumInstances)")
        }
        let s = layer.state
        var power = CATransform3DIdentity
        for k in 0 ..< count {
            if k > 0 { power = CATransform3DConcat(power, r.instanceTransform) }
            let instance = Self.aboutCentre(power, of: s)
            let color = Self.instanceColor(r, k)
            if color.x >= 1, color.y >= 1, color.z >= 1 {
                paintSublayers(layer, map, surface: &surface, alpha: alpha * color.w, instance: instance, instanceIndex: k)
                continue
            }
            guard color.w > 0 else { continue }
            // A tinted instance: drawn apart, its channels multiplied, then composited.
            guard let area = instanceArea(layer, map, instance: instance, clip: surface.clip),
                  var copy = pool.take(width: area.width, height: area.height) else { continue }
            let inner = map.concatenating(.translation(Double(-area.x), Double(-area.y)))
            copy.withMutableRegion { region in
                var offscreen = CompositorSurface(region: region, clip: PixelRect(width: area.width, height: area.height))
                paintSublayers(layer, inner, surface: &offscreen, alpha: 1, instance: instance, instanceIndex: k)
            }
            Self.multiply(&copy, by: SIMD4(color.x * color.w, color.y * color.w, color.z * color.w, color.w))
            composite(copy, at: area, into: &surface, alpha: alpha)
            pool.give(copy)
        }
    }

    /// The pixels one instance's sublayers can touch, cut to `clip`.
    func instanceArea(_ layer: CompositeLayer, _ map: PathTransform, instance: CATransform3D, clip: PixelRect) -> PixelRect? {
        let plane = Self.matrix(map)
        var box = CGRect.null
        for child in layer.sublayers where !child.state.isHidden {
            let local = CATransform3DConcat(
                CATransform3DConcat(LayerGeometry.transformToSuperlayer(child.state, superlayer: nil), instance),
                LayerGeometry.sublayerMap(of: layer.state))
            if let b = childBox(child, CATransform3DConcat(Self.flattened(local), plane)) { box = box.union(b) }
        }
        return box.isNull ? nil : Self.pixelArea(box, within: clip)
    }

    /// Multiplies every premultiplied channel of `pixmap` by `factor` (0…1 each).
    static func multiply(_ pixmap: inout Pixmap, by factor: SIMD4<Float>) {
        let f = SIMD4<UInt32>((factor * 256).rounded(.toNearestOrEven).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 256)))
        pixmap.storage.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices where pixels[i] != 0 {
                let p = pixels[i]
                let r = ((p & 0xFF) * f.x) >> 8, g = (((p >> 8) & 0xFF) * f.y) >> 8
                let b = (((p >> 16) & 0xFF) * f.z) >> 8, a = ((p >> 24) * f.w) >> 8
                pixels[i] = min(r, a) | min(g, a) << 8 | min(b, a) << 16 | a << 24
            }
        }
    }
}
