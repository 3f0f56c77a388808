// The affine image span kernel (declared in CKinemaImageSpan.h): an image drawn source-over along
// one span, bilinear or nearest, with the exact integers of KinemaRaster's Swift span walk
// (AffineImageBlitter + TexelSource), 8 pixels a step in AVX2 or one at a time in portable C.
// Audited against: AffineImageBlitter.swift and TexelSource.swift (formats: 32.32 coordinates,
// 12-bit weight fractions, colours in units of 2^-14 level). ImageSpanKernelTests compares every
// byte of both kernels with the Swift walk on random drawings.
// Status: complete for nearest and bilinear, every tiling, full and partial factor. No NEON.
//
// Why C: the Swift walk is one pixel at a time (about 60 instructions a bilinear pixel), and
// Swift has no portable way to ask for AVX2 in one function and choose it at run time. Here the
// AVX2 loop takes 8 pixels a step in structure-of-arrays form (one register per channel, the 8
// pixels in its lanes), so the weights, the division by 255 and the limit to alpha are one
// operation per 8 pixels; each pixel's four texels come in as two 8-byte loads and a transpose
// (or, for an image moved without scaling or rotation, as four 32-byte rows).
// A group whose texels are not all inside the image fetches them pixel by pixel (tiled) and keeps
// the 8-wide arithmetic; span ends of 4–7 pixels take one 8-wide step through a copy, shorter
// ones the per-pixel code. Measured (release, raster.image.bilinear, one run): AVX2 17.2 ms, the
// portable kernel 30.1, the Swift walk 33.1; about 20 instructions a pixel against 60. Further
// figures in docs/BENCHMARKS.md.
#include "CKinemaImageSpan.h"
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define KINEMA_IMAGE_SPAN_X86 1
#else
#define KINEMA_IMAGE_SPAN_X86 0
#endif

/// Colours in units of 2^-14 level (`FineColor` on the Swift side).
enum {
    FINE_BITS = 14,
    FINE_ONE = 1 << FINE_BITS,
    FINE_HALF = 1 << (FINE_BITS - 1),
    FINE_OPAQUE = 255 << FINE_BITS,
};

/// Bilinear weights: 12 fraction bits of each 32.32 coordinate (the low 20 dropped); their
/// product has 24 bits, of which 10 are dropped (rounded) to give units of 2^-14; a single
/// weight is scaled up by 2 bits to the same units.
enum {
    WEIGHT_DROPPED_BITS = 20,
    PRODUCT_DROPPED_BITS = 10,
    WEIGHT_SCALE_BITS = 2,
};

/// A premultiplied colour, R G B A in 32-bit lanes, in units of 2^-14 level.
typedef int32_t fine_color __attribute__((vector_size(16)));

/// The image as both kernels read it, copied out of the span so it stays in registers.
typedef struct {
    const uint32_t *texels;
    int64_t width, height;
    int32_t tiling;
} image_ref;

// MARK: One pixel at a time (the portable kernel, and the AVX2 kernel's edges and tails)

/// Four bytes in memory order.
typedef uint8_t byte4 __attribute__((vector_size(4)));

static inline fine_color fine_from_texel(uint32_t texel) {
    byte4 bytes;
    memcpy(&bytes, &texel, 4);
    return __builtin_convertvector(bytes, fine_color);
}

/// The low byte of each lane, packed in memory order R G B A.
static inline uint32_t texel_from_lanes(fine_color lanes) {
    byte4 bytes = __builtin_convertvector(lanes, byte4);
    uint32_t texel;
    memcpy(&texel, &bytes, 4);
    return texel;
}

/// The texel at (i, j) after tiling; zero outside the image for decal. |i|, |j| < 2^30 + 2.
static uint32_t tiled(image_ref image, int64_t i, int64_t j) {
    switch (image.tiling) {
    case KINEMA_TILING_CLAMP:
        i = i < 0 ? 0 : i >= image.width ? image.width - 1 : i;
        j = j < 0 ? 0 : j >= image.height ? image.height - 1 : j;
        break;
    case KINEMA_TILING_REPEAT:
        i %= image.width;
        if (i < 0) i += image.width;
        j %= image.height;
        if (j < 0) j += image.height;
        break;
    default:
        if (i < 0 || j < 0 || i >= image.width || j >= image.height) return 0;
        break;
    }
    return image.texels[j * image.width + i];
}

