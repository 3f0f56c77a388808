// Loads the reference values committed under References/ (made by Scripts/references/*.py).
import Foundation

enum ReferenceDataError: Error, CustomStringConvertible {
    case missing(String)
    var description: String {
        switch self {
        case .missing(let name): "reference file References/\(name).json is missing from the test bundle"
        }
    }
}

/// Decodes `References/<name>.json` from this test target's resources.
func loadReference<T: Decodable>(_ name: String, as type: T.Type = T.self) throws -> T {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "References") else {
        throw ReferenceDataError.missing(name)
    }
    return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
}
