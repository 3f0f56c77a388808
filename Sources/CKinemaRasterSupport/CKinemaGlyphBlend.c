// The glyph blend's run kernel (declared in CKinemaGlyphBlend.h).
// Audited against: GlyphMask+Blend.swift (the same arithmetic: PackedPixel's source-over with the
// colour scaled by the coverage, every division by 255 rounded as `divide255`); GlyphBlendKernelTests
// blends random masks both ways, clipped and not, and compares the bytes.
// Status: complete; AVX2, and AVX-512 (F, BW, VL, VBMI) two steps at a time where the processor
// has it (chosen at run time; `KINEMA_GLYPH_KERNEL=avx2` picks the AVX2 one to compare).
//
// Why, and why this shape (`kinema bench --filter text.labels.draw`, 10,000 labels, ~240,000
// glyph masks of 11–17 px a frame): the blend was not limited by its arithmetic or by memory —
// the same loops in AVX2, four pixels in one register instead of two, were no faster, nor was the
// frame when every glyph landed in a 64-row band that stays in the cache. It was limited by
// branches that the processor cannot predict: per row, how many four-pixel steps its span takes
// (1–4, changing from row to row), and per step whether its coverage is all zero or all full. A
// glyph inside the region here walks its mask's steps (GlyphMask, made with the mask): one flat
// list per glyph, each four pixels at a row and column with their coverage, so the only branch
// per glyph is its loop's, and no step is all zero. The list covers the covered pixels with 24 %
// fewer steps than the mask's width rounded up to four on every row, which the loop took before
// (15.6–16.2 → 12.8–14.1 ms a frame, alternating runs, identical bytes). Glyphs at the region's
// edges take the span loop over the mask's rows.
#include "CKinemaGlyphBlend.h"
#include <stdlib.h>
#include <string.h>
#include "CKinemaImageSpan.h"
#include "CKinemaPackedPixel.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define GLYPH_AVX2 static inline __attribute__((target("avx2"), always_inline))

/// `(v + v >> 8) >> 8` as the high half of v × 257 (GlyphMask.divide255 says why that is equal).
GLYPH_AVX2 __m256i divide255(__m256i v) {
    return _mm256_mulhi_epu16(v, _mm256_set1_epi16((short)257));
}

/// Four pixels at `pixels` under four coverage bytes (the first in the low byte); `color` and
/// `alpha` are the colour's channels and its alpha, each in the four lanes of every pixel.
GLYPH_AVX2 void blend_four(uint32_t *pixels, uint32_t coverage, __m256i color, __m256i alpha, int opaque) {
    // Each coverage byte into its pixel's four 16-bit lanes in one shuffle of the word
    // broadcast to both halves (a shuffle stays within its half: pixels 0–1, then 2–3).
    const __m256i spread = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1,
                                            2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1);
    const __m256i half = _mm256_set1_epi16(128), full = _mm256_set1_epi16(255);
    __m256i f = _mm256_shuffle_epi8(_mm256_set1_epi32((int)coverage), spread);
    __m256i under = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)pixels));
    __m256i source = divide255(_mm256_add_epi16(_mm256_mullo_epi16(color, f), half));
    // 255 − the source's alpha: with an opaque colour that alpha is the coverage itself.
    __m256i remaining = opaque ? _mm256_xor_si256(f, full)
                               : _mm256_sub_epi16(full, divide255(_mm256_add_epi16(_mm256_mullo_epi16(alpha, f), half)));
    __m256i sum = _mm256_add_epi16(source, divide255(_mm256_add_epi16(_mm256_mullo_epi16(under, remaining), half)));
    _mm_storeu_si128((__m128i *)pixels, _mm_packus_epi16(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1)));
}

/// A glyph at the region's edge: each row's span clipped to the region, as GlyphMask.blend does.
GLYPH_AVX2 void blend_clipped(const kinema_glyph_mask *m, int64_t x, int64_t y, const kinema_glyph_region *region,
                              uint32_t packed, __m256i color, __m256i alpha, int opaque) {
    int64_t row_start = y < 0 ? -y : 0;
    int64_t row_end = m->height < region->height - y ? m->height : region->height - y;
    int64_t clip_left = -x, clip_right = region->width - x;
    if (row_start >= row_end || clip_left >= m->width || clip_right <= 0) return;
    const uint16_t *spans = kinema_glyph_mask_spans(m);
    const uint8_t *rows = kinema_glyph_mask_rows(m);
    // Four-pixel steps start before this column, so they end inside the region.
    int64_t wide_limit = clip_right - 3;
    for (int64_t row = row_start; row < row_end; row++) {
        int64_t start = spans[row * 2], end = spans[row * 2 + 1];
        if (start < clip_left) start = clip_left;
        if (end > clip_right) end = clip_right;
        if (start >= end) continue;
        uint32_t *pixels = region->base + (y + row) * region->row_stride + x;
        const uint8_t *line = rows + row * m->stride;
        int64_t i = start, wide_end = end < wide_limit ? end : wide_limit;
        for (; i < wide_end; i += 4) {
            uint32_t word;
            __builtin_memcpy(&word, line + i, 4);
            blend_four(pixels + i, word, color, alpha, opaque);
        }
        for (; i < end; i++) {
            if (line[i]) pixels[i] = kinema_source_over_coverage(packed, line[i], pixels[i]);
        }
    }
}

