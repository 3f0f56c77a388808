// The page curl's row kernels: the two per-pixel spans of a "pageCurl" / "pageUnCurl" row whose
// textures lie on the device grid (an unrotated layer at a whole-pixel position, the usual
// full-screen view) — the flat part with the page's back lying on top, and the roll with its
// shadow. CompositorPainter+CurlWarp.swift works out the row's spans and constants and keeps the
// Swift loops for every other case; these reproduce those loops' doubles and 8-bit fixed point
// exactly (CurlKernelTests compares the two byte for byte).
// Status: complete for the on-grid case; four pixels a step in the compiler's vector extensions,
// compiled for the baseline (SSE2 on x86_64) and for AVX2 (chosen at run time).
#ifndef CKINEMA_CURL_ROW_H
#define CKINEMA_CURL_ROW_H

#include <stdint.h>

/// A transition texture: packed premultiplied RGBA8 (R | G << 8 | B << 16 | A << 24), `stride`
/// texels a row; texels outside `width` × `height` read as clear.
typedef struct {
    const uint32_t *_Nonnull base;
    int64_t stride;
    int64_t width;
    int64_t height;
} kinema_curl_texture;

/// One row's constants (names as in `CompositorPainter.curlPixels`). With px the device pixel
/// centre's x (column + first_x + 0.5): s = sa · px + s0, the texel point (ua · px + u0,
/// va · px + v0); the texel under a pixel on the grid is (x + shift_u, y + shift_v).
typedef struct {
    double sa, s0, ua, u0, va, v0;
    double nu, nv;
    double r, per_radius, per_ramp;
    double shadow_width, per_shadow_width, shadow_per_alpha;
    double front_shade, back_shade;
    double weight, grey, opacity;
    double u_limit, v_limit;
    uint16_t flat_k1, flat_k2, k_opacity;
    int64_t first_x;
    int64_t y;
    int64_t shift_u, shift_v;
    /// Nonzero: composite source-over what `out` holds (else store).
    int32_t blend;
    /// Nonzero: the baseline path even where the processor has AVX2 (the tests run both).
    int32_t portable;
} kinema_curl_row;

/// The flat part's columns [first, end) where the back may lie on top: the page over what is
/// beneath, the back (the page mirrored about the fold, shaded) over that. `out` is the row's
/// column 0.
void kinema_curl_flat_back(const kinema_curl_row *_Nonnull row, const kinema_curl_texture *_Nonnull page,
                           const kinema_curl_texture *_Nonnull under, int64_t first, int64_t end,
                           uint32_t *_Nonnull out);

/// The roll and its shadow, columns [first, end): what is beneath, darkened by the shadow, then
/// the roll's front and back sides at the silhouette's coverage.
void kinema_curl_roll(const kinema_curl_row *_Nonnull row, const kinema_curl_texture *_Nonnull page,
                      const kinema_curl_texture *_Nonnull under, int64_t first, int64_t end,
                      uint32_t *_Nonnull out);

#endif
