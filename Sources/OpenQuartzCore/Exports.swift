// OpenQuartzCore: Apple's Core Animation API on Kinema's engine.
// Re-exports Core Graphics (as QuartzCore does on Apple's platforms), the 3-D transform maths, and
// the timing engine, whose `MediaClock` is how a program drives `CACurrentMediaTime()`
// deterministically (`MediaClock.current = .manual(at: 0)`).
@_exported import OpenCoreGraphics
@_exported import KinemaGeometry
@_exported import KinemaTiming