/// Where a glyph's step loop starts and ends, and whether it lies inside the region (else it
/// takes the span loop). With `pairs`, for the AVX-512 loop: the padded step count and reach.
typedef struct {
    int64_t offset;
    const kinema_glyph_step *first, *last;
    int inside;
} glyph_walk;

static inline __attribute__((always_inline)) glyph_walk walk_of(const kinema_placed_glyph *g, const kinema_glyph_region *region,
                                                                int pairs) {
    const kinema_glyph_mask *m = g->mask;
    int64_t x = g->x, y = g->y, reach = pairs ? m->pair_reach : m->reach;
    glyph_walk walk;
    walk.inside = !(x < 0 || y < 0 || x + reach > region->width || y + m->height > region->height);
    walk.offset = y * region->row_stride + x;
    walk.first = kinema_glyph_mask_steps(m);
    walk.last = walk.first + (pairs ? ((m->step_count + 1) & ~1) : m->step_count);
    return walk;
}

/// The glyph loop of both kernels, in the body of a function with `glyphs`, `count`, `region`,
/// `packed` and `opaque` in scope: `PAIRS` picks the walk (see `walk_of`), a glyph at the
/// region's edge takes `blend_clipped` with `CLIP_COLOR` and `CLIP_ALPHA`, and the trailing
/// statement blends the steps `walk.first` ..< `walk.last` of a glyph inside, from `origin`.
///
/// Each glyph's walk is worked out while the glyph before it blends: the end of a glyph's loop is
/// a branch the processor mispredicts, and the loads that find where the next loop starts (the
/// placed glyph, its mask's header) no longer wait behind it (7.4–7.9 → 7.0–7.1 ms a frame of
/// `text.labels.draw` for the AVX-512 kernel). Masks are spread over the heap: the one after next
/// is asked for ahead.
#define GLYPH_RUN_LOOP(PAIRS, CLIP_COLOR, CLIP_ALPHA, ...)                                                  \
    do {                                                                                                    \
        if (count <= 0) break;                                                                              \
        if (count > 1) __builtin_prefetch(glyphs[1].mask);                                                  \
        glyph_walk next = walk_of(glyphs, region, PAIRS);                                                   \
        for (int64_t n = 0; n < count; n++) {                                                               \
            const glyph_walk walk = next;                                                                   \
            const kinema_placed_glyph *g = glyphs + n;                                                      \
            if (n + 1 < count) {                                                                            \
                if (n + 2 < count) __builtin_prefetch(g[2].mask);                                           \
                next = walk_of(g + 1, region, PAIRS);                                                       \
                __builtin_prefetch(next.first + 4);                                                         \
            }                                                                                               \
            if (!walk.inside) {                                                                             \
                blend_clipped(g->mask, g->x, g->y, region, packed, CLIP_COLOR, CLIP_ALPHA, opaque);         \
                continue;                                                                                   \
            }                                                                                               \
            uint32_t *origin = region->base + walk.offset;                                                  \
            __VA_ARGS__                                                                                     \
        }                                                                                                   \
    } while (0)

GLYPH_AVX2 void blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                          uint32_t packed, int opaque) {
    __m256i color = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)packed));
    __m256i alpha = _mm256_set1_epi16((short)(packed >> 24));
    const int64_t row_stride = region->row_stride;
    GLYPH_RUN_LOOP(0, color, alpha,
        for (const kinema_glyph_step *step = walk.first; step < walk.last; step++) {
            blend_four(origin + step->row * row_stride + step->column, step->coverage, color, alpha, opaque);
        });
}

__attribute__((target("avx2")))
static void blend_run_avx2(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                           uint32_t color) {
    if (color >> 24 == 255) blend_run(glyphs, count, region, color, 1);
    else blend_run(glyphs, count, region, color, 0);
}

// ---- AVX-512: two steps at a time ------------------------------------------------------------
//
// Why (2026-11-29, `kinema bench --filter text.labels.draw`): the step loop above issues about 21
// instructions a step and the core dispatches six a cycle, so a step took ~3.5 cycles where its
// four multiplies need two. Two steps in one 512-bit register (their eight pixels need not be
// side by side) share the loop, the coverage spread and the widening, ~13 instructions a step.
// Zen 4 runs a 512-bit operation as two 256-bit halves, so the multiplies cost the same; the
// instructions saved are what is gained.

#define GLYPH_AVX512 static inline __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vbmi"), always_inline))

GLYPH_AVX512 __m512i divide255_512(__m512i v) {
    return _mm512_mulhi_epu16(v, _mm512_set1_epi16((short)257));
}

