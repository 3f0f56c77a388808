// The glyph blend's run kernel (declared in CKinemaGlyphBlend.h).
// Audited against: GlyphMask+Blend.swift (the same arithmetic: PackedPixel's source-over with the
// colour scaled by the coverage, every division by 255 rounded as `divide255`); GlyphBlendKernelTests
// blends random masks both ways, clipped and not, and compares the bytes.
// Status: complete; AVX2 only.
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

GLYPH_AVX2 void blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                          uint32_t packed, int opaque) {
    __m256i color = _mm256_cvtepu8_epi16(_mm_set1_epi32((int)packed));
    __m256i alpha = _mm256_set1_epi16((short)(packed >> 24));
    const int64_t row_stride = region->row_stride;
    for (int64_t n = 0; n < count; n++) {
        const kinema_placed_glyph *g = glyphs + n;
        const kinema_glyph_mask *m = g->mask;
        // The next glyph's mask: its steps follow its header (masks are spread over the heap).
        if (n + 1 < count) {
            __builtin_prefetch(g[1].mask);
            __builtin_prefetch((const uint8_t *)g[1].mask + 64);
        }
        int64_t x = g->x, y = g->y;
        if (x < 0 || y < 0 || x + m->reach > region->width || y + m->height > region->height) {
            blend_clipped(m, x, y, region, packed, color, alpha, opaque);
            continue;
        }
        uint32_t *origin = region->base + y * row_stride + x;
        const kinema_glyph_step *step = kinema_glyph_mask_steps(m), *last = step + m->step_count;
        for (; step < last; step++) {
            blend_four(origin + step->row * row_stride + step->column, step->coverage, color, alpha, opaque);
        }
    }
}

__attribute__((target("avx2")))
void kinema_glyph_blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                            uint32_t color) {
    if (color >> 24 == 255) blend_run(glyphs, count, region, color, 1);
    else blend_run(glyphs, count, region, color, 0);
}

int kinema_glyph_blend_available(void) { return kinema_image_span_has_avx2(); }

#else

int kinema_glyph_blend_available(void) { return 0; }

void kinema_glyph_blend_run(const kinema_placed_glyph *glyphs, int64_t count, const kinema_glyph_region *region,
                            uint32_t color) {
    (void)glyphs; (void)count; (void)region; (void)color;
}

#endif
