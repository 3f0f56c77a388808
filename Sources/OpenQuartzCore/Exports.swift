// OpenQuartzCore: Apple's Core Animation API on Kinema's engine.
// Re-exports Core Graphics (as QuartzCore does on Apple's platforms) and the 3-D transform maths.
@_exported import OpenCoreGraphics
@_exported import KinemaGeometry
