// FontDatabase: which font file serves a request, through fontconfig — the family (or a generic
// family), weight, width and slant; per-character fallback when a face lacks a glyph; the
// bundled DejaVu Sans when the machine has no font at all. Every answer is cached: fontconfig
// is asked once per distinct request or character.
//
// iOS font names (Helvetica, Helvetica Neue, Avenir, Menlo …) are not on a Linux machine. The
// names iOS ships are mapped to fontconfig's generic families in one table (`FontNames`), so
// `UIFont(name: "HelveticaNeue-Bold", size:)` finds a bold sans-serif here as it finds a font on
// a device; a name neither installed nor in that table is not found (UIFont answers nil, as iOS).

import CFontconfig
import Foundation
import KinemaSupport

/// What a program asks for: a family (nil = the system font), weight, width, slant.
package struct FontRequest: Sendable, Hashable {
    /// A family name, a generic family ("sans-serif", "serif", "monospace"), or nil for the
    /// system font.
    package var family: String?
    /// Weight on CSS's scale, 100 (thin) … 400 (regular) … 700 (bold) … 900 (black).
    package var weight: Int
    /// Width on CSS's percentage scale (50 ultra-condensed … 100 normal … 200 ultra-expanded).
    package var width: Int
    package var italic: Bool
    /// Tabular (equal-width) digits: HarfBuzz's `tnum` feature when shaping.
    package var tabularNumbers = false

    package init(family: String? = nil, weight: Int = 400, width: Int = 100, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.width = width
        self.italic = italic
    }
}