/// The texel holding (i, j) for nearest sampling, tiled outside the image.
static inline __attribute__((always_inline)) uint32_t nearest_texel(image_ref image, int64_t i, int64_t j) {
    return (uint64_t)i < (uint64_t)image.width && (uint64_t)j < (uint64_t)image.height
        ? image.texels[j * image.width + i] : tiled(image, i, j);
}

/// The four texels (i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1) for bilinear sampling, tiled
/// where they are not all inside the image.
static inline __attribute__((always_inline))
void texel_square_at(image_ref image, int64_t i, int64_t j, uint32_t *t00, uint32_t *t10, uint32_t *t01, uint32_t *t11) {
    if ((uint64_t)i < (uint64_t)(image.width - 1) && (uint64_t)j < (uint64_t)(image.height - 1)) {
        const uint32_t *p = image.texels + (j * image.width + i);
        *t00 = p[0];
        *t10 = p[1];
        *t01 = p[image.width];
        *t11 = p[image.width + 1];
    } else {
        *t00 = tiled(image, i, j);
        *t10 = tiled(image, i + 1, j);
        *t01 = tiled(image, i, j + 1);
        *t11 = tiled(image, i + 1, j + 1);
    }
}

static inline __attribute__((always_inline)) fine_color sample_nearest(image_ref image, int64_t u, int64_t v) {
    return fine_from_texel(nearest_texel(image, u >> 32, v >> 32)) << FINE_BITS;
}

static inline __attribute__((always_inline)) fine_color sample_bilinear(image_ref image, int64_t u, int64_t v) {
    uint32_t wu = (uint32_t)u >> WEIGHT_DROPPED_BITS, wv = (uint32_t)v >> WEIGHT_DROPPED_BITS;
    uint32_t t00, t10, t01, t11;
    texel_square_at(image, u >> 32, v >> 32, &t00, &t10, &t01, &t11);
    uint32_t w11 = (wu * wv + (1u << (PRODUCT_DROPPED_BITS - 1))) >> PRODUCT_DROPPED_BITS;
    uint32_t w10 = (wu << WEIGHT_SCALE_BITS) - w11, w01 = (wv << WEIGHT_SCALE_BITS) - w11;
    uint32_t w00 = (uint32_t)FINE_ONE - w10 - w01 - w11;
    // Every weight is 0 ... 2^14; the masks are the Swift walk's (they change nothing).
    return fine_from_texel(t00) * (int32_t)(w00 & 0x7FFF) + fine_from_texel(t10) * (int32_t)(w10 & 0x7FFF)
         + fine_from_texel(t01) * (int32_t)(w01 & 0x7FFF) + fine_from_texel(t11) * (int32_t)(w11 & 0x7FFF);
}

/// `color + backdrop × (1 − α)`, rounded once, each colour lowered to the alpha.
static inline __attribute__((always_inline)) uint32_t over(fine_color color, uint32_t backdrop) {
    int32_t remaining = (FINE_ONE - (int32_t)(((uint32_t)color[3] + 127u) / 255u)) & 0x7FFF;
    fine_color result = (color + fine_from_texel(backdrop) * remaining + FINE_HALF) >> FINE_BITS;
    fine_color alpha = {result[3], result[3], result[3], result[3]};
    fine_color excess = result - alpha;
    return texel_from_lanes(alpha + (excess & (excess >> 31)));
}

static inline __attribute__((always_inline))
void walk(image_ref image, uint32_t *destination, int64_t count, int64_t u, int64_t v, int64_t du, int64_t dv,
          int32_t factor, const int bilinear, const int full) {
    // Unsigned steps: the wrapping arithmetic of the Swift walk (the caller keeps every value in range).
    uint64_t uu = (uint64_t)u, vv = (uint64_t)v;
    for (int64_t k = 0; k < count; k++) {
        fine_color color = bilinear ? sample_bilinear(image, (int64_t)uu, (int64_t)vv) : sample_nearest(image, (int64_t)uu, (int64_t)vv);
        uint32_t *pixel = destination + k;
        if (full) {
            if (color[3] == FINE_OPAQUE) {
                *pixel = texel_from_lanes((color + FINE_HALF) >> FINE_BITS);
            } else {
                *pixel = over(color, *pixel);
            }
        } else {
            *pixel = over(((color >> 7) * factor + (1 << 6)) >> 7, *pixel);
        }
        uu += (uint64_t)du;
        vv += (uint64_t)dv;
    }
}

