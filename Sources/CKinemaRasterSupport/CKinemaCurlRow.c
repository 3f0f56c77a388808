// The page curl's row kernels (declared in CKinemaCurlRow.h): the flat part with the page's back
// on top, and the roll with its shadow, for textures on the device grid.
// Audited against: CompositorPainter+CurlWarp.swift (`curlPixels`: the same doubles in the same
// order, `TexelReader.tap` / `sampleWide`, `Wide` and `Lanes` in 16-bit lanes, `fraction256`,
// `arcsine`), whose on-grid loops these replace; CurlKernelTests renders curls both ways and
// compares them byte for byte.
// Status: complete for the on-grid case. Four pixels a step in the compiler's vector extensions
// (the geometry in four double lanes, the reads mixed in 16-bit lanes), compiled for AVX2 (chosen
// at run time) and for the baseline; a span's last step may write fewer than four.
//
// Why C, and why four pixels: in Swift the roll cost about 17 ns a pixel for its geometry alone
// (ten float-to-integer conversions of several instructions each, Swift having no cast without a
// range check), the curl frame 11.3 ms against an 8 ms target. The same loops in C one pixel at a
// time were no faster (12.1 ms: a long chain of dependent steps per pixel); four pixels a step,
// with a lane's conversion one instruction, made it 6.7 ms.
#include "CKinemaCurlRow.h"
#include "CKinemaImageSpan.h"

#pragma clang fp contract(off)
// The four-pixel helpers pass 256-bit vectors; they are always inlined, so no call crosses the ABI.
#pragma clang diagnostic ignored "-Wpsabi"

#if defined(__x86_64__)
#define KINEMA_CURL_X86 1
#else
#define KINEMA_CURL_X86 0
#endif

#define CURL_INLINE static inline __attribute__((always_inline))

static const double curl_pi = 3.141592653589793;

/// `Lanes.over`: source-over in two 16-bit lanes of a 32-bit word (a sum past 255 carries, as
/// there).
CURL_INLINE uint32_t lanes_over(uint32_t top, uint32_t bottom) {
    const uint32_t low = 0x00FF00FFu, high = 0xFF00FF00u, half = 0x00800080u;
    uint32_t k = 255u - (top >> 24);
    if (k == 0) return top;
    uint32_t trb = (bottom & low) * k + half, tga = ((bottom >> 8) & low) * k + half;
    uint32_t rb = ((trb + ((trb >> 8) & low)) >> 8) & low;
    uint32_t ga = (tga + ((tga >> 8) & low)) & high;
    return top + (rb | ga);
}

CURL_INLINE uint32_t raw(const kinema_curl_texture *t, int64_t i, int64_t j) {
    if (i < 0 || j < 0 || i >= t->width || j >= t->height) return 0;
    return t->base[j * t->stride + i];
}

CURL_INLINE void store(const kinema_curl_row *row, uint32_t *out, int64_t column, uint32_t color) {
    out[column] = row->blend && color >> 24 != 255 ? lanes_over(color, out[column]) : color;
}

typedef double d4 __attribute__((ext_vector_type(4)));
typedef long m4 __attribute__((ext_vector_type(4)));
typedef int32_t i4 __attribute__((ext_vector_type(4)));
typedef uint32_t u32x4 __attribute__((ext_vector_type(4)));
typedef uint16_t u16x16 __attribute__((ext_vector_type(16)));
typedef uint8_t u8x16 __attribute__((ext_vector_type(16)));

/// mask ? a : b, lane by lane (a mask lane is all ones or all zeros).
CURL_INLINE d4 select4(m4 mask, d4 a, d4 b) { return (d4)(((m4)a & mask) | ((m4)b & ~mask)); }
CURL_INLINE d4 swift_min4(d4 x, d4 y) { return select4(y < x, y, x); }
CURL_INLINE d4 swift_max4(d4 x, d4 y) { return select4(y >= x, y, x); }
CURL_INLINE int any4(m4 mask) { return (mask.x | mask.y | mask.z | mask.w) != 0; }

/// `fraction256` lane by lane (the value pinned below 257 before it is converted, so that no
/// lane converts out of range).
CURL_INLINE i4 fraction4(d4 x) {
    d4 t = swift_max4(x, (d4)0);
    t = select4(t < 257, t, (d4)257);
    i4 k = __builtin_convertvector(t, i4);
    return k > 256 ? (i4)256 : k;
}