/// The fonts of the machine, through fontconfig, and the bundled fallback.
package final class FontDatabase: @unchecked Sendable {
    package static let shared = FontDatabase()

    private let lock = NSLock()
    private let config: OpaquePointer?
    private var faces: [String: FontFace] = [:]
    private var matches: [FontRequest: FontFace] = [:]
    private var installed: [String: Bool] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]
    private var warnedNoFonts = false

    private struct FallbackKey: Hashable {
        var scalar: UInt32
        var weight: Int
        var italic: Bool
    }

    private init() {
        if FcInit() == 0 {
            KinemaDiagnostics.emit("KinemaText", "fontconfig could not be initialised; only the bundled DejaVu Sans is used")
            config = nil
        } else {
            config = FcConfigGetCurrent()
        }
    }

    /// A database on its own fontconfig configuration, given as the text of a `fonts.conf`
    /// (for tests: a configuration naming no font folder stands for a machine without fonts).
    /// Nil when fontconfig cannot parse it.
    package init?(fontconfigXML: String) {
        guard FcInit() != 0, let config = FcConfigCreate() else { return nil }
        let parsed = fontconfigXML.withCString { FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 1) }
        guard parsed != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
        ownsConfig = true
    }

    private var ownsConfig = false

    deinit {
        if ownsConfig, let config { FcConfigDestroy(config) }
    }

    /// The bundled DejaVu Sans (Bitstream Vera licence, `Resources/Fonts/DejaVu-LICENSE.txt`),
    /// used when fontconfig finds nothing. Read once, by whichever thread asks first.
    package var bundledFace: FontFace? {
        bundledFaceLock.lock()
        defer { bundledFaceLock.unlock() }
        if let loaded = bundledFaceStorage { return loaded }
        let face: FontFace?
        if let url = Bundle.module.url(forResource: "DejaVuSans", withExtension: "ttf", subdirectory: "Resources/Fonts") {
            face = FontFace(path: url.path, index: 0)
        } else {
            KinemaDiagnostics.emit("KinemaText", "the bundled DejaVu Sans is missing from KinemaText's resources")
            face = nil
        }
        bundledFaceStorage = .some(face)
        return face
    }

    private let bundledFaceLock = NSLock()
    private var bundledFaceStorage: FontFace??

    /// The face that best serves `request`: fontconfig's match, else the bundled face, else (a
    /// broken installation, reported) `FontFace.empty`, which draws nothing.
    package func face(for request: FontRequest) -> FontFace {
        if let face = matchedFace(for: request) { return face }
        lock.lock()
        let warn = !warnedNoBundledFont
        warnedNoBundledFont = true
        lock.unlock()
        if warn {
            KinemaDiagnostics.emit("KinemaText", "no font could be read, not even the bundled DejaVu Sans: text takes space but draws nothing")
        }
        return .empty
    }

    private var warnedNoBundledFont = false

    private func matchedFace(for request: FontRequest) -> FontFace? {
        var request = request
        request.tabularNumbers = false // a shaping feature, not a face
        lock.lock()
        if let cached = matches[request] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let family = request.family.map(FontNames.fontconfigFamily(for:)) ?? FontNames.systemFamily
        var face = match(family: family, weight: request.weight, width: request.width, italic: request.italic, scalar: nil)
        if face == nil {
            lock.lock()
            let warn = !warnedNoFonts
            warnedNoFonts = true
            lock.unlock()
            if warn {
                KinemaDiagnostics.emit("KinemaText", "fontconfig found no font for \(family); drawing with the bundled DejaVu Sans")
            }
            face = bundledFace
        }
        lock.lock()
        if let face { matches[request] = face }
        lock.unlock()
        return face
    }

    /// Whether `name` names a font this machine has (a family or PostScript name fontconfig
    /// knows), or one iOS ships that `FontNames` maps to a generic family.
    package func isAvailable(name: String) -> Bool {
        if FontNames.iOSFamily(for: name) != nil { return true }
        lock.lock()
        if let known = installed[name] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let found = fontconfigHas(name: name)
        lock.lock()
        installed[name] = found
        lock.unlock()
        return found
    }

    /// A face that has a glyph for `scalar`, close to `weight` and `italic`, or nil when no
    /// font of the machine has one.
    package func fallback(for scalar: Unicode.Scalar, weight: Int, italic: Bool) -> FontFace? {
        let key = FallbackKey(scalar: scalar.value, weight: weight, italic: italic)
        lock.lock()
        if let cached = fallbacks[key] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        var face = match(family: FontNames.systemFamily, weight: weight, width: 100, italic: italic, scalar: scalar)
        if let candidate = face, !candidate.covers(scalar) { face = nil }
        if face == nil, let bundled = bundledFace, bundled.covers(scalar) { face = bundled }
        lock.lock()
        fallbacks[key] = face
        lock.unlock()
        return face
    }

    /// Every family fontconfig lists, sorted, without repeats.
    package func familyNames() -> [String] {
        Array(Set(list([FC_FAMILY], family: nil, everyValue: false))).sorted()
    }

    /// The PostScript names of `family`'s faces, sorted.
    package func postScriptNames(ofFamily family: String) -> [String] {
        Array(Set(list([FC_POSTSCRIPT_NAME], family: family, everyValue: false))).sorted()
    }

    /// The values of `objects` of every font fontconfig lists (of `family` when given): each
    /// object's first value, or with `everyValue` all of them (a font can have several family
    /// names).
    private func list(_ objects: [String], family: String?, everyValue: Bool) -> [String] {
        guard config != nil, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        if let family {
            _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        guard let objectSet = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objectSet) }
        for object in objects { _ = FcObjectSetAdd(objectSet, object) }
        guard let fonts = FcFontList(config, pattern, objectSet) else { return [] }
        defer { FcFontSetDestroy(fonts) }
        var result: [String] = []
        let set = fonts.pointee
        for i in 0..<Int(set.nfont) {
            guard let font = set.fonts[i] else { continue }
            for object in objects {
                var n: Int32 = 0
                while everyValue || n == 0 {
                    var value: UnsafeMutablePointer<FcChar8>?
                    guard FcPatternGetString(font, object, n, &value) == FcResultMatch, let value else { break }
                    result.append(String(cString: value))
                    n += 1
                }
            }
        }
        return result
    }

    // MARK: fontconfig

    private func fontconfigHas(name: String) -> Bool {
        let wanted = FontNames.normalized(name)
        return list([FC_FAMILY, FC_POSTSCRIPT_NAME, FC_FULLNAME], family: nil, everyValue: true)
            .contains { FontNames.normalized($0) == wanted }
    }

    private func match(family: String, weight: Int, width: Int, italic: Bool, scalar: Unicode.Scalar?) -> FontFace? {
        guard config != nil, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(clamping: weight))))
        _ = FcPatternAddInteger(pattern, FC_WIDTH, Int32(clamping: width))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        _ = FcPatternAddBool(pattern, FC_SCALABLE, 1)
        var charset: OpaquePointer?
        if let scalar, let set = FcCharSetCreate() {
            _ = FcCharSetAddChar(set, scalar.value)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, set)
            charset = set
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        _ = FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        if let scalar {
            // Sorted candidates: the first that has the character.
            var result = FcResultNoMatch
            guard let sorted = FcFontSort(config, pattern, 1, nil, &result) else { return nil }
            defer { FcFontSetDestroy(sorted) }
            let set = sorted.pointee
            for i in 0..<Int(set.nfont) {
                guard let font = set.fonts[i] else { continue }
                var fontCharset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                      FcCharSetHasChar(fontCharset, scalar.value) != 0 else { continue }
                if let face = face(of: font), face.covers(scalar) { return face }
            }
            return nil
        }
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return face(of: matched)
    }

    private func face(of pattern: OpaquePointer) -> FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        let path = String(cString: file)
        let key = "\(path)#\(index)"
        lock.lock()
        if let face = faces[key] {
            lock.unlock()
            return face
        }
        lock.unlock()
        guard let face = FontFace(path: path, index: Int(index)) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let raced = faces[key] { return raced }
        faces[key] = face
        return face
    }
}
