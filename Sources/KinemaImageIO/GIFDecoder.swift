// GIFDecoder: GIF files to composited frames, in Swift.
//
// Audited against: GIF89a specification (§18 logical screen descriptor, §19 global colour table,
// §20 image descriptor, §21 local colour table, §22 image data, §23 graphic control extension,
// §26 application extension, Appendix E interlaced images) and the NETSCAPE2.0 looping
// extension; the compositing model of browsers (WHATWG HTML "images" + Chromium's GIF decoder):
// the canvas starts transparent, "restore to background" clears the frame's rectangle to
// transparent (the background colour index is ignored), "restore to previous" puts back the
// rectangle as it was before the frame, frame rectangles are clipped to the logical screen.
// Status: complete for decoding. Plain-text extensions are skipped (as browsers do). Stricter
// than browsers: a frame whose data ends early or holds an undefined LZW code throws instead of
// showing the part that decoded.

import Foundation

/// Reads GIF files, still or animated.
///
/// ```swift
/// let gif = try GIFDecoder.decode(data)
/// for frame in gif.frames { show(frame.image, for: frame.playbackDelay) }
/// let still = try GIFDecoder.decodeFirstFrame(data)
/// ```
///
/// Semantics: each frame of the result is the whole logical screen as displayed after that frame
/// is drawn. Transparent pixels (the graphic control extension's index) and indices beyond the
/// colour table leave the canvas as it was. Disposal 0 and 1 leave the frame in place, 2 clears
/// its rectangle to transparent, 3 restores the rectangle; 4–7 (undefined) act as 0. Delays are
/// kept as written (`Frame.delay`); `Frame.playbackDelay` applies browsers' 0/1 cs → 0.1 s rule.
/// A file that ends cleanly between blocks without its trailer keeps the frames it has (one
/// diagnostic, domain "GIFDecoder"); a file that ends inside a block is `.truncated`.
///
/// Cost: O(file + frames × canvas): LZW runs once per frame; each frame is one canvas copy.
/// Nothing canvas-sized is allocated until the first frame's data has decoded whole (that frame
/// is decoded to its colour indices first, in a buffer that grows with the data), so a header
/// claiming a huge screen with nothing behind it costs nothing. LZW output over the whole file,
/// pixels outside the canvas included, is bounded by `ImageDecodingLimits.maxLZWIndices`
/// (`.workBudgetExceeded`): frames off the canvas cost time (about 3.5 s per MB of data) but no
/// pixels.
public enum GIFDecoder {
    /// Decodes every frame.
    public static func decode(_ data: Data,
                              limits: ImageDecodingLimits = .default) throws(ImageIOError) -> AnimatedImage {
        try decode([UInt8](data), limits: limits, firstFrameOnly: false)
    }

    /// Decodes only the first frame (the still image a non-animating viewer shows).
    public static func decodeFirstFrame(_ data: Data,
                                        limits: ImageDecodingLimits = .default) throws(ImageIOError) -> DecodedImage {
        try decode([UInt8](data), limits: limits, firstFrameOnly: true).frames[0].image
    }

    /// The graphic control extension in force for the next image.
    struct GraphicControl {
        var disposal = 0
        var delayCentiseconds = 0
        var transparentIndex: Int?
    }

    /// What the blocks read so far have set up.
    struct State {
        let width: Int
        let height: Int
        var globalPalette: [UInt8]?
        /// Allocated when the first frame's data has decoded.
        var canvas: GIFCanvas?
        /// LZW indices decoded so far, against `ImageDecodingLimits.maxLZWIndices`.
        var lzwIndices = 0
        var frames: [AnimatedImage.Frame] = []
        var loopCount: Int?
        var control = GraphicControl()
        var imageData: [UInt8] = []

        var animation: AnimatedImage {
            AnimatedImage(width: width, height: height, frames: frames, loopCount: loopCount)
        }
    }

