// IndexPath+UIKit: the table- and collection-view accessors UIKit adds to Foundation's IndexPath.
//
// Audited against: UIKit's IndexPath extension (init(row:section:), init(item:section:), row,
// item, section: "An index number identifying a row / item / section"). Status: complete.
// Apple traps when `section`, `row` or `item` is read from an index path with fewer than two
// indexes; Kinema returns 0 for a missing index, with a diagnostic.

import Foundation
import KinemaSupport

extension IndexPath {
    /// An index path of a row in a section of a table view: `[section, row]`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// An index path of an item in a section of a collection view: `[section, item]`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index (0, with a diagnostic, when the path is empty).
    public var section: Int {
        get { uikitIndex(0, "section") }
        set { setUIKitIndex(0, newValue) }
    }

    /// The row in a table view's section: the second index (0, with a diagnostic, when missing).
    public var row: Int {
        get { uikitIndex(1, "row") }
        set { setUIKitIndex(1, newValue) }
    }

    /// The item in a collection view's section: the second index (0, with a diagnostic, when missing).
    public var item: Int {
        get { uikitIndex(1, "item") }
        set { setUIKitIndex(1, newValue) }
    }

    private func uikitIndex(_ position: Int, _ name: String) -> Int {
        guard count > position else {
            KinemaDiagnostics.emit("IndexPath", "\(name) of an index path with \(count) indexes (needs 2); returned 0")
            return 0
        }
        return self[position]
    }

    private mutating func setUIKitIndex(_ position: Int, _ value: Int) {
        while count <= position { append(0) }
        self[position] = value
    }
}