/// `walk` with its two flags made constants, so each of the four loops is specialised.
static inline __attribute__((always_inline))
void walk_any(image_ref image, uint32_t *destination, int64_t count, int64_t u, int64_t v, int64_t du, int64_t dv,
              int32_t factor, int bilinear) {
    if (bilinear) {
        if (factor == FINE_ONE) walk(image, destination, count, u, v, du, dv, factor, 1, 1);
        else walk(image, destination, count, u, v, du, dv, factor, 1, 0);
    } else {
        if (factor == FINE_ONE) walk(image, destination, count, u, v, du, dv, factor, 0, 1);
        else walk(image, destination, count, u, v, du, dv, factor, 0, 0);
    }
}

static inline image_ref image_of(const kinema_image_span *span) {
    return (image_ref){span->texels, span->width, span->height, span->tiling};
}

int64_t kinema_image_span_blend_portable(const kinema_image_span *span) {
    walk_any(image_of(span), span->destination, span->count, span->u, span->v, span->du, span->dv, span->factor, span->bilinear);
    return 0;
}

// MARK: AVX2, 8 pixels a step

#if KINEMA_IMAGE_SPAN_X86

#define AVX2_INLINE static inline __attribute__((target("avx2"), always_inline))

/// Eight colours, one channel per register, in units of 2^-14 level.
typedef struct {
    __m256i r, g, b, a;
} fine8;

/// Packed texels to colours (nearest sampling).
AVX2_INLINE fine8 fine8_from_texels(__m256i t) {
    const __m256i low = _mm256_set1_epi32(0xFF);
    return (fine8){
        _mm256_slli_epi32(_mm256_and_si256(t, low), FINE_BITS),
        _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(t, 8), low), FINE_BITS),
        _mm256_slli_epi32(_mm256_and_si256(_mm256_srli_epi32(t, 16), low), FINE_BITS),
        _mm256_slli_epi32(_mm256_srli_epi32(t, 24), FINE_BITS),
    };
}

/// Bilinear interpolation of eight pixels' four texels with the per-pixel code's weights. Each
/// channel pairs a texel of the left column with its right neighbour in the two 16-bit halves of
/// a lane, so one multiply-add (pmaddwd) gives `left × w0 + right × w1` for a row.
AVX2_INLINE fine8 bilinear8(__m256i t00, __m256i t10, __m256i t01, __m256i t11, __m256i wu, __m256i wv) {
    // wu, wv < 2^12: the 16-bit multiply-add is their exact product.
    __m256i w11 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(wu, wv), _mm256_set1_epi32(1 << (PRODUCT_DROPPED_BITS - 1))),
                                    PRODUCT_DROPPED_BITS);
    __m256i w10 = _mm256_sub_epi32(_mm256_slli_epi32(wu, WEIGHT_SCALE_BITS), w11);
    __m256i w01 = _mm256_sub_epi32(_mm256_slli_epi32(wv, WEIGHT_SCALE_BITS), w11);
    __m256i w00 = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(_mm256_set1_epi32(FINE_ONE), w10), w01), w11);
    __m256i top = _mm256_or_si256(w00, _mm256_slli_epi32(w10, 16));
    __m256i bottom = _mm256_or_si256(w01, _mm256_slli_epi32(w11, 16));
    // Halves: (R, G) of the left texel and (R, G) of the right one; likewise (B, A).
    __m256i topRG = _mm256_blend_epi16(t00, _mm256_slli_epi32(t10, 16), 0xAA);
    __m256i topBA = _mm256_blend_epi16(_mm256_srli_epi32(t00, 16), t10, 0xAA);
    __m256i bottomRG = _mm256_blend_epi16(t01, _mm256_slli_epi32(t11, 16), 0xAA);
    __m256i bottomBA = _mm256_blend_epi16(_mm256_srli_epi32(t01, 16), t11, 0xAA);
    const __m256i even = _mm256_set1_epi32(0x00FF00FF);
    return (fine8){
        _mm256_add_epi32(_mm256_madd_epi16(_mm256_and_si256(topRG, even), top), _mm256_madd_epi16(_mm256_and_si256(bottomRG, even), bottom)),
        _mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi16(topRG, 8), top), _mm256_madd_epi16(_mm256_srli_epi16(bottomRG, 8), bottom)),
        _mm256_add_epi32(_mm256_madd_epi16(_mm256_and_si256(topBA, even), top), _mm256_madd_epi16(_mm256_and_si256(bottomBA, even), bottom)),
        _mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi16(topBA, 8), top), _mm256_madd_epi16(_mm256_srli_epi16(bottomBA, 8), bottom)),
    };
}

