// OpenUIKit: Apple's UIKit subset on Kinema's engine — views and their animation APIs, images,
// drawing, colours, view controllers, touches and gestures (docs/UIKIT.md).
// `import OpenUIKit` gives what `import UIKit` gives on Apple's platforms for this subset:
// Core Animation and Core Graphics come along (UIKit re-exports both), and Foundation with them.
@_exported import OpenQuartzCore

// Apple's text value types, declared in KinemaText because CATextLayer carries them too
// (docs/TEXT.md); the NSAttributedString.Key constants (.font, .foregroundColor …) come with them.
@_exported import enum KinemaText.NSTextAlignment
@_exported import enum KinemaText.NSLineBreakMode
@_exported import enum KinemaText.NSWritingDirection
@_exported import struct KinemaText.NSUnderlineStyle
@_exported import struct KinemaText.NSStringDrawingOptions
@_exported import class KinemaText.NSStringDrawingContext
@_exported import class KinemaText.NSParagraphStyle
@_exported import class KinemaText.NSMutableParagraphStyle
@_exported import class KinemaText.NSShadow
