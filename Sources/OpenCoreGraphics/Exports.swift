// OpenCoreGraphics: Apple's Core Graphics API on Kinema's engine.
// `import OpenCoreGraphics` gives what `import CoreGraphics` gives on Apple's platforms: Foundation
// (whose CGFloat, CGPoint, CGSize and CGRect Apple's API uses) and the Core Graphics value types
// that sit in the engine because the layers beneath share them, re-exported here by name. The
// engine's own types (Path, StrokeStyle, Pixmap …) are not re-exported: import KinemaGeometry or
// KinemaRaster to use them.
@_exported import Foundation
@_exported import struct KinemaGeometry.CGAffineTransform
@_exported import enum KinemaGeometry.CGPathFillRule
