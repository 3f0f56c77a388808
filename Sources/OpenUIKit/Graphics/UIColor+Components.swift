// UIColor+Components: reading a colour back (getRed, getHue, getWhite).
//
// Audited against: getRed(_:green:blue:alpha:) ("If the color is in a compatible color space,
// the color is converted into RGB format … returns true if the color could be converted, false
// otherwise"), getHue(_:saturation:brightness:alpha:), getWhite(_:alpha:) (same wording for
// grayscale). Status: complete. Gray converts to RGB and HSB; an RGB colour does not convert to
// gray (getWhite returns false, as UIKit's RGB colours do); a pattern colour converts to nothing.
// Nil pointers are allowed and skipped, as in UIKit.

import Foundation

extension UIColor {
    /// Writes the extended-sRGB components and alpha; false (nothing written) for a pattern colour.
    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard space != .pattern else { return false }
        red?.pointee = self.red
        green?.pointee = self.green
        blue?.pointee = self.blue
        alpha?.pointee = self.alpha
        return true
    }

    /// Writes hue, saturation and brightness (each 0…1; hue 0 for grays) and alpha; false
    /// (nothing written) for a pattern colour. Extended components are clamped to 0…1 first.
    @discardableResult
    public func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                       brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard space != .pattern else { return false }
        func unit(_ v: CGFloat) -> CGFloat { min(max(v, 0), 1) }
        let r = unit(self.red), g = unit(self.green), b = unit(self.blue)
        let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
        var h: CGFloat = 0
        if delta > 0 {
            if maxC == r {
                h = (g - b) / delta
                if h < 0 { h += 6 }
            } else if maxC == g {
                h = (b - r) / delta + 2
            } else {
                h = (r - g) / delta + 4
            }
            h /= 6
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? delta / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = self.alpha
        return true
    }

    /// Writes the white level and alpha of a gray colour; false (nothing written) for an RGB or
    /// pattern colour.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard space == .gray else { return false }
        white?.pointee = red
        alpha?.pointee = self.alpha
        return true
    }
}
