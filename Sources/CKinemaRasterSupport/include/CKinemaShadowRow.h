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

/// The plane row `line` moved right by `fx` (0 < fx < 1) pixels, into `out`: out[i] =
/// line[i] × (1 − fx) + line[i − 1] × fx, each product and the sum rounded to float; for i = 0
/// with `first_has_left` 0 (the plane's first column), line[0] × (1 − fx) alone. `line` may be
/// read at index −1 only when `first_has_left` is nonzero.
void kinema_shadow_row_shift(const float *_Nonnull line, float *_Nonnull out, int64_t count, float fx,
                             int first_has_left);

/// Two rows mixed for a vertical move by `fy` (0 < fy < 1): out[i] = row[i] × (1 − fy) +
/// above[i] × fy, or row[i] × (1 − fy) when `above` is NULL (the row above is outside the plane).
void kinema_shadow_row_mix(const float *_Nonnull row, const float *_Nullable above, float *_Nonnull out,
                           int64_t count, float fy);

#endif
