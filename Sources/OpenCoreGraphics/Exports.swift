// OpenCoreGraphics: Apple's Core Graphics API on Kinema's engine.
// The geometry types (CGAffineTransform and friends) live in KinemaGeometry and are re-exported,
// so `import OpenCoreGraphics` gives what `import CoreGraphics` gives on Apple's platforms.
@_exported import Foundation
@_exported import KinemaGeometry