/// `tap` lane by lane; lanes outside `live` (and clear reads) get x = −1.
typedef struct { i4 x, y; } taps4;

CURL_INLINE taps4 tap4(const kinema_curl_texture *t, d4 u, d4 v, m4 live) {
    d4 x = u - 0.5, y = v - 0.5;
    m4 ok = live & (x > -1) & (y > -1) & (x < (double)t->width) & (y < (double)t->height);
    d4 fx = select4(ok, (x + 1) * 256 + 0.5, (d4)0), fy = select4(ok, (y + 1) * 256 + 0.5, (d4)0);
    i4 ok32 = __builtin_convertvector(ok, i4);
    return (taps4){(__builtin_convertvector(fx, i4) & ok32) | ~ok32, __builtin_convertvector(fy, i4)};
}

CURL_INLINE u16x16 widen(u32x4 v) { return __builtin_convertvector((u8x16)v, u16x16); }
CURL_INLINE u32x4 narrow(u16x16 v) { return (u32x4)__builtin_convertvector(v, u8x16); }

/// Each lane's value (0 … 65535) in its pixel's four channels.
CURL_INLINE u16x16 spread(i4 k) {
    u16x16 wide = __builtin_convertvector(__builtin_shufflevector(k, k, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), u16x16);
    return wide;
}

/// `spread` with every pixel's alpha channel `alpha` instead.
CURL_INLINE u16x16 spread_color(i4 k, uint16_t alpha) {
    const u16x16 color_lanes = {1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0};
    const u16x16 alpha_lanes = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    return spread(k) * color_lanes + alpha_lanes * alpha;
}

CURL_INLINE u16x16 alphas16(u16x16 c) { return __builtin_shufflevector(c, c, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15); }

CURL_INLINE u16x16 over16(u16x16 top, u16x16 bottom) {
    u16x16 t = bottom * ((uint16_t)255 - alphas16(top)) + (uint16_t)128;
    return top + ((t + (t >> 8)) >> 8);
}

CURL_INLINE u16x16 scale16(u16x16 c, u16x16 k) { return (c * k + (uint16_t)128) >> 8; }

/// `Wide.back` for four pixels, each with its own factors.
CURL_INLINE u16x16 back16(u16x16 c, i4 k1, i4 k2, uint16_t k_alpha) {
    return (c * spread_color(k1, 0) + alphas16(c) * spread_color(k2, k_alpha) + (uint16_t)128) >> 8;
}

/// The four texels a bilinear read at `at` mixes (clear ones for a clear read or outside).
CURL_INLINE void fetch(const kinema_curl_texture *t, int32_t tx, int32_t ty, uint32_t *tl, uint32_t *tr, uint32_t *bl,
                       uint32_t *br) {
    if (tx < 0) {
        *tl = *tr = *bl = *br = 0;
        return;
    }
    int64_t i = (int64_t)(tx >> 8) - 1, j = (int64_t)(ty >> 8) - 1;
    if (i >= 0 && j >= 0 && i + 1 < t->width && j + 1 < t->height) {
        const uint32_t *p = t->base + (j * t->stride + i);
        *tl = p[0];
        *tr = p[1];
        *bl = p[t->stride];
        *br = p[t->stride + 1];
        return;
    }
    *tl = raw(t, i, j);
    *tr = raw(t, i + 1, j);
    *bl = raw(t, i, j + 1);
    *br = raw(t, i + 1, j + 1);
}

/// `sample` for four taps: the same rounding channel by channel (`sampleWide`'s inside path and
/// its edge path round alike).
CURL_INLINE u16x16 sample4(const kinema_curl_texture *t, taps4 at) {
    uint32_t a[4], b[4], c[4], d[4];
    for (int k = 0; k < 4; k++) fetch(t, at.x[k], at.y[k], &a[k], &b[k], &c[k], &d[k]);
    u32x4 tl, tr, bl, br;
    __builtin_memcpy(&tl, a, 16);
    __builtin_memcpy(&tr, b, 16);
    __builtin_memcpy(&bl, c, 16);
    __builtin_memcpy(&br, d, 16);
    u16x16 kx = spread(at.x & 0xFF), ky = spread(at.y & 0xFF);
    u16x16 kx1 = (uint16_t)256 - kx, ky1 = (uint16_t)256 - ky;
    u16x16 top = (widen(tl) * kx1 + widen(tr) * kx + (uint16_t)128) >> 8;
    u16x16 bottom = (widen(bl) * kx1 + widen(br) * kx + (uint16_t)128) >> 8;
    return (top * ky1 + bottom * ky + (uint16_t)128) >> 8;
}

