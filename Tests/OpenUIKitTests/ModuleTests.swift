import OpenUIKit
import Testing

@Suite struct OpenUIKitModuleTests {
    /// `import OpenUIKit` stands in for `import UIKit`: Core Animation and Core Graphics come along.
    @Test @MainActor func reexportsCoreAnimationAndCoreGraphics() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(layer.bounds.size == CGSize(width: 10, height: 20))
        #expect(CGAffineTransform.identity.isIdentity)
    }
}
