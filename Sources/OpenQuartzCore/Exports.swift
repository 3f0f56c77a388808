// OpenQuartzCore: Apple's Core Animation API on Kinema's engine.
// `import OpenQuartzCore` gives what `import QuartzCore` gives on Apple's platforms: Core Graphics
// (re-exported whole, as QuartzCore does), the Core Animation names that live in engine modules
// because the layers beneath share them — CATransform3D and its functions (KinemaGeometry), the
// value types a layer's state and a committed animation carry (KinemaRenderServer) — and
// MediaClock, Kinema's one addition, which is how a program drives `CACurrentMediaTime()`
// deterministically (`MediaClock.current = .manual(at: 0)`). Each is listed by name: the engine's
// own types stay in their modules.
@_exported import OpenCoreGraphics
@_exported import class KinemaTiming.MediaClock

// CATransform3D and Apple's CATransform3D… functions (KinemaGeometry).
@_exported import struct KinemaGeometry.CATransform3D
@_exported import func KinemaGeometry.CATransform3DConcat
@_exported import func KinemaGeometry.CATransform3DEqualToTransform
@_exported import func KinemaGeometry.CATransform3DGetAffineTransform
@_exported import var KinemaGeometry.CATransform3DIdentity
@_exported import func KinemaGeometry.CATransform3DInvert
@_exported import func KinemaGeometry.CATransform3DIsAffine
@_exported import func KinemaGeometry.CATransform3DIsIdentity
@_exported import func KinemaGeometry.CATransform3DMakeAffineTransform
@_exported import func KinemaGeometry.CATransform3DMakeRotation
@_exported import func KinemaGeometry.CATransform3DMakeScale
@_exported import func KinemaGeometry.CATransform3DMakeTranslation
@_exported import func KinemaGeometry.CATransform3DRotate
@_exported import func KinemaGeometry.CATransform3DScale
@_exported import func KinemaGeometry.CATransform3DTranslate

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
