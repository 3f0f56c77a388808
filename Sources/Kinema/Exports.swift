// Kinema: the umbrella module. `import Kinema` stands in for `import QuartzCore` (and, once it
// exists, `import UIKit`).
@_exported import OpenCoreGraphics
@_exported import OpenQuartzCore
