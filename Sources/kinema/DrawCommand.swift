// `kinema draw`: renders one of the seed drawings through CGContext and writes it as a PNG.
import ArgumentParser
import Foundation
import KinemaDemos
import KinemaImageIO
import OpenCoreGraphics

struct DrawCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draw",
        abstract: "Render a seed drawing through Core Graphics (CGContext) to a PNG file.",
        discussion: """
            The drawings are the Core Graphics samples of seed article 000, drawn in a UIKit-flipped \
            context. `kinema draw --list` names them.

            Examples:
              kinema draw --list
              kinema draw push-button -o button.png        (2 pixels per point)
              kinema draw button-oval -o oval@3x.png --scale 3
            """
    )

    @Argument(help: "The drawing to render (see --list).")
    var name: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String?

    @Option(help: "Pixels per point (1 to 16).")
    var scale: Double = 2

    @Flag(help: "List the drawings and exit.")
    var list = false

    func run() throws {
        if list {
            let width = SeedDrawings.all.map(\.name.count).max() ?? 0
            for drawing in SeedDrawings.all {
                let padded = drawing.name.padding(toLength: width, withPad: " ", startingAt: 0)
                Console.out("\(padded)  \(Int(drawing.size.width))×\(Int(drawing.size.height)) pt  \(drawing.summary)\n")
            }
            return
        }
        guard let name else { throw fail("name a drawing, or pass --list to see them") }
        guard let output, !output.isEmpty else { throw fail("--output FILE.png is required (and must not be empty)") }
        guard scale.isFinite, scale >= 1, scale <= 16 else { throw fail("--scale must be between 1 and 16, got \(scale)") }
        guard SeedDrawings.all.contains(where: { $0.name == name }) else {
            throw fail("unknown drawing \"\(name)\"; known: \(SeedDrawings.all.map(\.name).joined(separator: ", "))")
        }
        guard let image = SeedDrawings.render(name, scale: CGFloat(scale)) else {
            throw fail("could not render \"\(name)\" at scale \(scale)")
        }
        let pixmap = image.pixmap
        let png: Data
        do {
            png = try PNGEncoder.encode(DecodedImage(width: pixmap.width, height: pixmap.height, pixels: pixmap.premultipliedBytes))
        } catch {
            throw fail("PNG encoding failed: \(error)")
        }
        do throws(EncodingError) {
            // All or nothing: an existing file is replaced only by a complete PNG.
            try OutputFile.write(png, to: URL(fileURLWithPath: output))
        } catch {
            throw fail("cannot write \(output): \(error.reason)")
        }
        Console.out("wrote \(output) (\(pixmap.width)×\(pixmap.height) px, \(name) at scale \(scale))\n")
    }

    /// Prints `message` to standard error and returns the failure exit code.
    private func fail(_ message: String) -> ExitCode {
        Console.err("kinema draw: \(message)\n")
        return ExitCode(1)
    }
}
