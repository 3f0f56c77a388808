// KinemaImageIO: image files in and out.
//
// Read: PNG (libpng), JPEG (libjpeg-turbo), GIF (Swift, all frames, composited as displayed).
// Write: PNG (libpng), JPEG (libjpeg-turbo); animations through `FrameSink`: GIF (Swift),
// APNG (libpng per frame, rewrapped), PNG sequences, video (an ffmpeg process). See
// docs/RECORDING.md.
// Entry points: `ImageDecoder.decode(_:)` sniffs the format; `PNGDecoder`, `JPEGDecoder`,
// `GIFDecoder`, `PNGEncoder`, `JPEGEncoder` are the per-format codecs.
//
// Pixels: every codec speaks `DecodedImage` (premultiplied RGBA8, sRGB, rows top first, tightly
// packed) — the layout of KinemaRaster's `Pixmap`, which will replace it through a one-line
// adapter once both exist side by side.
//
// Safety: libpng and libjpeg report errors by longjmp, which must never cross a Swift frame, so
// every call into them runs in the C target CKinemaCodecs under a setjmp taken in C. Malformed,
// truncated or hostile files throw `ImageIOError`; nothing traps. Dimensions are checked against
// `ImageDecodingLimits` before any pixel buffer is allocated.
//
// Colour: no colour management. PNG gAMA / cHRM / sRGB / iCCP chunks and JPEG ICC profiles are
// ignored; samples are taken as sRGB as stored. This matches what Pillow and most thumbnailers
// do, and differs from a colour-managed browser only for files tagged with another space.
//
// Out of scope: APNG reading, 16-bit output, colour management, EXIF metadata beyond
// orientation, CMYK colour profiles.
