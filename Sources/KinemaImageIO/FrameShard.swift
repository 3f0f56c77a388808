// FrameShard: which frames of a longer recording one output holds, so that recordings split
// over processes or machines (`kinema demo --frames`) can be checked and joined (`kinema merge`,
// FrameShardMerge.swift); and the text forms of a frame range (`1200..1799`, `1200..<1800`).
//
// Audited against: Swift's range operators (`a...b` closed, `a..<b` half-open), for the text
//   forms; docs/SCALING.md for how shards are used.
// Status: complete. The shard note is written by PNG sequences (frames.json) and videos (the
//   container's comment tag); GIF and APNG shards carry none (they are not merge inputs).

/// Frames `frames` of a recording of `totalFrames` frames: what a sink records when a recording
/// is split into shards (`Stage.record(…, frames:)`, `kinema demo --frames`).
///
/// ```swift
/// var options = FrameSinkOptions()
/// options.shard = try FrameShard(frames: 600..<1200, totalFrames: 1200)
/// // a PNG sequence then names its files frame_00600.png … frame_01199.png
/// ```
///
/// **Semantics.** A PNG sequence names its files by their frame number in the whole recording and
/// adds `"first_frame"` and `"recording_frames"` to its `frames.json`; a video gets the comment
/// tag `kinema-shard A..<B of N`. `FrameShardMerge` reads these to put shards in order and to
/// refuse gaps, overlaps and missing shards.
public struct FrameShard: Sendable, Hashable, CustomStringConvertible {
    /// The frames this output holds (numbers in the whole recording, from 0).
    public let frames: Range<Int>
    /// How many frames the whole recording has.
    public let totalFrames: Int

    /// A shard of `frames` out of `totalFrames`; throws `.invalidArgument` unless
    /// 0 ≤ lower < upper ≤ totalFrames.
    public init(frames: Range<Int>, totalFrames: Int) throws(EncodingError) {
        guard frames.lowerBound >= 0, !frames.isEmpty, frames.upperBound <= totalFrames else {
            throw .invalidArgument("frames \(frames.lowerBound)..<\(frames.upperBound) are not a non-empty part of 0..<\(totalFrames)")
        }
        self.frames = frames
        self.totalFrames = totalFrames
    }

    /// `A..<B of N`, the form the shard notes use.
    public var description: String { "\(frames.lowerBound)..<\(frames.upperBound) of \(totalFrames)" }

    /// Reads `description`'s form back; nil for anything else.
    static func parseNote(_ text: Substring) -> FrameShard? {
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[1] == "of", let total = Int(parts[2]),
              let range = try? parseRange(String(parts[0]), frameCount: total) else { return nil }
        return try? FrameShard(frames: range, totalFrames: total)
    }

    /// The frames a range written as text names, within a recording of `frameCount` frames.
    ///
    /// `A..B` and `A...B` include B (`1200..1799` is 600 frames, the form of `seq 1200 1799`);
    /// `A..<B` excludes it, as in Swift; `A..` runs to the last frame. Numbers count from 0.
    /// Throws `.invalidArgument`, saying what is wrong, for other text, negative or reversed
    /// bounds, an empty range, or frames past the recording's end.
    public static func parseRange(_ text: String, frameCount: Int) throws(EncodingError) -> Range<Int> {
        let form = "write A..B (B included), A..<B (B excluded) or A.. (to the end), frames counted from 0"
        guard let dots = text.firstRange(of: "..") else {
            throw .invalidArgument("frame range \"\(text)\": \(form)")
        }
        let lowerText = text[..<dots.lowerBound]
        var upperText = text[dots.upperBound...]
        var inclusive = true
        if upperText.hasPrefix("<") {
            inclusive = false
            upperText = upperText.dropFirst()
        } else if upperText.hasPrefix(".") {
            upperText = upperText.dropFirst()
        }
        guard let lower = Int(lowerText), lower >= 0 else {
            throw .invalidArgument("frame range \"\(text)\": the first frame must be a whole number ≥ 0; \(form)")
        }
        let upper: Int
        if upperText.isEmpty, inclusive, !text.hasSuffix("...") {
            upper = frameCount
        } else {
            guard let bound = Int(upperText), bound >= 0, bound < Int.max else {
                throw .invalidArgument("frame range \"\(text)\": the last frame must be a whole number ≥ 0; \(form)")
            }
            upper = inclusive ? bound + 1 : bound
        }
        guard lower < upper else {
            throw .invalidArgument("frame range \"\(text)\" is empty; \(form)")
        }
        guard upper <= frameCount else {
            throw .invalidArgument("frame range \"\(text)\" goes past the recording's last frame, \(frameCount - 1) (\(frameCount) frames: 0..<\(frameCount))")
        }
        return lower..<upper
    }
}
