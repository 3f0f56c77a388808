// SnapshotFailureTests: a changed view fails its snapshot, with a readable message and a
// difference image on disk; tolerances accept what they should and no more; the colour
// difference is CIE76 on CIELAB; bad arguments fail with a message instead of trapping.
//
// Audited against: swift-snapshot-testing 1.19's `verifySnapshot` (returns the failure message,
//   nil on a match; `record: .never` compares without writing) and the CIELAB definition (CIE 15:
//   white L* 100; sRGB red ≈ (53.24, 80.09, 67.20)).
// Status: the mismatches compare against SeedSnapshotTests' committed references.

import Foundation
import Kinema
import KinemaSnapshotTesting
import SnapshotTesting
import Testing
@testable import KinemaSnapshotTesting

/// The path a failure message gives after "Difference image (…): " or "Difference strip (…): ".
func differencePath(in message: String) -> String? {
    guard let line = message.split(separator: "\n").first(where: { $0.hasPrefix("Difference ") }),
          let range = line.range(of: "): ") else { return nil }
    return String(line[range.upperBound...])
}

/// Whether `diff` failed, removing the difference image the failure wrote.
func failed(_ diff: (String, [DiffAttachment])?) -> Bool {
    guard let message = diff?.0 else { return false }
    if let path = differencePath(in: message) { try? FileManager.default.removeItem(atPath: path) }
    return true
}

/// A solid `color` image of `width` × `height` pixels with pixel (0, 0) set to `corner`.
func solidImage(width: Int, height: Int, color: [UInt8], corner: [UInt8]? = nil) -> UIImage {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in stride(from: 0, to: bytes.count, by: 4) { bytes.replaceSubrange(i..<i + 4, with: color) }
    if let corner { bytes.replaceSubrange(0..<4, with: corner) }
    let pixmap = (try? Pixmap(width: width, height: height, premultipliedBytes: bytes)) ?? .onePixel
    return UIImage(cgImage: CGImage(pixmap: pixmap))
}