/// Source-over of eight colours (times `factor` unless `full`) onto eight destination pixels:
/// the per-pixel `over`, lane by lane. (An opaque colour at full factor gives 1 − α = 0 there, so
/// the per-pixel code's plain store and `over` are the same integers.)
AVX2_INLINE void composite8(fine8 c, uint32_t *destination, const int full, __m256i factor) {
    if (full && _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(c.a, _mm256_set1_epi32(FINE_OPAQUE)))) == 0xFF) {
        // Eight opaque colours at full factor: the rounded colours, stored (as the per-pixel
        // code does; each ≤ 255, alpha 255). The common case of an opaque image's interior.
        const __m256i half = _mm256_set1_epi32(FINE_HALF);
        __m256i r = _mm256_srli_epi32(_mm256_add_epi32(c.r, half), FINE_BITS);
        __m256i g = _mm256_srli_epi32(_mm256_add_epi32(c.g, half), FINE_BITS);
        __m256i b = _mm256_srli_epi32(_mm256_add_epi32(c.b, half), FINE_BITS);
        __m256i packed = _mm256_or_si256(_mm256_or_si256(r, _mm256_slli_epi32(g, 8)),
                                         _mm256_or_si256(_mm256_slli_epi32(b, 16), _mm256_set1_epi32((int32_t)0xFF000000u)));
        _mm256_storeu_si256((__m256i *)destination, packed);
        return;
    }
    if (!full) {
        // Channels >> 7 are < 2^15 and the factor ≤ 2^14: the 16-bit multiply-add is their product.
        const __m256i round = _mm256_set1_epi32(1 << 6);
        c.r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi32(c.r, 7), factor), round), 7);
        c.g = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi32(c.g, 7), factor), round), 7);
        c.b = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi32(c.b, 7), factor), round), 7);
        c.a = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_srli_epi32(c.a, 7), factor), round), 7);
    }
    // ⌊(α + 127) / 255⌋ through Float: α + 127 ≤ 255 × 2^14 + 127 < 2^23 converts exactly, and the
    // product with the rounded 1/255 truncates to the exact quotient for every such value
    // (checked for all of them when this was written; ImageSpanKernelTests checks each step's two
    // sides, which covers them all since the rounding is monotonic).
    __m256 quotient = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_add_epi32(c.a, _mm256_set1_epi32(127))), _mm256_set1_ps(1.0f / 255.0f));
    __m256i remaining = _mm256_sub_epi32(_mm256_set1_epi32(FINE_ONE), _mm256_cvttps_epi32(quotient));
    __m256i under = _mm256_loadu_si256((const __m256i *)destination);
    const __m256i low = _mm256_set1_epi32(0xFF), half = _mm256_set1_epi32(FINE_HALF);
    // Backdrop bytes < 2^8 and 1 − α ≤ 2^14: the 16-bit multiply-add is their product.
    __m256i a = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(c.a, half), _mm256_madd_epi16(_mm256_srli_epi32(under, 24), remaining)), FINE_BITS);
    __m256i r = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(c.r, half), _mm256_madd_epi16(_mm256_and_si256(under, low), remaining)), FINE_BITS);
    __m256i g = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(c.g, half),
                                                   _mm256_madd_epi16(_mm256_and_si256(_mm256_srli_epi32(under, 8), low), remaining)), FINE_BITS);
    __m256i b = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(c.b, half),
                                                   _mm256_madd_epi16(_mm256_and_si256(_mm256_srli_epi32(under, 16), low), remaining)), FINE_BITS);
    // Alpha ≤ 255 (shown in AffineImageBlitter), so each lane is a byte after the limit.
    r = _mm256_min_epi32(r, a);
    g = _mm256_min_epi32(g, a);
    b = _mm256_min_epi32(b, a);
    __m256i packed = _mm256_or_si256(_mm256_or_si256(r, _mm256_slli_epi32(g, 8)), _mm256_or_si256(_mm256_slli_epi32(b, 16), _mm256_slli_epi32(a, 24)));
    _mm256_storeu_si256((__m256i *)destination, packed);
}

