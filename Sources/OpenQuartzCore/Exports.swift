// OpenQuartzCore: Apple's Core Animation API on Kinema's engine.
// Re-exports Core Graphics (as QuartzCore does on Apple's platforms), the 3-D transform maths, and
// the timing engine, whose `MediaClock` is how a program drives `CACurrentMediaTime()`
// deterministically (`MediaClock.current = .manual(at: 0)`).
@_exported import OpenCoreGraphics
@_exported import KinemaGeometry
@_exported import KinemaTiming

// Apple's value types that both sides of the client/server line use (a layer's state and a
// committed animation carry them), declared on the render side and re-exported here by name.
@_exported import struct KinemaRenderServer.CACornerMask
@_exported import struct KinemaRenderServer.CAEdgeAntialiasingMask
@_exported import struct KinemaRenderServer.CAGradientLayerType
@_exported import struct KinemaRenderServer.CALayerContentsFilter
@_exported import struct KinemaRenderServer.CALayerContentsGravity
@_exported import struct KinemaRenderServer.CALayerCornerCurve
@_exported import struct KinemaRenderServer.CAMediaTimingFillMode
@_exported import struct KinemaRenderServer.CAShapeLayerFillRule
@_exported import struct KinemaRenderServer.CAShapeLayerLineCap
@_exported import struct KinemaRenderServer.CAShapeLayerLineJoin
@_exported import struct KinemaRenderServer.CATextLayerAlignmentMode
@_exported import struct KinemaRenderServer.CATextLayerTruncationMode
@_exported import struct KinemaRenderServer.CAValueFunctionName
@_exported import typealias KinemaRenderServer.CFTimeInterval
@_exported import typealias KinemaRenderServer.CFTypeRef
