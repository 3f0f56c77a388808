// The diagnostics channel: what bad input reports instead of trapping (DESIGN.md §1).
import Foundation
import Testing
@testable import KinemaSupport

@Suite("KinemaDiagnostics")
struct KinemaDiagnosticsTests {
    @Test func collectsWhatTheBodyEmits() {
        let (value, diagnostics) = KinemaDiagnostics.collecting { () -> Int in
            KinemaDiagnostics.emit("CATransform3DMakeRotation", "zero-length axis; identity returned")
            return 7
        }
        #expect(value == 7)
        #expect(diagnostics == [KinemaDiagnostic(domain: "CATransform3DMakeRotation", message: "zero-length axis; identity returned")])
        #expect(diagnostics[0].description == "[CATransform3DMakeRotation] zero-length axis; identity returned")
        #expect(diagnostics[0].module == "KinemaSupportTests", "labelled with the module that emitted it")
    }

    @Test func theModuleComesFromTheFileIDAndIsNotPartOfEquality() {
        #expect(KinemaDiagnostics.module(of: "OpenQuartzCore/CALayer.swift") == "OpenQuartzCore")
        #expect(KinemaDiagnostics.module(of: "nofolder.swift") == "")
        #expect(KinemaDiagnostic(domain: "A", message: "m", module: "X") == KinemaDiagnostic(domain: "A", message: "m"))
    }

    @Test func aCollectionIsQuietUnlessAsked() {
        #expect(KinemaDiagnostics.isLogging, "outside a collection, diagnostics are logged")
        _ = KinemaDiagnostics.collecting { #expect(!KinemaDiagnostics.isLogging) }
        _ = KinemaDiagnostics.collecting(logging: true) { #expect(KinemaDiagnostics.isLogging) }
    }

    @Test func nothingIsCollectedOutsideABody() {
        KinemaDiagnostics.emit("Test", "emitted with no collector installed")  // logged only, never traps
        let (_, diagnostics) = KinemaDiagnostics.collecting {}
        #expect(diagnostics.isEmpty)
    }

    @Test func nestedCollectorsEachSeeTheirOwnAndTheOuterSeesAll() {
        let (inner, outer) = KinemaDiagnostics.collecting { () -> [KinemaDiagnostic] in
            KinemaDiagnostics.emit("A", "outer only")
            let (_, inner) = KinemaDiagnostics.collecting { KinemaDiagnostics.emit("B", "inner") }
            return inner
        }
        #expect(inner.map(\.domain) == ["B"])
        #expect(outer.map(\.domain) == ["A", "B"])
    }

    @Test func collectingWithoutLoggingStillCollectsAndSilencesNestedCollections() {
        #expect(KinemaDiagnostics.isLogging)
        let (inner, outer) = KinemaDiagnostics.collecting(logging: false) { () -> [KinemaDiagnostic] in
            #expect(!KinemaDiagnostics.isLogging)
            KinemaDiagnostics.emit("A", "quiet")
            let (_, inner) = KinemaDiagnostics.collecting {
                #expect(!KinemaDiagnostics.isLogging, "a nested collection inside a quiet one is quiet too")
                KinemaDiagnostics.emit("B", "quiet too")
            }
            return inner
        }
        #expect(inner.map(\.domain) == ["B"])
        #expect(outer.map(\.domain) == ["A", "B"])
        #expect(KinemaDiagnostics.isLogging)
        let (_, logged) = KinemaDiagnostics.collecting(logging: true) { #expect(KinemaDiagnostics.isLogging) }
        #expect(logged.isEmpty)
    }

    /// Runs `body` on a new thread, where no task-local value of the caller is visible, and
    /// waits for it.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            finished.signal()
        }
        finished.wait()
    }

    @Test func aCapturedCollectionCollectsWhatAnotherThreadEmits() {
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            let captured = KinemaDiagnostics.current
            #expect(captured != nil)
            Self.onAnotherThread {
                #expect(KinemaDiagnostics.current == nil, "task-locals do not cross to another thread")
                KinemaDiagnostics.withCollection(captured) {
                    #expect(!KinemaDiagnostics.isLogging, "the captured collection is quiet, as is the caller's")
                    KinemaDiagnostics.emit("Worker", "from another thread")
                }
                #expect(KinemaDiagnostics.current == nil, "installed only while the body runs")
            }
            KinemaDiagnostics.emit("Caller", "from the caller")
        }
        #expect(diagnostics.map(\.domain) == ["Worker", "Caller"])
    }

    @Test func aCapturedCollectionCollectsFromEveryConcurrentWorker() {
        let (_, diagnostics) = KinemaDiagnostics.collecting {
            let captured = KinemaDiagnostics.current
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                KinemaDiagnostics.withCollection(captured) {
                    for _ in 0..<25 { KinemaDiagnostics.emit("Worker\(worker)", "from worker \(worker)") }
                }
            }
        }
        #expect(diagnostics.count == 100)
        #expect(Set(diagnostics.map(\.domain)) == ["Worker0", "Worker1", "Worker2", "Worker3"])
    }

    @Test func aCapturedInnerCollectionReportsToTheOuterToo() {
        let (inner, outer) = KinemaDiagnostics.collecting { () -> [KinemaDiagnostic] in
            let (_, inner) = KinemaDiagnostics.collecting {
                let captured = KinemaDiagnostics.current
                Self.onAnotherThread {
                    KinemaDiagnostics.withCollection(captured) { KinemaDiagnostics.emit("B", "inner, from another thread") }
                }
            }
            return inner
        }
        #expect(inner.map(\.domain) == ["B"])
        #expect(outer.map(\.domain) == ["B"])
    }

    @Test func withNoCollectionNothingIsInstalled() {
        _ = KinemaDiagnostics.collecting {
            #expect(KinemaDiagnostics.current != nil)
            KinemaDiagnostics.withCollection(nil) {
                #expect(KinemaDiagnostics.current == nil)
                #expect(KinemaDiagnostics.isLogging)
            }
            #expect(KinemaDiagnostics.current != nil)
        }
    }

    @Test func concurrentTasksDoNotSeeEachOthersDiagnostics() async {
        await withTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    let (_, diagnostics) = KinemaDiagnostics.collecting {
                        for _ in 0..<3 { KinemaDiagnostics.emit("Task\(index)", "from task \(index)") }
                    }
                    return Array(Set(diagnostics.map(\.domain)))
                }
            }
            for await domains in group {
                #expect(domains.count == 1)
            }
        }
    }
}