/// A pair of steps (`pair[0]`, `pair[1]`: no pixel in common) with their pixels at `a` and `b`.
GLYPH_AVX512 void blend_eight(uint32_t *a, uint32_t *b, const kinema_glyph_step *pair, __m512i spread, __m512i color,
                              __m512i alpha, int opaque) {
    const __m512i half = _mm512_set1_epi16(128), full = _mm512_set1_epi16(255);
    // The pair's 16 bytes hold the coverage at bytes 4–7 and 12–15; each goes to the low byte of
    // its pixel's four 16-bit lanes, the high bytes zeroed by the mask.
    __m512i f = _mm512_maskz_permutexvar_epi8(0x5555555555555555ULL, spread,
                                              _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)pair)));
    __m256i under8 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)a)),
                                             _mm_loadu_si128((const __m128i *)b), 1);
    __m512i under = _mm512_cvtepu8_epi16(under8);
    __m512i source = divide255_512(_mm512_add_epi16(_mm512_mullo_epi16(color, f), half));
    __m512i remaining = opaque ? _mm512_xor_si512(f, full)
                               : _mm512_sub_epi16(full, divide255_512(_mm512_add_epi16(_mm512_mullo_epi16(alpha, f), half)));
    __m512i sum = _mm512_add_epi16(source, divide255_512(_mm512_add_epi16(_mm512_mullo_epi16(under, remaining), half)));
    // Every sum is at most 255 (source + pixel × (255 − source alpha) / 255), so truncating each
    // lane to a byte is the saturating pack.
    __m256i out = _mm512_cvtepi16_epi8(sum);
    _mm_storeu_si128((__m128i *)a, _mm256_castsi256_si128(out));
    _mm_storeu_si128((__m128i *)b, _mm256_extracti128_si256(out, 1));
}

GLYPH_AVX512 void blend_run_pairs(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                                  uint32_t packed, int opaque) {
    __m256i color256 = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)packed));
    __m256i alpha256 = _mm256_set1_epi16((short)(packed >> 24));
    __m512i color = _mm512_broadcast_i64x4(color256);
    __m512i alpha = _mm512_set1_epi16((short)(packed >> 24));
    // Byte i of the coverage: pixel (i / 8) of the pair, i.e. step (i / 32), its byte 4 + (i / 8) % 4.
    uint8_t indices[64];
    for (int i = 0; i < 64; i++) indices[i] = (uint8_t)((i / 32) * 8 + 4 + (i / 8) % 4);
    const __m512i spread = _mm512_loadu_si512((const void *)indices);
    const int64_t row_stride = region->row_stride;
    GLYPH_RUN_LOOP(1, color256, alpha256,
        for (const kinema_glyph_step *step = walk.first; step < walk.last; step += 2) {
            blend_eight(origin + step[0].row * row_stride + step[0].column, origin + step[1].row * row_stride + step[1].column,
                        step, spread, color, alpha, opaque);
        });
}

__attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vbmi")))
static void blend_run_avx512(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                             uint32_t color) {
    if (color >> 24 == 255) blend_run_pairs(glyphs, count, region, color, 1);
    else blend_run_pairs(glyphs, count, region, color, 0);
}

static int glyph_level_state;

int kinema_glyph_blend_level(void) {
    int state = __atomic_load_n(&glyph_level_state, __ATOMIC_RELAXED);
    if (state == 0) {
        __builtin_cpu_init();
        int level = 0;
        if (kinema_image_span_has_avx2()) {
            level = 1;
            if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
                && __builtin_cpu_supports("avx512vbmi")) level = 2;
        }
        // For comparing kernels in one build (docs/BENCHMARKS.md, Text).
        const char *cap = getenv("KINEMA_GLYPH_KERNEL");
        if (cap != NULL && strcmp(cap, "avx2") == 0 && level > 1) level = 1;
        if (cap != NULL && strcmp(cap, "swift") == 0) level = 0;
        state = level + 1;
        __atomic_store_n(&glyph_level_state, state, __ATOMIC_RELAXED);
    }
    return state - 1;
}

void kinema_glyph_blend_run_level(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                                  uint32_t color, int level) {
    if (level > kinema_glyph_blend_level()) return;
    if (level == 2) blend_run_avx512(glyphs, count, region, color);
    else if (level == 1) blend_run_avx2(glyphs, count, region, color);
}

void kinema_glyph_blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                            uint32_t color) {
    kinema_glyph_blend_run_level(glyphs, count, region, color, kinema_glyph_blend_level());
}

#else

int kinema_glyph_blend_level(void) { return 0; }

void kinema_glyph_blend_run_level(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                                  uint32_t color, int level) {
    (void)glyphs; (void)count; (void)region; (void)color; (void)level;
}

void kinema_glyph_blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                            uint32_t color) {
    (void)glyphs; (void)count; (void)region; (void)color;
}

#endif