/// The high (index) and low (fraction) 32 bits of eight 32.32 coordinates held as pixels
/// (0, 1, 4, 5) in `first` and (2, 3, 6, 7) in `second`, in pixel order.
AVX2_INLINE __m256i high_halves(__m256i first, __m256i second) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(first), _mm256_castsi256_ps(second), _MM_SHUFFLE(3, 1, 3, 1)));
}

AVX2_INLINE __m256i low_halves(__m256i first, __m256i second) {
    return _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(first), _mm256_castsi256_ps(second), _MM_SHUFFLE(2, 0, 2, 0)));
}

/// Texels (i, j) and (i + 1, j) from `p`, (i, j + 1) and (i + 1, j + 1) from `p + width`.
AVX2_INLINE __m128i texel_square(const uint32_t *p, int64_t width) {
    return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p), _mm_loadl_epi64((const __m128i *)(p + width)));
}

/// The four texels of each of eight bilinear squares whose top-left texels are at `offsets`:
/// top-left, top-right, bottom-left, bottom-right, in pixel order. Two 8-byte loads per pixel and
/// a transpose; measured a little faster than AVX2 gathers here (and gathers are slow on some
/// processors).
AVX2_INLINE void load_squares(const uint32_t *texels, int64_t width, __m256i offsets,
                              __m256i *t00, __m256i *t10, __m256i *t01, __m256i *t11) {
    int32_t o[8];
    _mm256_storeu_si256((__m256i *)o, offsets);
    // Pixel k's square (t00, t10, t01, t11) in the low half, pixel k + 4's in the high half.
    __m256i q0 = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_square(texels + o[0], width)), texel_square(texels + o[4], width), 1);
    __m256i q1 = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_square(texels + o[1], width)), texel_square(texels + o[5], width), 1);
    __m256i q2 = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_square(texels + o[2], width)), texel_square(texels + o[6], width), 1);
    __m256i q3 = _mm256_inserti128_si256(_mm256_castsi128_si256(texel_square(texels + o[3], width)), texel_square(texels + o[7], width), 1);
    // A 4 × 4 transpose in each half.
    __m256i top01 = _mm256_unpacklo_epi32(q0, q1), bottom01 = _mm256_unpackhi_epi32(q0, q1);
    __m256i top23 = _mm256_unpacklo_epi32(q2, q3), bottom23 = _mm256_unpackhi_epi32(q2, q3);
    *t00 = _mm256_unpacklo_epi64(top01, top23);
    *t10 = _mm256_unpackhi_epi64(top01, top23);
    *t01 = _mm256_unpacklo_epi64(bottom01, bottom23);
    *t11 = _mm256_unpackhi_epi64(bottom01, bottom23);
}

/// The fewest pixels at the end of a span worth one 8-wide step (with a copy in and out);
/// shorter ends go pixel by pixel.
enum { VECTOR_TAIL_MIN = 4 };

