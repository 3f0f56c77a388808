// Every committed fixture is used by a test, and every file in Fixtures/ belongs to a fixture.
import Foundation
import Testing

@Suite("Fixture inventory")
struct FixtureInventoryTests {
    /// STYLE.md: a test fails on reference images that no test uses.
    @Test("every fixture is covered and every file is referenced")
    func inventory() throws {
        let covered = Set(
            Fixture.names(format: "png", kind: "still") + Fixture.names(format: "jpeg", kind: "still")
                + Fixture.names(format: "gif", kind: "animation") + CorruptFileTests.names)
        #expect(covered == Set(Fixture.all.keys), "fixtures of a format/kind no test reads")
        var referenced: Set<String> = []
        for fixture in Fixture.all.values {
            referenced.insert(fixture.name + ".json")
            referenced.insert(fixture.file)
            if let expected = fixture.expected { referenced.insert(expected) }
            #expect((fixture.kind == "error") == (fixture.expected == nil), "\(fixture.name)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.directory.path)
        #expect(Set(files) == referenced, "files in Fixtures/ that no sidecar names")
        #expect(Fixture.all.count > 80)
    }
}
