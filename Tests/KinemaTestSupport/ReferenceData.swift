// Reference values committed with a test target under References/ (made by Scripts/references/*.py).
import Foundation

public enum ReferenceDataError: Error, CustomStringConvertible {
    case missing(String)
    public var description: String {
        switch self {
        case .missing(let name): "reference file References/\(name).json is missing from the test bundle"
        }
    }
}

/// Decodes `References/<name>.json` from `bundle` (the test target's `Bundle.module`).
public func loadReference<T: Decodable>(_ name: String, as type: T.Type = T.self, in bundle: Bundle) throws -> T {
    guard let url = bundle.url(forResource: name, withExtension: "json", subdirectory: "References") else {
        throw ReferenceDataError.missing(name)
    }
    return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
}
