// What UIKit and Core Graphics add to Foundation's types (UIKit's IndexPath extension,
// CGRectEqualToRect, UIGeometry.h).
import Foundation
import OpenUIKit
import Testing

@Suite struct FoundationAdditionsTests {
    @Test func indexPathRowsAndItems() {
        let row = IndexPath(row: 3, section: 1)
        #expect(row.section == 1 && row.row == 3 && row.item == 3 && Array(row) == [1, 3])
        var item = IndexPath(item: 7, section: 2)
        #expect(item.item == 7 && item.section == 2)
        item.item = 9
        #expect(item == IndexPath(item: 9, section: 2))
    }

    /// CGRectEqualToRect compares standardized rectangles.
    @Test func equalTo() {
        #expect(CGRect(x: 0, y: 0, width: -10, height: 10).equalTo(CGRect(x: -10, y: 0, width: 10, height: 10)))
        #expect(!CGRect(x: 0, y: 0, width: 1, height: 1).equalTo(CGRect(x: 0, y: 0, width: 1, height: 2)))
        #expect(CGRect.null.equalTo(.null))
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)) && !CGSize(width: 1, height: 2).equalTo(.zero))
    }

    /// UIEdgeInsetsInsetRect: positive insets shrink the rectangle.
    @Test func insets() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(CGRect(x: 0, y: 0, width: 20, height: 10).inset(by: insets) == CGRect(x: 2, y: 1, width: 14, height: 6))
        #expect(UIEdgeInsets.zero == UIEdgeInsets() && insets != .zero)
        #expect(NSDirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).trailing == 4)
        #expect(UIOffset(horizontal: 1, vertical: 2) != .zero)
    }

    /// UIRectCorner / UIRectEdge raw values from UIKit's headers.
    @Test func optionSetRawValues() {
        #expect(UIRectCorner.topLeft.rawValue == 1 && UIRectCorner.topRight.rawValue == 2)
        #expect(UIRectCorner.bottomLeft.rawValue == 4 && UIRectCorner.bottomRight.rawValue == 8)
        #expect(UIRectCorner.allCorners.rawValue == UInt.max && UIRectCorner.allCorners.contains(.bottomRight))
        #expect(UIRectEdge.top.rawValue == 1 && UIRectEdge.left.rawValue == 2 && UIRectEdge.bottom.rawValue == 4)
        #expect(UIRectEdge.right.rawValue == 8 && UIRectEdge.all.rawValue == 15)
    }
}
