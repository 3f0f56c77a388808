// The shadow row kernel: one row of a blurred shadow plane painted source-over in the shadow's
// colour, the last step of KinemaRaster's shadow pipeline (ShadowMask.paint hands it each row).
// Audited against: PackedPixel.sourceOver(_:coverage:under:) and ShadowMask.paint's coverage
// rounding, whose integers it reproduces exactly. Status: complete; AVX2 (8 pixels a step,
// chosen at run time) or portable C; no NEON (aarch64 takes the portable one).
#ifndef CKINEMA_SHADOW_ROW_H
#define CKINEMA_SHADOW_ROW_H

#include <stdint.h>

/// Paints `count` pixels: pixel i gets `color` (premultiplied RGBA8, packed R | G << 8 | B << 16
/// | A << 24) at coverage c = trunc(min(max(values[i] × 255 + 0.5, 0), 255)) — the product and
/// the sum each rounded to float — source-over: with s = color × c / 255 and
/// d = pixel × (255 − s.alpha) / 255 per channel (each a rounded division by 255,
/// (v + 128 + ((v + 128) >> 8)) >> 8), the pixel becomes the low 8 bits of s + d per channel.
/// A pixel whose coverage is 0 is left as it is. `values` must be finite.
void kinema_shadow_row_paint(const float *_Nonnull values, uint32_t *_Nonnull pixels, int64_t count,
                             uint32_t color);

/// The same, one pixel at a time in portable C (the reference for the AVX2 path's tests).
void kinema_shadow_row_paint_portable(const float *_Nonnull values, uint32_t *_Nonnull pixels, int64_t count,
                                      uint32_t color);

#endif
