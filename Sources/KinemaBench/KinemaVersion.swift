// The version of the `kinema` tool. It lives here, not in the executable, because the bench
// report's first line names it (so figures say which build made them) and a library target
// cannot import an executable target; `kinema --version` reads it from here.

/// The version printed by `kinema --version` and at the head of every `kinema bench` report.
public enum KinemaVersion {
    public static let string = "0.1.0"
}
