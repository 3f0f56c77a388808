// KinemaRaster: pixels. Pixmap (premultiplied RGBA8, sRGB), exact-area anti-aliased scan
// conversion, blitting under rectangle and mask clips (solid colours, linear and two-circle radial
// gradients, images under projective transforms; every W3C blend mode), Gaussian blur.
// Pure Swift with Kinema's own names; the Core Graphics API is layered on it in OpenCoreGraphics.
//
// The life of one fill:
//   RasterPath (device-pixel polylines, checked: NaN/inf dropped, |v| > 1e300 pinned)
//   → ScanConverter: EdgeWalker clips each segment to the target in Double, converts it to 24.8
//     fixed point and walks it through the pixel cells it crosses (cover + area per cell) into
//     a cell store: dense (a grid over the bounding box, one bit per cell) for shapes up to 2^17
//     cells and 4096 segments, else sparse (a list, bucketed by row, each row sorted by column)
//   → sweep, row by row left to right: coverage per pixel and constant runs
//   → CoverageSink: SolidSourceOverBlitter for solid source-over (packed / 16-bit SIMD lanes),
//     AffineImageBlitter for an affine image source-over (fixed point), else
//     ShadedBlitter<Shader> (gradient / image colours per run in Float, BlendMode, coverage lerp),
//     any of them through MaskedSink for a ClipMask.
//
// Performance-shaping decisions, with the figures that justified them. Figures are from
// `kinema bench --filter raster` (docs/BENCHMARKS.md: 1280×720, one thread, release build,
// thread CPU, best of 9, on the project's shared 2-core AMD EPYC, peers measured in the same
// run) and from callgrind instruction counts per run, which repeat where timings do not.
//   • Pixels are one UInt32 each. Scalar blends take two channels per 32-bit multiply
//     (PackedPixel), with exact rounded division by 255; spans blend four pixels per step in
//     16-bit SIMD lanes and a lone edge pixel in one SIMD4<UInt16> — bit for bit the scalar
//     results (tests check every byte pair and coverage). A lone edge pixel went from about 50
//     instructions to 20 (triangles 539 → 499 M instructions a run). A full-coverage opaque run
//     is a plain fill.
//   • Generic sinks (CoverageSink), specialized by the compiler, so the sweep and the blend loop
//     are one inlined loop with no per-pixel call or dynamic dispatch. Caution: the standard
//     library's generic SIMD conversions (SIMD8<UInt16>(truncatingIfNeeded:) and kin) are only
//     inlined while a function has few of them; two more in the span loop (to divide by 255
//     with pmulhuw) left them all as calls: triangles 436 → 612 M instructions a run. Check
//     the disassembly for `call` after touching SIMD code.
//   • Cells live in scratch buffers the converter keeps between calls, written through
//     pointers by a local EdgeWalker (state in registers): appending to a Swift array cost a
//     uniqueness check and a runtime call per cell (triangles 770 → 659 M instructions).
//   • Dense cell grid for small shapes, sparse list for large ones. The sparse store's memory
//     and cost follow the outline, but each cell is appended, merged, counted, scattered and
//     sorted (about 240 instructions a cell in all, 1.9 M cells a run for the triangles). The
//     dense grid adds each contribution in place and sets a bit; the sweep walks the bits and
//     zeroes what it reads: triangles 659 → 539 M instructions a run, 51 → 43 ms; cubic shapes
//     1355 → 1167 M, 115 → 95 ms. Its limits: 2^17 cells (1 MiB kept per converter), and 4096
//     segments so that Int32 sums cannot overflow. Pixels are identical from either store
//     (integer sums; a test compares them on random paths).
//   • Cache hints: in the first, sparse version half of the sweep waited on the first load of
//     each row's pixels (rows 5 KB apart); asking for the ends of the span two rows ahead
//     (Prefetch) took it from 100 to 68 ms CPU, asking for every line of the span was slower
//     (85 ms). The sparse sweep keeps that. With the dense store the same hint cost time
//     (triangles 36.8 ms without it against 37.5 with, cubic shapes 84.8 against 85.7, three
//     pairs), so the dense sweep gives none.
//   • Images: an affine image pattern drawn source-over (the common way to draw an image) goes
//     through AffineImageBlitter: u, v stepped in 32.32 fixed point along each span, bilinear
//     weights summing to 2^14 in one SSE2 multiply-add per texel pair, and the colour kept
//     unrounded (units of 2^-14 level) through coverage × alpha and source-over, rounded once
//     as the Float path rounds. The general path spent about 490 instructions a pixel (Double
//     mapping, Float filtering and blending, non-inlined SIMD min/max): raster.image.bilinear
//     went 230 → 26 ms (3.48 → 0.57 G instructions a run). Within one level of the general
//     path (a test compares them on random affine scenes); projective transforms, other blend
//     modes and coordinates beyond ±2^30 texels keep the general path.
//   • Image spans in C (CKinemaImageSpan.c): the same integers 8 pixels a step in AVX2, picked at
//     run time (`__builtin_cpu_supports`, once), one channel per register so the weights, the
//     division by 255 and the limit to alpha cost one operation per 8 pixels; a portable C
//     kernel elsewhere. Byte-identical to the Swift walk (tests compare every byte of random
//     drawings and spans), so goldens and pictures did not move. raster.image.bilinear
//     33.4 → 17.1 ms (same session; 0.56 → 0.19 G instructions a run); texel loads are about
//     half of what is left (8-byte loads and a transpose measured a little faster than AVX2
//     gathers; prefetching texels two groups ahead gained nothing).
//   • Fixed-point cells (Int32) make the covers of a closed contour cancel exactly, so no row
//     ends with a stray faint run, and make results identical on every machine.
//   • Blur: prefix-sum boxes make the cost independent of σ — 1280×720 in 35, 26 and 34 ms CPU
//     at σ 2, 10 and 100 (same machine, best of 3).
//   • Paints other than solid source-over and affine images go through Float per pixel: simple
//     and exact to one level against Skia for every blend mode; not tuned for speed.
//   • Hot loops work on local copies of their state (EdgeWalker's cell store, the sweeps'
//     sink), written back at the end: the optimizer reloads a struct reached through `inout`
//     after every store to pixel or cell memory, but keeps a local's fields in registers
//     (triangles 452 → 436 → 413 M instructions a run, the walk then the sweeps). Likewise
//     grid cells are two Int32 fields, not a SIMD2<Int32> packed and unpacked per access
//     (413 → 399 M).
//   Where the time goes now (callgrind, triangles, 399 M instructions a run): the sweep with
//   its blends 55 %, the edge walk 41 %. Per cell about 45 instructions in the sweep and 85 in
//   the walk; per interior pixel about 6.
//
// Out of scope here (planned elsewhere or later): curves and strokes (flattened and stroked in
// KinemaGeometry's users before they get here), Core Graphics' plusDarker mode (not in the W3C
// spec), gradient dithering, mipmapped or bicubic image sampling, colour management beyond sRGB
// bytes, multithreaded tiles (a region is the unit a tile renderer will hand to each core; it is
// not Sendable yet). Known limitation of area accumulation: where two edges of one path cross
// inside a pixel, the fill rule is applied to the pixel's mean winding, not per point (as in
// FreeType and font-rs); see the star golden tests.