/// A group whose texels are not all inside the image (or that ends the span: only the first
/// `n` pixels are real): each pixel's texels are fetched one by one, tiled as the per-pixel code
/// tiles them, and the arithmetic stays 8-wide.
AVX2_INLINE void blend_edge8(image_ref image, __m256i i, __m256i j, __m256i wu, __m256i wv, uint32_t *destination, int n,
                             const int bilinear, const int full, __m256i factors) {
    int32_t is[8], js[8];
    _mm256_storeu_si256((__m256i *)is, i);
    _mm256_storeu_si256((__m256i *)js, j);
    uint32_t t00[8] = {0}, t10[8] = {0}, t01[8] = {0}, t11[8] = {0};
    for (int lane = 0; lane < n; lane++) {
        if (bilinear) {
            texel_square_at(image, is[lane], js[lane], &t00[lane], &t10[lane], &t01[lane], &t11[lane]);
        } else {
            t00[lane] = nearest_texel(image, is[lane], js[lane]);
        }
    }
    fine8 color = bilinear
        ? bilinear8(_mm256_loadu_si256((const __m256i *)t00), _mm256_loadu_si256((const __m256i *)t10),
                    _mm256_loadu_si256((const __m256i *)t01), _mm256_loadu_si256((const __m256i *)t11), wu, wv)
        : fine8_from_texels(_mm256_loadu_si256((const __m256i *)t00));
    if (n == 8) {
        composite8(color, destination, full, factors);
    } else {
        // The pixels past the span's end are neither read nor written.
        uint32_t pixels[8] = {0};
        memcpy(pixels, destination, (size_t)n * 4);
        composite8(color, pixels, full, factors);
        memcpy(destination, pixels, (size_t)n * 4);
    }
}

AVX2_INLINE int64_t blend_avx2(const kinema_image_span *span, const int bilinear, const int full) {
    image_ref image = image_of(span);
    uint32_t *destination = span->destination;
    int64_t count = span->count, du = span->du, dv = span->dv;
    uint64_t u = (uint64_t)span->u, v = (uint64_t)span->v;
    int32_t factor = span->factor;
    if (count < VECTOR_TAIL_MIN) {
        walk(image, destination, count, (int64_t)u, (int64_t)v, du, dv, factor, bilinear, full);
        return 0;
    }
    uint64_t du1 = (uint64_t)du, dv1 = (uint64_t)dv;
    // Pixels (0, 1, 4, 5) and (2, 3, 6, 7) of each group of eight (see high_halves).
    __m256i u0 = _mm256_set_epi64x((long long)(u + 5 * du1), (long long)(u + 4 * du1), (long long)(u + du1), (long long)u);
    __m256i u1 = _mm256_set_epi64x((long long)(u + 7 * du1), (long long)(u + 6 * du1), (long long)(u + 3 * du1), (long long)(u + 2 * du1));
    __m256i v0 = _mm256_set_epi64x((long long)(v + 5 * dv1), (long long)(v + 4 * dv1), (long long)(v + dv1), (long long)v);
    __m256i v1 = _mm256_set_epi64x((long long)(v + 7 * dv1), (long long)(v + 6 * dv1), (long long)(v + 3 * dv1), (long long)(v + 2 * dv1));
    __m256i stepU = _mm256_set1_epi64x((long long)(8 * du1)), stepV = _mm256_set1_epi64x((long long)(8 * dv1));
    // Widths and heights are ≤ 2^28 and indices within ±(2^30 + 1): all fit 32 bits. A group is
    // inside when 0 ≤ i ≤ lastI and 0 ≤ j ≤ lastJ for each pixel, that is when i, lastI − i, j
    // and lastJ − j all have a clear sign bit.
    int64_t inset = bilinear ? 2 : 1;
    __m256i lastI = _mm256_set1_epi32((int32_t)(image.width - inset)), lastJ = _mm256_set1_epi32((int32_t)(image.height - inset));
    __m256i width = _mm256_set1_epi32((int32_t)image.width);
    __m256i factors = _mm256_set1_epi32(factor);
    // An image drawn unscaled and unrotated (a layer's contents, an offscreen composited back):
    // one texel per pixel along the row, so a group's texels are 8 consecutive ones (and their
    // right and lower neighbours), four 32-byte loads.
    const int unitStep = du == ((int64_t)1 << 32) && dv == 0;
    int64_t k = 0;
    for (; k + 8 <= count; k += 8) {
        __m256i i = high_halves(u0, u1), j = high_halves(v0, v1);
        __m256i wu = _mm256_srli_epi32(low_halves(u0, u1), WEIGHT_DROPPED_BITS);
        __m256i wv = _mm256_srli_epi32(low_halves(v0, v1), WEIGHT_DROPPED_BITS);
        __m256i outside = _mm256_or_si256(_mm256_or_si256(i, _mm256_sub_epi32(lastI, i)), _mm256_or_si256(j, _mm256_sub_epi32(lastJ, j)));
        if (_mm256_movemask_ps(_mm256_castsi256_ps(outside)) == 0) {
            __m256i offsets = _mm256_add_epi32(_mm256_mullo_epi32(j, width), i);
            fine8 color;
            if (unitStep) {
                // Every pixel inside: texels first … first + 8 of rows j and j + 1 lie in the image.
                const uint32_t *first = image.texels + _mm256_cvtsi256_si32(offsets);
                __m256i t00 = _mm256_loadu_si256((const __m256i *)first);
                if (bilinear) {
                    __m256i t10 = _mm256_loadu_si256((const __m256i *)(first + 1));
                    __m256i t01 = _mm256_loadu_si256((const __m256i *)(first + image.width));
                    __m256i t11 = _mm256_loadu_si256((const __m256i *)(first + image.width + 1));
                    color = bilinear8(t00, t10, t01, t11, wu, wv);
                } else {
                    color = fine8_from_texels(t00);
                }
            } else if (bilinear) {
                __m256i t00, t10, t01, t11;
                load_squares(image.texels, image.width, offsets, &t00, &t10, &t01, &t11);
                color = bilinear8(t00, t10, t01, t11, wu, wv);
            } else {
                color = fine8_from_texels(_mm256_i32gather_epi32((const int *)image.texels, offsets, 4));
            }
            composite8(color, destination + k, full, factors);
        } else {
            blend_edge8(image, i, j, wu, wv, destination + k, 8, bilinear, full, factors);
        }
        u0 = _mm256_add_epi64(u0, stepU);
        u1 = _mm256_add_epi64(u1, stepU);
        v0 = _mm256_add_epi64(v0, stepV);
        v1 = _mm256_add_epi64(v1, stepV);
    }
    int64_t rest = count - k;
    if (rest >= VECTOR_TAIL_MIN) {
        // The lanes past the end hold coordinates beyond the span (perhaps beyond the fixed-point
        // range); blend_edge8 reads no texel and no pixel for them.
        __m256i wu = _mm256_srli_epi32(low_halves(u0, u1), WEIGHT_DROPPED_BITS);
        __m256i wv = _mm256_srli_epi32(low_halves(v0, v1), WEIGHT_DROPPED_BITS);
        blend_edge8(image, high_halves(u0, u1), high_halves(v0, v1), wu, wv, destination + k, (int)rest, bilinear, full, factors);
        return count;
    }
    if (rest > 0) {
        walk(image, destination + k, rest, (int64_t)(u + (uint64_t)k * du1), (int64_t)(v + (uint64_t)k * dv1), du, dv, factor, bilinear, full);
    }
    return k;
}

