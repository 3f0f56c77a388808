// Kinema: the umbrella module — re-exports only. `import Kinema` stands in for `import QuartzCore`
// and `import UIKit`: Apple's names from the Open modules, plus the few Kinema
// types a program needs to run them headless and record what they draw, listed here by name —
// the whole public surface that is Kinema's own. Everything else stays importable from its own
// module (KinemaGeometry's Path, KinemaTiming's Spring, the encoders' internals …) for those who
// want it, without clashing with a program's own names.
@_exported import OpenCoreGraphics
@_exported import OpenQuartzCore
@_exported import OpenUIKit

// The headless host: a window, a manual clock, a run loop, a render server (KinemaStage).
@_exported import class KinemaStage.Stage
@_exported import enum KinemaStage.StageError
@_exported import struct KinemaStage.TouchScript

// The deterministic media clock behind CACurrentMediaTime() (KinemaTiming; OpenQuartzCore
// re-exports it too).
@_exported import class KinemaTiming.MediaClock

// A frame: premultiplied RGBA8 pixels, their colour, rectangles and errors (KinemaRaster).
@_exported import struct KinemaRaster.Pixmap
@_exported import struct KinemaRaster.PremultipliedColor
@_exported import struct KinemaRaster.PixelRect
@_exported import enum KinemaRaster.PixmapError

// Recording: the frame sinks (GIF, APNG, PNG frames, video), their options and errors (KinemaImageIO).
@_exported import protocol KinemaImageIO.FrameSink
@_exported import struct KinemaImageIO.FrameSinkOptions
@_exported import enum KinemaImageIO.FrameSinkFormat
@_exported import func KinemaImageIO.makeFrameSink
@_exported import class KinemaImageIO.GIFWriter
@_exported import class KinemaImageIO.APNGWriter
@_exported import class KinemaImageIO.PNGSequenceWriter
@_exported import class KinemaImageIO.VideoWriter
@_exported import enum KinemaImageIO.EncodingError
// Shards: a recording split by frame range and joined again (docs/SCALING.md).
@_exported import struct KinemaImageIO.FrameShard
@_exported import enum KinemaImageIO.FrameShardMerge
@_exported import enum KinemaImageIO.FrameMergeError

// Diagnostics: what bad input reports instead of trapping (KinemaSupport).
@_exported import enum KinemaSupport.KinemaDiagnostics
@_exported import struct KinemaSupport.KinemaDiagnostic