/// Four texels of row j from column i (clear outside the texture).
CURL_INLINE u32x4 row4(const kinema_curl_texture *t, int64_t i, int64_t j) {
    if (j >= 0 && j < t->height && i >= 0 && i + 4 <= t->width) {
        u32x4 v;
        __builtin_memcpy(&v, t->base + (j * t->stride + i), 16);
        return v;
    }
    return (u32x4){raw(t, i, j), raw(t, i + 1, j), raw(t, i + 2, j), raw(t, i + 3, j)};
}

/// The first `count` (1 … 4) of four pixels written from `column`: a span's last step may have
/// fewer than four, and its other lanes (computed, like any lane, from their own column alone)
/// are dropped.
CURL_INLINE void store4(const kinema_curl_row *row, uint32_t *out, int64_t column, u32x4 colors, int64_t count) {
    if (!row->blend) {
        __builtin_memcpy(out + column, &colors, (unsigned long)count * 4);
        return;
    }
    for (int64_t k = 0; k < count; k++) store(row, out, column + k, colors[k]);
}

CURL_INLINE d4 centres(const kinema_curl_row *row, int64_t column) {
    int64_t x = row->first_x + column;
    return (d4){(double)x, (double)(x + 1), (double)(x + 2), (double)(x + 3)} + 0.5;
}

/// `arcsine`, lane by lane.
CURL_INLINE d4 arcsine4(d4 x) {
    d4 p = (d4)-0.0012624911;
    p = p * x + 0.0066700901;
    p = p * x - 0.0170881256;
    p = p * x + 0.0308918810;
    p = p * x - 0.0501743046;
    p = p * x + 0.0889789874;
    p = p * x - 0.2145988016;
    p = p * x + 1.5707963050;
    d4 root = __builtin_elementwise_sqrt(1 - x);
    return curl_pi / 2 - root * p;
}

CURL_INLINE void flat_back_body(const kinema_curl_row *row, const kinema_curl_texture *page, const kinema_curl_texture *under,
                                int64_t first, int64_t end, uint32_t *out) {
    const double pi_r = curl_pi * row->r;
    const int64_t j = row->y + row->shift_v;
    const i4 k1 = (i4)row->flat_k1, k2 = (i4)row->flat_k2;
    for (int64_t column = first; column < end; column += 4) {
        d4 px = centres(row, column);
        d4 s = row->sa * px + row->s0;
        d4 u = row->ua * px + row->u0, v = row->va * px + row->v0;
        d4 shift = pi_r - 2 * s;
        d4 bu = u + row->nu * shift, bv = v + row->nv * shift;
        m4 has_back = (bu > -1) & (bv > -1) & (bu < row->u_limit) & (bv < row->v_limit);
        int64_t i = row->first_x + column + row->shift_u;
        u32x4 color = row4(page, i, j);
        if ((color.x & color.y & color.z & color.w) >> 24 != 255) {
            for (int k = 0; k < 4; k++) {
                if (color[k] >> 24 != 255) color[k] = lanes_over(color[k], raw(under, i + k, j));
            }
        }
        if (any4(has_back)) {
            u16x16 back = back16(sample4(page, tap4(page, bu, bv, has_back)), k1, k2, row->k_opacity);
            color = narrow(over16(back, widen(color)));
        }
        store4(row, out, column, color, end - column < 4 ? end - column : 4);
    }
}

