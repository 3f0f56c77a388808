// CFTimeInterval: Core Foundation's seconds, the unit of every time on both sides of the
// client/server line (OpenQuartzCore re-exports it).
//
// Audited against: CFTimeInterval (a Double number of seconds). Status: complete.

/// A time interval in seconds, as Core Foundation defines it.
public typealias CFTimeInterval = Double
