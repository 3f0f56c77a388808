// PathTransform ⇄ CGAffineTransform: the engine's path map and Core Graphics' matrix are the same
// six numbers in the same row-vector convention (`x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`), so
// converting is a field-for-field copy, exact in both directions (CGFloat is Double on every
// platform Kinema runs on).
//
// Audited against: CGAffineTransform docs (entry names and the row-vector convention).
// Status: complete.

import Foundation

extension PathTransform {
    /// The path map with the same six entries as `transform`.
    @inlinable
    public init(_ transform: CGAffineTransform) {
        self.init(a: Double(transform.a), b: Double(transform.b), c: Double(transform.c),
                  d: Double(transform.d), tx: Double(transform.tx), ty: Double(transform.ty))
    }
}

extension CGAffineTransform {
    /// The Core Graphics matrix with the same six entries as `transform`.
    @inlinable
    public init(_ transform: PathTransform) {
        self.init(a: CGFloat(transform.a), b: CGFloat(transform.b), c: CGFloat(transform.c),
                  d: CGFloat(transform.d), tx: CGFloat(transform.tx), ty: CGFloat(transform.ty))
    }
}