CURL_INLINE void roll_body(const kinema_curl_row *row, const kinema_curl_texture *page, const kinema_curl_texture *under,
                           int64_t first, int64_t end, uint32_t *out) {
    const double r = row->r;
    const double crest_at = curl_pi * r / 2;
    const double weight = row->weight, grey = row->grey, opacity = row->opacity;
    const int64_t j = row->y + row->shift_v;
    for (int64_t column = first; column < end; column += 4) {
        d4 px = centres(row, column);
        d4 s = row->sa * px + row->s0;
        d4 u = row->ua * px + row->u0, v = row->va * px + row->v0;
        u16x16 color = widen(row4(under, row->first_x + column + row->shift_u, j));
        m4 in_shadow = (s > r) & (s < r + row->shadow_width);
        if (any4(in_shadow)) {
            d4 crest = crest_at - s;
            taps4 crest_tap = tap4(page, u + row->nu * crest, v + row->nv * crest, in_shadow);
            d4 fall = 1 - (s - r) * row->per_shadow_width;
            d4 shadow = row->shadow_per_alpha * fall * fall;
            m4 on = in_shadow & (shadow != 0);
            u16x16 crest_color = sample4(page, crest_tap);
            d4 alpha = __builtin_convertvector(__builtin_shufflevector(crest_color, crest_color, 3, 7, 11, 15), d4);
            i4 k = fraction4((1 - shadow * alpha) * 256 + 0.5);
            i4 on32 = __builtin_convertvector(on, i4);
            k = (k & on32) | ((i4)256 & ~on32);
            color = scale16(color, spread_color(k, 256));
        }
        d4 coverage = swift_min4(swift_max4((r - s) * row->per_ramp + 0.5, (d4)0), (d4)1);
        m4 on_roll = coverage > 0;
        if (any4(on_roll)) {
            d4 sine = swift_min4(swift_min4(s, (d4)r) * row->per_radius, (d4)1);
            d4 angle = arcsine4(sine);
            u16x16 k = spread(fraction4(coverage * 256 + 0.5));
            d4 lower = r * angle - s, upper = r * (curl_pi - angle) - s;
            i4 front_light = fraction4((1 - row->front_shade * sine) * 256 + 0.5);
            d4 light = 1 - row->back_shade * sine;
            i4 back_color = fraction4(weight * light * opacity * 256 + 0.5);
            i4 back_alpha = fraction4(grey * (1 - weight) * light * opacity * 256 + 0.5);
            u16x16 front = scale16(sample4(page, tap4(page, u + row->nu * lower, v + row->nv * lower, on_roll)),
                                   spread_color(front_light, 256));
            color = over16(scale16(front, k), color);
            u16x16 back = back16(sample4(page, tap4(page, u + row->nu * upper, v + row->nv * upper, on_roll)),
                                 back_color, back_alpha, row->k_opacity);
            color = over16(scale16(back, k), color);
        }
        store4(row, out, column, narrow(color), end - column < 4 ? end - column : 4);
    }
}

// Each kernel: the body compiled a second time for AVX2 (the always-inlined body takes its
// caller's target), that copy chosen where the processor has it and the row does not ask for the
// baseline.
#if KINEMA_CURL_X86
#define CURL_KERNEL(name, body)                                                                          \
    __attribute__((target("avx2"))) static void body##_avx2(const kinema_curl_row *row,                   \
        const kinema_curl_texture *page, const kinema_curl_texture *under, int64_t first, int64_t end,      \
        uint32_t *out) {                                                                                   \
        body(row, page, under, first, end, out);                                                          \
    }                                                                                                      \
    void name(const kinema_curl_row *row, const kinema_curl_texture *page, const kinema_curl_texture *under, \
              int64_t first, int64_t end, uint32_t *out) {                                                 \
        if (!row->portable && kinema_image_span_has_avx2()) {                                              \
            body##_avx2(row, page, under, first, end, out);                                               \
            return;                                                                                        \
        }                                                                                                  \
        body(row, page, under, first, end, out);                                                          \
    }
#else
#define CURL_KERNEL(name, body)                                                                          \
    void name(const kinema_curl_row *row, const kinema_curl_texture *page, const kinema_curl_texture *under, \
              int64_t first, int64_t end, uint32_t *out) {                                                 \
        body(row, page, under, first, end, out);                                                          \
    }
#endif

CURL_KERNEL(kinema_curl_flat_back, flat_back_body)
CURL_KERNEL(kinema_curl_roll, roll_body)