__attribute__((target("avx2")))
static int64_t blend_avx2_any(const kinema_image_span *span) {
    if (span->bilinear) {
        return span->factor == FINE_ONE ? blend_avx2(span, 1, 1) : blend_avx2(span, 1, 0);
    }
    return span->factor == FINE_ONE ? blend_avx2(span, 0, 1) : blend_avx2(span, 0, 0);
}

#endif

// MARK: Choosing

/// 0 until checked, then 1 (no AVX2) or 2. Relaxed atomics: racing first calls store the same value.
static int avx2_state;

int kinema_image_span_has_avx2(void) {
#if KINEMA_IMAGE_SPAN_X86
    int state = __atomic_load_n(&avx2_state, __ATOMIC_RELAXED);
    if (state == 0) {
        __builtin_cpu_init();
        state = __builtin_cpu_supports("avx2") ? 2 : 1;
        __atomic_store_n(&avx2_state, state, __ATOMIC_RELAXED);
    }
    return state == 2;
#else
    (void)avx2_state;
    return 0;
#endif
}

int64_t kinema_image_span_blend_avx2(const kinema_image_span *span) {
#if KINEMA_IMAGE_SPAN_X86
    if (kinema_image_span_has_avx2()) return blend_avx2_any(span);
#endif
    return kinema_image_span_blend_portable(span);
}

int kinema_image_span_kernel_override(void) {
    const char *name = getenv("KINEMA_IMAGE_KERNEL");
    if (name == NULL) return 0;
    if (strcmp(name, "swift") == 0) return 1;
    if (strcmp(name, "portable") == 0) return 2;
    if (strcmp(name, "avx2") == 0) return 3;
    return 0;
}
