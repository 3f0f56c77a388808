import Foundation
import KinemaGeometry
import KinemaImageIO
import KinemaRaster
import KinemaTestSupport
@testable import KinemaText
import Testing

@Suite struct TextSmokeTests {
    @Test func vietnameseTitlesDraw() throws {
        let font = try #require(TextFont.system(size: 24))
        var style = TextStyle(font: font)
        style.foregroundColor = .black
        let titles = ["Tùy chỉnh viewcontroller transition", "Bài viết hôm nay", "Hiệu ứng chuyển động", "ệ ở ữ ặ"]
        var pixmap = try Pixmap(width: 480, height: 180)
        pixmap.withMutableRegion { $0.fill(.white) }
        var y = 4.0
        for title in titles {
            let layout = TextLayoutEngine.layout(StyledText(title, style: style), in: TextContainer())
            #expect(layout.lines.count == 1)
            pixmap.withMutableRegion { region in layout.draw(into: &region, at: CGPoint(x: 8, y: y)) }
            y += layout.size.height + 4
        }
        TestEnvironment.keep(try pixmap.pngData(), as: "titles.png", in: "KinemaTextTests")
    }
}
