// The glyph blend's run kernel: a run of glyph coverage masks blended in one colour into a pixmap
// region (GlyphMask+Blend.swift and TextLayout+GlyphPlacements.swift say where it is used).
// Status: complete; AVX2 only (chosen at run time). Elsewhere the Swift blend draws, and it is the
// tests' reference: GlyphBlendKernelTests compares the two byte for byte.
#ifndef CKINEMA_GLYPH_BLEND_H
#define CKINEMA_GLYPH_BLEND_H

#include <stdint.h>

/// One glyph ready to blend: its mask as GlyphMask stores it and where the mask's top-left pixel
/// lands in the region. The mask: per row its span (the first and one past the last column with
/// coverage, two uint16; 0, 0 for an empty row), and the coverage rows, `stride` bytes apart, each
/// `width` bytes and at least three zero bytes after them.
typedef struct {
    /// The object that owns the mask's storage, kept alive by the caller; never read here.
    const void *_Nullable owner;
    const uint16_t *_Nonnull spans;
    const uint8_t *_Nonnull rows;
    int32_t width, height, stride, reserved;
    int64_t x, y;
} kinema_placed_glyph;

/// The region: `base` is its pixel (0, 0), `row_stride` pixels from one row's start to the next's.
typedef struct {
    uint32_t *_Nonnull base;
    int64_t row_stride, width, height;
} kinema_glyph_region;

/// Whether `kinema_glyph_blend_run` can run here (the processor has AVX2).
int kinema_glyph_blend_available(void);

/// Blends `count` glyphs, in order, in `color` (premultiplied, packed R | G << 8 | B << 16 | A << 24),
/// each clipped to the region. Call only where `kinema_glyph_blend_available()`.
void kinema_glyph_blend_run(const kinema_placed_glyph *_Nonnull glyphs, int64_t count,
                            const kinema_glyph_region *_Nonnull region, uint32_t color);

#endif
