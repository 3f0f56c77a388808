// The glyph blend's run kernel: a run of glyph coverage masks blended in one colour into a pixmap
// region (GlyphMask+Blend.swift and TextLayout+GlyphPlacements.swift say where it is used).
// Status: complete; AVX2, or AVX-512 two steps at a time (chosen at run time). Elsewhere the
// Swift blend draws, and it is the tests' reference: GlyphBlendKernelTests compares them byte for
// byte.
#ifndef CKINEMA_GLYPH_BLEND_H
#define CKINEMA_GLYPH_BLEND_H

#include <stdint.h>

/// A glyph's coverage mask, laid out in one block: this header; its `step_count` steps, which
/// cover every pixel with coverage, row by row, four pixels each, and no pixel twice (`reach` is
/// one past the last column a step touches), then, when `step_count` is odd, one padding step of
/// zero coverage that shares no pixel with the last step and lies within the mask's rows and
/// `pair_reach` columns (the reach with the padding step); from `spans_offset`, per row its span (the
/// first and one past the last column with coverage, two uint16; 0, 0 for an empty row); from
/// `rows_offset`, the coverage rows, `stride` bytes apart, each `width` bytes and at least three
/// zero bytes after them. The steps come first: an unclipped blend reads the header and them alone.
/// The padding lets the AVX-512 kernel take steps two at a time with no odd one left: two steps
/// of one pair are loaded before either is stored, so they must not share a pixel.
typedef struct {
    int32_t width, height, stride, step_count, reach, spans_offset, rows_offset, pair_reach;
} kinema_glyph_mask;

/// Four pixels of a mask: where they start (row and column of the mask) and their coverage, one
/// byte a pixel, the first in the low byte.
typedef struct {
    uint16_t row, column;
    uint32_t coverage;
} kinema_glyph_step;

static inline const kinema_glyph_step *_Nonnull kinema_glyph_mask_steps(const kinema_glyph_mask *_Nonnull mask) {
    return (const kinema_glyph_step *)(mask + 1);
}

static inline const uint16_t *_Nonnull kinema_glyph_mask_spans(const kinema_glyph_mask *_Nonnull mask) {
    return (const uint16_t *)((const uint8_t *)mask + mask->spans_offset);
}

static inline const uint8_t *_Nonnull kinema_glyph_mask_rows(const kinema_glyph_mask *_Nonnull mask) {
    return (const uint8_t *)mask + mask->rows_offset;
}

/// One glyph ready to blend: its mask and where the mask's top-left pixel lands in the region.
typedef struct {
    const kinema_glyph_mask *_Nonnull mask;
    int32_t x, y;
} kinema_placed_glyph;

/// The region: `base` is its pixel (0, 0), `row_stride` pixels from one row's start to the next's.
typedef struct {
    uint32_t *_Nonnull base;
    int64_t row_stride, width, height;
} kinema_glyph_region;

/// Which kernels run here: 0 none, 1 AVX2, 2 AVX2 and AVX-512 (F, BW, VL, VBMI). The
/// environment variable `KINEMA_GLYPH_KERNEL` caps it, for comparing kernels in one build:
/// `avx2` at 1, `swift` at 0 (the Swift loop draws).
int kinema_glyph_blend_level(void);

/// Blends `count` glyphs, in order, in `color` (premultiplied, packed R | G << 8 | B << 16 | A << 24),
/// each clipped to the region, with the best kernel here. Call only where
/// `kinema_glyph_blend_level() > 0`.
void kinema_glyph_blend_run(const kinema_placed_glyph *_Nonnull glyphs, int64_t count,
                            const kinema_glyph_region *_Nonnull region, uint32_t color);

/// `kinema_glyph_blend_run` with the kernel of `level` (1 AVX2, 2 AVX-512), for the tests that
/// compare the kernels; a level above `kinema_glyph_blend_level()` does nothing.
void kinema_glyph_blend_run_level(const kinema_placed_glyph *_Nonnull glyphs, int64_t count,
                                  const kinema_glyph_region *_Nonnull region, uint32_t color, int level);

#endif
