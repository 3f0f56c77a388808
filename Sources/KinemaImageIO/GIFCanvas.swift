// GIFCanvas: the logical screen a GIF's frames are composited on.
//
// Audited against: GIF89a §20 (image position within the logical screen), §23 (disposal
// methods), Appendix E (interlace passes: rows 0, 8, 16…; 4, 12…; 2, 6…; 1, 3…).
// Status: complete.

/// The displayed state of a GIF: premultiplied RGBA8 pixels held as one `UInt32` each (bytes in
/// R, G, B, A order in memory), starting fully transparent.
///
/// GIF pixels are either opaque palette colours or untouched, so premultiplied and straight
/// values coincide; transparent is all zero.
struct GIFCanvas {
    /// A frame's rectangle in canvas coordinates, as the file gives it (may reach outside).
    struct Rect {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    let width: Int
    let height: Int
    private(set) var pixels: [UInt32]

    /// A transparent canvas; `.outOfMemory` if the system refuses its memory.
    init(width: Int, height: Int) throws(ImageIOError) {
        try DecodeMemory.reserve(width * height, bytesEach: 4, for: "GIF canvas \(width)×\(height)")
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    /// The canvas as a `DecodedImage` (one copy); `.outOfMemory` if the system refuses it.
    func image() throws(ImageIOError) -> DecodedImage {
        try DecodeMemory.reserve(width * height, bytesEach: 4, for: "GIF frame \(width)×\(height)")
        return DecodedImage(width: width, height: height, pixels: pixels.withUnsafeBytes { [UInt8]($0) })
    }

    /// The table from colour index to premultiplied RGBA, 0 for "leave the canvas as it is":
    /// the transparent index and indices past the palette.
    static func colorTable(palette: [UInt8], transparentIndex: Int?) -> [UInt32] {
        var colors = [UInt32](repeating: 0, count: 256)
        colors.withUnsafeMutableBytes { table in
            for index in 0..<min(256, palette.count / 3) where index != transparentIndex {
                table[index * 4] = palette[index * 3]
                table[index * 4 + 1] = palette[index * 3 + 1]
                table[index * 4 + 2] = palette[index * 3 + 2]
                table[index * 4 + 3] = 255
            }
        }
        return colors
    }

    /// `rect` clipped to the canvas, as half-open column and row ranges (possibly empty).
    func clip(_ rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
        let x0 = min(rect.x, width), x1 = min(rect.x + rect.width, width)
        let y0 = min(rect.y, height), y1 = min(rect.y + rect.height, height)
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// The pixels under `rect` (clipped), row by row.
    func copy(of rect: Rect) -> [UInt32] {
        let (columns, rows) = clip(rect)
        var out: [UInt32] = []
        out.reserveCapacity(columns.count * rows.count)
        for y in rows {
            out.append(contentsOf: pixels[(y * width + columns.lowerBound)..<(y * width + columns.upperBound)])
        }
        return out
    }

    /// Puts back what `copy(of: rect)` returned.
    mutating func restore(_ saved: [UInt32], to rect: Rect) {
        let (columns, rows) = clip(rect)
        guard saved.count == columns.count * rows.count else { return }
        var i = 0
        for y in rows {
            pixels.replaceSubrange((y * width + columns.lowerBound)..<(y * width + columns.upperBound),
                                   with: saved[i..<(i + columns.count)])
            i += columns.count
        }
    }

    /// Disposal "restore to background": the rectangle becomes transparent.
    mutating func clear(_ rect: Rect) {
        let (columns, rows) = clip(rect)
        for y in rows {
            for x in columns { pixels[y * width + x] = 0 }
        }
    }

    /// Decodes one frame's LZW data and draws it: palette colours replace canvas pixels;
    /// the transparent index and indices past the palette leave them. Throws if the data holds
    /// fewer indices than the frame has pixels. Returns how many indices were decoded.
    @discardableResult
    mutating func draw(rect: Rect, interlaced: Bool, colors: [UInt32], minCodeSize: Int, data: [UInt8],
                       frameNumber: Int) throws(ImageIOError) -> Int {
        let pixelCount = rect.width * rect.height
        guard pixelCount > 0 else { return 0 }
        var placer = Placer(rect: rect, interlaced: interlaced, canvasWidth: width, canvasHeight: height)
        let decoded = try pixels.withUnsafeMutableBufferPointer { (canvas) throws(ImageIOError) -> Int in
            try colors.withUnsafeBufferPointer { (colors) throws(ImageIOError) -> Int in
                try data.withUnsafeBufferPointer { (input) throws(ImageIOError) -> Int in
                    try GIFLZW.decode(input, minCodeSize: minCodeSize, pixelCount: pixelCount) { run in
                        placer.place(run, colors: colors, canvas: canvas)
                    }
                }
            }
        }
        guard decoded == pixelCount else {
            throw .malformed("GIF frame \(frameNumber): image data ends after \(decoded) of \(pixelCount) pixels")
        }
        return decoded
    }

    /// Draws colour indices already decoded (a whole frame's, in file order).
    mutating func paint(rect: Rect, interlaced: Bool, colors: [UInt32], indices: [UInt8]) {
        var placer = Placer(rect: rect, interlaced: interlaced, canvasWidth: width, canvasHeight: height)
        pixels.withUnsafeMutableBufferPointer { canvas in
            colors.withUnsafeBufferPointer { colors in
                indices.withUnsafeBufferPointer { placer.place($0, colors: colors, canvas: canvas) }
            }
        }
    }

    /// Decodes one frame's LZW data to its colour indices without a canvas, so that the canvas
    /// is only allocated once a frame's data has proved whole. Memory grows with the indices
    /// decoded, never with the frame's claimed size alone.
    static func decodeIndices(rect: Rect, minCodeSize: Int, data: [UInt8],
                              frameNumber: Int) throws(ImageIOError) -> [UInt8] {
        let pixelCount = rect.width * rect.height
        guard pixelCount > 0 else { return [] }
        var indices: [UInt8] = []
        let decoded = try data.withUnsafeBufferPointer { (input) throws(ImageIOError) -> Int in
            try GIFLZW.decode(input, minCodeSize: minCodeSize, pixelCount: pixelCount) { run in
                indices.append(contentsOf: run)
            }
        }
        guard decoded == pixelCount else {
            throw .malformed("GIF frame \(frameNumber): image data ends after \(decoded) of \(pixelCount) pixels")
        }
        return indices
    }

    /// Puts a frame's indices, in file order, at their canvas positions (rows by the interlace
    /// order, anything outside the canvas dropped).
    struct Placer {
        let rect: Rect
        let canvasWidth: Int
        let canvasHeight: Int
        var cursor: RowCursor
        var column = 0

        init(rect: Rect, interlaced: Bool, canvasWidth: Int, canvasHeight: Int) {
            self.rect = rect
            self.canvasWidth = canvasWidth
            self.canvasHeight = canvasHeight
            cursor = RowCursor(height: rect.height, interlaced: interlaced)
        }

        mutating func place(_ run: UnsafeBufferPointer<UInt8>, colors: UnsafeBufferPointer<UInt32>,
                            canvas: UnsafeMutableBufferPointer<UInt32>) {
            for index in run {
                let x = rect.x + column, y = rect.y + cursor.row
                let color = colors[Int(index)]
                if color != 0, x < canvasWidth, y < canvasHeight { canvas[y * canvasWidth + x] = color }
                column += 1
                if column == rect.width {
                    column = 0
                    cursor.advance()
                }
            }
        }
    }

    /// Which frame row the next decoded row is: in order, or by GIF's four interlace
    /// passes (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    struct RowCursor {
        static let passStart = [0, 4, 2, 1]
        static let passStep = [8, 8, 4, 2]

        let height: Int
        let interlaced: Bool
        private(set) var row = 0
        private var pass = 0

        init(height: Int, interlaced: Bool) {
            self.height = height
            self.interlaced = interlaced
        }

        mutating func advance() {
            guard interlaced else { row += 1; return }
            row += Self.passStep[pass]
            while row >= height, pass < 3 {
                pass += 1
                row = Self.passStart[pass]
            }
        }
    }
}
