// OpenUIKit: Apple's UIKit subset on Kinema's engine — views and their animation APIs, images,
// drawing, colours, view controllers, touches and gestures (docs/UIKIT.md).
// `import OpenUIKit` gives what `import UIKit` gives on Apple's platforms for this subset:
// Core Animation and Core Graphics come along (UIKit re-exports both), and Foundation with them.
@_exported import OpenQuartzCore