@MainActor
@Suite("Snapshot failures, tolerances and messages", .serialized)
struct SnapshotFailureTests {
    @Test("a changed button fails against the seed button's reference, with a difference image")
    func changedButtonFails() throws {
        let button = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        button.fillColor = .blue   // the reference is green
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/SeedSnapshotTests").path
        let message = verifySnapshot(of: button, as: .image(scale: 2), named: "1", record: .never,
                                     snapshotDirectory: directory, testName: "pushButton()")
        let text = try #require(message)
        #expect(text.contains("does not match reference"))
        #expect(text.contains("pixels differ"))
        #expect(text.contains("largest channel difference 255 of 255"))
        let path = try #require(differencePath(in: text))
        #expect(FileManager.default.fileExists(atPath: path))
        // The difference image marks the oval red and ghosts the plus, whose pixels are unchanged.
        let difference = UIImage(contentsOfFile: path)
        #expect(pixel(difference, 20, 60) == [230, 0, 0, 255])
        #expect(pixel(difference, 60, 60) == [255, 255, 255, 255])
        try? FileManager.default.removeItem(atPath: path)
        // The unchanged button matches the same reference.
        let same = PushButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        #expect(verifySnapshot(of: same, as: .image(scale: 2), named: "1", record: .never,
                               snapshotDirectory: directory, testName: "pushButton()") == nil)
    }

    @Test("a slower slide fails frame by frame, naming the frames and their times")
    func changedFramesFail() throws {
        let (panel, square) = slidePanel()
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear], animations: { square.center.x += 100 })
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/SeedSnapshotTests").path
        let message = verifySnapshot(of: panel, as: .frames(at: [0, 0.25, 0.5, 1]), named: "1", record: .never,
                                     snapshotDirectory: directory, testName: "slideFrames()")
        let text = try #require(message)
        // Frame 0 is the same (nothing has moved yet); the other three differ.
        #expect(text.contains("3 of 4 frames differ"))
        #expect(text.contains("frame 1 at 0.25 s: "))
        #expect(text.contains("frame 3 at 1.0 s: "))
        #expect(!text.contains("frame 0 at"))
        let path = try #require(differencePath(in: text))
        let strip = UIImage(contentsOfFile: path)
        #expect(strip?.cgImage?.width == 800)
        try? FileManager.default.removeItem(atPath: path)
    }

    @Test("every committed reference belongs to a snapshot a test takes")
    func referencesInUse() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/SeedSnapshotTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        // SeedSnapshotTests' assertSnapshot calls, in order within each test.
        let expected = [
            "counterView.1.png", "fadeGIF.1.gif", "flipTransition.1.png", "flipTransition.2.png",
            "layer.1.png", "layer.2.png", "midAnimation.1.png", "minusButton.1.png", "pushButton.1.png",
            "slideFrames.1.png", "viewController.1.png", "viewController.2.png",
        ]
        #expect(files == expected)
    }

    @Test("precision counts pixels; perceptualPrecision accepts a small colour change only")
    func tolerances() {
        let reference = solidImage(width: 10, height: 10, color: [128, 128, 128, 255])
        let onePixel = solidImage(width: 10, height: 10, color: [128, 128, 128, 255], corner: [0, 0, 0, 255])
        #expect(failed(Diffing<UIImage>.image.diffV2(reference, onePixel)))
        #expect(!failed(Diffing<UIImage>.image(precision: 0.99).diffV2(reference, onePixel)))
        #expect(failed(Diffing<UIImage>.image(precision: 0.98).diffV2(reference, solidImage(width: 10, height: 10, color: [0, 0, 0, 255]))))
        // Grey 128 → 130 is ΔE ≈ 0.78: within 0.99 (ΔE ≤ 1) but not 0.999 (ΔE ≤ 0.1).
        let nearGrey = solidImage(width: 10, height: 10, color: [130, 130, 130, 255])
        #expect(!failed(Diffing<UIImage>.image(perceptualPrecision: 0.99).diffV2(reference, nearGrey)))
        #expect(failed(Diffing<UIImage>.image(perceptualPrecision: 0.999).diffV2(reference, nearGrey)))
        // A different size is reported as such.
        let message = Diffing<UIImage>.image.diffV2(reference, solidImage(width: 12, height: 10, color: [128, 128, 128, 255]))?.0
        #expect(message?.contains("12 × 10 pixels; the reference is 10 × 10") == true)
    }

    @Test("ΔE is CIE76 on CIELAB, alpha counted over white and black")
    func deltaE() {
        let white = ImageComparison.lab(255, 255, 255)
        #expect(abs(white.0 - 100) < 0.01 && abs(white.1) < 0.01 && abs(white.2) < 0.01)
        let red = ImageComparison.lab(255, 0, 0)
        #expect(abs(red.0 - 53.24) < 0.05 && abs(red.1 - 80.09) < 0.05 && abs(red.2 - 67.20) < 0.05)
        #expect(abs(ImageComparison.deltaE([255, 255, 255, 255], [0, 0, 0, 255], at: 0) - 100) < 0.01)
        // Opaque black and clear differ by 100 over white, though their colour bytes are equal.
        #expect(abs(ImageComparison.deltaE([0, 0, 0, 255], [0, 0, 0, 0], at: 0) - 100) < 0.01)
    }

    @Test("bad arguments fail the snapshot with a message, never trap")
    func badArguments() {
        let (panel, _) = slidePanel()
        let backwards = take(panel, .frames(at: [0.5, 0.25]))
        #expect(backwards.flatMap { problem(in: $0) }?.contains("must not decrease") == true)
        let zero = UIView(frame: .zero)
        #expect(take(zero, .image(at: 0.5)).flatMap { problem(in: $0) }?.contains("is not positive and finite") == true)
        #expect(take(panel, .image(scale: .nan)).flatMap { problem(in: $0) }?.contains("scale nan must be in (0, 16]") == true)
        #expect(take(panel, .gif(duration: -1)).flatMap { problem(in: $0) }?.contains("the duration must be in") == true)
        // A view's later snapshots continue its timeline: going back is refused.
        let (moving, _) = slidePanel()
        _ = take(moving, Snapshotting<UIView, UIImage>.image(at: 1))
        #expect(take(moving, .image(at: 0.5)).flatMap { problem(in: $0) }?.contains("before the stage's clock") == true)
    }

    @Test("a snapshot taken off the main actor fails with a message instead of trapping")
    func offMainActor() async {
        let view = OnMainThread(value: slidePanel().panel)
        let taken = await Task.detached {
            let taken = Taken()
            Snapshotting<UIView, UIImage>.image.snapshot(view.value).run { taken.image = $0 }
            return taken
        }.value
        let message = taken.image.flatMap { problem(in: $0) }
        #expect(message?.contains("main-actor confined") == true)
    }
}

/// A snapshot handed back from another thread.
final class Taken: @unchecked Sendable {
    var image: UIImage?
}

/// The failure message a snapshot that could not be taken gives.
func problem(in image: UIImage) -> String? {
    Diffing<UIImage>.image.diffV2(solidImage(width: 1, height: 1, color: [0, 0, 0, 255]), image)?.0
}

func problem(in frames: AnimationFrames) -> String? {
    Diffing<AnimationFrames>.frames().diffV2(AnimationFrames(frames: [], times: []), frames)?.0
}

func problem(in gif: GIFAnimation) -> String? {
    Diffing<GIFAnimation>.gif().diffV2(GIFAnimation(data: Data()), gif)?.0
}