    static let signatures = [Array("GIF87a".utf8), Array("GIF89a".utf8)]
    static let loopingApplications = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]

    static func decode(_ bytes: [UInt8], limits: ImageDecodingLimits,
                       firstFrameOnly: Bool) throws(ImageIOError) -> AnimatedImage {
        var reader = GIFByteReader(bytes: bytes)
        let magic = Array(try reader.bytes(6, "GIF header"))
        guard signatures.contains(magic) else { throw .badSignature }
        let width = try reader.u16("logical screen descriptor")
        let height = try reader.u16("logical screen descriptor")
        let screenFlags = try reader.byte("logical screen descriptor")
        _ = try reader.bytes(2, "logical screen descriptor")   // background index, aspect: unused
        try limits.check(width: width, height: height)
        var state = State(width: width, height: height)
        if screenFlags & 0x80 != 0 {
            state.globalPalette = Array(try reader.bytes(3 << (Int(screenFlags & 7) + 1), "global colour table"))
        }

        while !reader.isAtEnd {
            let introducer = try reader.byte("block")
            switch introducer {
            case 0x3B:   // trailer
                guard !state.frames.isEmpty else { throw .malformed("GIF has no image") }
                return state.animation
            case 0x21:
                try readExtension(&reader, into: &state)
            case 0x2C:
                try readImage(&reader, into: &state, limits: limits)
                if firstFrameOnly { return state.animation }
            default:
                throw .malformed("GIF block introducer 0x\(String(introducer, radix: 16)) at byte \(reader.offset - 1)")
            }
        }
        guard !state.frames.isEmpty else { throw .truncated("GIF ends before its first image") }
        ImageIODiagnostics.report(
            "GIFDecoder", "GIF ends without its trailer after \(state.frames.count) frame(s); keeping them")
        return state.animation
    }

    /// Reads an extension block after its introducer (0x21).
    static func readExtension(_ reader: inout GIFByteReader, into state: inout State) throws(ImageIOError) {
        switch try reader.byte("extension label") {
        case 0xF9:   // graphic control
            let block = Array(try reader.subBlock("graphic control extension"))
            if block.count >= 4 {
                state.control.disposal = Int(block[0] >> 2) & 7
                state.control.delayCentiseconds = Int(block[1]) | Int(block[2]) << 8
                state.control.transparentIndex = block[0] & 1 != 0 ? Int(block[3]) : nil
            }
            if !block.isEmpty { try reader.skipSubBlocks("graphic control extension") }
        case 0xFF:   // application
            let identifier = Array(try reader.subBlock("application extension"))
            guard !identifier.isEmpty else { return }
            let looping = loopingApplications.contains(identifier)
            while true {
                let block = Array(try reader.subBlock("application extension"))
                if block.isEmpty { return }
                if looping, state.loopCount == nil, block.count >= 3, block[0] == 1 {
                    state.loopCount = Int(block[1]) | Int(block[2]) << 8
                }
            }
        case 0x01:   // plain text: a graphic rendering block that browsers do not draw
            try reader.skipSubBlocks("plain text extension")
            state.control = GraphicControl()
        default:     // comments and unknown extensions
            try reader.skipSubBlocks("extension")
        }
    }

    /// Reads an image after its introducer (0x2C), draws it, appends the frame and disposes.
    static func readImage(_ reader: inout GIFByteReader, into state: inout State,
                          limits: ImageDecodingLimits) throws(ImageIOError) {
        let rect = GIFCanvas.Rect(x: try reader.u16("image descriptor"), y: try reader.u16("image descriptor"),
                                  width: try reader.u16("image descriptor"), height: try reader.u16("image descriptor"))
        let flags = try reader.byte("image descriptor")
        var palette = state.globalPalette
        if flags & 0x80 != 0 {
            palette = Array(try reader.bytes(3 << (Int(flags & 7) + 1), "local colour table"))
        }
        let minCodeSize = Int(try reader.byte("LZW minimum code size"))
        state.imageData.removeAll(keepingCapacity: true)
        try reader.appendSubBlocks(to: &state.imageData, "image data")

        let frameNumber = state.frames.count + 1
        let (totalPixels, overflow) = frameNumber.multipliedReportingOverflow(by: state.width * state.height)
        guard frameNumber <= limits.maxFrames, !overflow, totalPixels <= limits.maxAnimationPixels else {
            throw .animationTooLarge(frames: frameNumber, width: state.width, height: state.height)
        }
        guard let palette else { throw .malformed("GIF frame \(frameNumber) has no colour table") }
        if rect.width > 0, rect.height > 0 { try limits.check(width: rect.width, height: rect.height) }
        // The frame's data must fill its whole rectangle (else it is malformed), so its LZW work
        // is known before decoding: refuse it up front when it would exceed the budget.
        let work = Saturating.add(state.lzwIndices, rect.width * rect.height)
        guard work <= limits.maxLZWIndices else {
            throw .workBudgetExceeded("GIF frame \(frameNumber) (\(rect.width)×\(rect.height)) brings LZW output to "
                                      + "\(work) indices, over maxLZWIndices (\(limits.maxLZWIndices))")
        }

        let control = state.control
        let colors = GIFCanvas.colorTable(palette: palette, transparentIndex: control.transparentIndex)
        let interlaced = flags & 0x40 != 0
        var canvas: GIFCanvas
        var firstIndices: [UInt8]?
        if let existing = state.canvas {
            canvas = existing
            state.canvas = nil   // keep the canvas uniquely referenced while drawing
        } else {
            // First frame: decode before allocating anything canvas-sized.
            firstIndices = try GIFCanvas.decodeIndices(rect: rect, minCodeSize: minCodeSize, data: state.imageData,
                                                       frameNumber: frameNumber)
            canvas = try GIFCanvas(width: state.width, height: state.height)
        }
        let saved = control.disposal == 3 ? canvas.copy(of: rect) : nil
        if let firstIndices {
            canvas.paint(rect: rect, interlaced: interlaced, colors: colors, indices: firstIndices)
        } else {
            try canvas.draw(rect: rect, interlaced: interlaced, colors: colors, minCodeSize: minCodeSize,
                            data: state.imageData, frameNumber: frameNumber)
        }
        state.lzwIndices = work
        DecodeWork.counters?.lzwIndices += rect.width * rect.height
        state.frames.append(AnimatedImage.Frame(image: try canvas.image(),
                                                delay: Double(control.delayCentiseconds) / 100))
        switch control.disposal {
        case 2: canvas.clear(rect)
        case 3: if let saved { canvas.restore(saved, to: rect) }
        default: break
        }
        state.canvas = canvas
        state.control = GraphicControl()
    }
}
