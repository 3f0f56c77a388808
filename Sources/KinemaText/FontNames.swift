// FontNames: the one place that maps iOS's font names to what a Linux machine has.
//
// iOS ships families a Linux machine does not (Helvetica, Helvetica Neue, Avenir, Menlo, the
// system font "SF Pro" / ".SFUI-…"). Code written for iOS names them, so each is mapped to the
// fontconfig generic family closest in kind: sans-serif, serif or monospace. A PostScript-style
// name's suffix ("-Bold", "-LightItalic", "-CondensedBlack" …) gives the weight, width and slant.
// The choice is documented in docs/TEXT.md; change it here only.

import Foundation

package enum FontNames {
    /// What the system font (`UIFont.systemFont(ofSize:)`) asks fontconfig for.
    package static let systemFamily = "sans-serif"

    /// iOS families (normalised: lower case, no spaces or hyphens) and the generic family that
    /// stands in for each.
    private static let iOSFamilies: [String: String] = {
        let sans = [
            "helvetica", "helveticaneue", "arial", "arialmt", "avenir", "avenirnext", "avenirnextcondensed",
            "sfpro", "sfprotext", "sfprodisplay", "sfui", "sfuitext", "sfuidisplay", ".sfui", "systemfont",
            "verdana", "trebuchetms", "gillsans", "futura", "kohinoorbangla", "optima", "sanfrancisco",
        ]
        let serif = ["timesnewroman", "timesnewromanps", "times", "georgia", "palatino", "baskerville", "didot", "newyork", "charter", "hoeflertext"]
        let mono = ["courier", "couriernew", "couriernewps", "menlo", "sfmono", "americantypewriter"]
        var table: [String: String] = [:]
        for name in sans { table[name] = "sans-serif" }
        for name in serif { table[name] = "serif" }
        for name in mono { table[name] = "monospace" }
        return table
    }()

    /// Style words in PostScript names and what they mean (weight on CSS's scale, width %, italic).
    private static let styleWords: [(word: String, weight: Int?, width: Int?, italic: Bool)] = [
        ("ultralight", 100, nil, false), ("thin", 100, nil, false), ("extralight", 200, nil, false),
        ("light", 300, nil, false), ("regular", 400, nil, false), ("roman", 400, nil, false), ("book", 400, nil, false),
        ("medium", 500, nil, false), ("semibold", 600, nil, false), ("demibold", 600, nil, false), ("demi", 600, nil, false),
        ("extrabold", 800, nil, false), ("ultrabold", 800, nil, false), ("bold", 700, nil, false),
        ("heavy", 800, nil, false), ("black", 900, nil, false),
        ("condensed", nil, 75, false), ("compressed", nil, 62, false), ("expanded", nil, 125, false),
        ("italic", nil, nil, true), ("oblique", nil, nil, true), ("it", nil, nil, true),
    ]

    /// Lower case, without spaces, hyphens and underscores.
    package static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    /// The generic family iOS's `name` maps to, or nil when it is not an iOS family.
    package static func iOSFamily(for name: String) -> String? {
        let (family, _) = split(name)
        return iOSFamilies[normalized(family)]
    }

    /// What fontconfig is asked for when a program names `family`.
    package static func fontconfigFamily(for family: String) -> String {
        iOSFamilies[normalized(family)] ?? family
    }

    /// The request a font name makes: "HelveticaNeue-BoldItalic" → sans-serif, 700, italic;
    /// "DejaVu Sans" → that family, regular.
    package static func request(forName name: String) -> FontRequest {
        let (family, style) = split(name)
        var request = FontRequest(family: family)
        var rest = style.lowercased()
        while !rest.isEmpty {
            guard let word = styleWords.first(where: { rest.hasPrefix($0.word) }) else { break }
            if let weight = word.weight { request.weight = weight }
            if let width = word.width { request.width = width }
            if word.italic { request.italic = true }
            rest.removeFirst(word.word.count)
        }
        return request
    }

    /// "Family-Style" → ("Family", "Style"); a name without a hyphen is all family.
    private static func split(_ name: String) -> (family: String, style: String) {
        guard let hyphen = name.lastIndex(of: "-"), hyphen != name.startIndex else { return (name, "") }
        let family = String(name[..<hyphen])
        let style = String(name[name.index(after: hyphen)...])
        // "Kohinoor-Bangla" style hyphens inside a family: keep the whole name when the suffix
        // is not made of style words.
        let lower = style.lowercased()
        var rest = Substring(lower)
        while !rest.isEmpty, let word = styleWords.first(where: { rest.hasPrefix($0.word) }) {
            rest = rest.dropFirst(word.word.count)
        }
        return rest.isEmpty ? (family, style) : (name, "")
    }
}
