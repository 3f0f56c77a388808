// The package's version, in the support module so that every part that prints it — the `kinema`
// tool's `--version` and the head of each `kinema bench` report (so figures say which build made
// them) — reads one constant.

/// The version printed by `kinema --version` and at the head of every `kinema bench` report.
package enum KinemaVersion {
    package static let string = "0.1.0"
}
