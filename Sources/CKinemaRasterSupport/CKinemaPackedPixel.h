// PackedPixel's one-pixel source-over at a coverage, for the C kernels (the shadow row's and the
// glyph run's edge pixels). Private to this target's C files: not in include/.
// Audited against: PackedPixel.sourceOver(_:coverage:under:) (KinemaRaster/PackedPixel.swift),
// the same integers; ShadowRowKernelTests and GlyphBlendKernelTests compare against it.
#ifndef CKINEMA_PACKED_PIXEL_H
#define CKINEMA_PACKED_PIXEL_H

#include <stdint.h>

/// round(v / 255) for v = x × y + 128 with x, y ≤ 255, as PackedPixel does it.
static inline uint32_t kinema_div255(uint32_t v) {
    return (v + (v >> 8)) >> 8;
}

/// `color` (premultiplied, packed R | G << 8 | B << 16 | A << 24) at `coverage` (0 … 255) over
/// `pixel`: s = color × coverage / 255 and d = pixel × (255 − s.alpha) / 255 per channel, each a
/// rounded division; the result is the low 8 bits of s + d per channel.
static inline uint32_t kinema_source_over_coverage(uint32_t color, uint32_t coverage, uint32_t pixel) {
    uint32_t source[4], result = 0;
    for (int c = 0; c < 4; c++) source[c] = kinema_div255(((color >> (8 * c)) & 0xFF) * coverage + 128);
    uint32_t inverse = 255 - source[3];
    for (int c = 0; c < 4; c++) {
        uint32_t under = kinema_div255(((pixel >> (8 * c)) & 0xFF) * inverse + 128);
        result |= ((source[c] + under) & 0xFF) << (8 * c);
    }
    return result;
}

#endif
