// The shadow row kernel (declared in CKinemaShadowRow.h): a row of a blurred shadow plane painted
// source-over in the shadow colour, 8 pixels a step in AVX2 or one at a time in portable C, with
// the integers of PackedPixel.sourceOver(_:coverage:under:).
// Audited against: ShadowMask.paint (coverage = trunc(clamp(value × 255 + 0.5))) and
// PackedPixel.swift (rounded division by 255 in 16-bit lanes, result truncated to 8 bits).
// ShadowRowKernelTests compares both paths with the Swift formula on random rows.
// Status: complete. No NEON.
//
// Why C: the Swift loop blended one pixel at a time (about 90 instructions a pixel with the
// coverage conversion), a fifth of the layer scene's instructions with its 50 shadows; Swift
// cannot ask for AVX2 in one function and choose it at run time. The sub-pixel moves before the
// blit (a row shifted by fx, two rows mixed by fy) are here for the same reason.
#include "CKinemaShadowRow.h"
#include "CKinemaImageSpan.h"
#include "CKinemaPackedPixel.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define KINEMA_SHADOW_ROW_X86 1
#else
#define KINEMA_SHADOW_ROW_X86 0
#endif

static inline uint32_t coverage_of(float value) {
    // Two statements, so that no compiler contracts them into one fused multiply-add.
    float scaled = value * 255.0f;
    float rounded = scaled + 0.5f;
    if (!(rounded > 0.0f)) return 0;
    if (rounded > 255.0f) rounded = 255.0f;
    return (uint32_t)rounded;
}

void kinema_shadow_row_paint_portable(const float *values, uint32_t *pixels, int64_t count, uint32_t color) {
    for (int64_t i = 0; i < count; i++) {
        uint32_t coverage = coverage_of(values[i]);
        if (coverage == 0) continue;
        pixels[i] = kinema_source_over_coverage(color, coverage, pixels[i]);
    }
}

// Plain loops, one product per statement so that no compiler contracts them into fused
// multiply-adds (the Swift code they replace rounds each product); the optimizer vectorizes them
// with the target's baseline (SSE2 on x86_64), AVX2 below where the processor has it.
static void shift_portable(const float *line, float *out, int64_t count, float fx, int first_has_left) {
    const float keep = 1.0f - fx;
    int64_t i = 0;
    if (count > 0 && !first_has_left) {
        out[0] = line[0] * keep;
        i = 1;
    }
    for (; i < count; i++) {
        float own = line[i] * keep;
        float left = line[i - 1] * fx;
        out[i] = own + left;
    }
}

static void mix_portable(const float *row, const float *above, float *out, int64_t count, float fy) {
    const float keep = 1.0f - fy;
    if (above == 0) {
        for (int64_t i = 0; i < count; i++) out[i] = row[i] * keep;
        return;
    }
    for (int64_t i = 0; i < count; i++) {
        float own = row[i] * keep;
        float up = above[i] * fy;
        out[i] = own + up;
    }
}

#if KINEMA_SHADOW_ROW_X86

#define AVX2_INLINE static inline __attribute__((target("avx2"), always_inline))

/// round(v / 255) in each 16-bit lane, v = x × y + 128.
AVX2_INLINE __m256i div255_16(__m256i v) {
    return _mm256_srli_epi16(_mm256_add_epi16(v, _mm256_srli_epi16(v, 8)), 8);
}

/// Four pixels' channels in 16-bit lanes (a half of an unpack) painted at their coverages
/// (each pixel's coverage in its four lanes).
AVX2_INLINE __m256i paint_half(__m256i color16, __m256i coverage16, __m256i pixel16) {
    const __m256i half = _mm256_set1_epi16(128);
    __m256i source = div255_16(_mm256_add_epi16(_mm256_mullo_epi16(color16, coverage16), half));
    // Each pixel's source alpha (lane 3 of its four) in all four of its lanes.
    __m256i alpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(source, 0xFF), 0xFF);
    __m256i inverse = _mm256_sub_epi16(_mm256_set1_epi16(255), alpha);
    __m256i under = div255_16(_mm256_add_epi16(_mm256_mullo_epi16(pixel16, inverse), half));
    // The low 8 bits of the sum (as the Swift code truncates), so packus never saturates.
    return _mm256_and_si256(_mm256_add_epi16(source, under), _mm256_set1_epi16(0xFF));
}

__attribute__((target("avx2")))
static void paint_avx2(const float *values, uint32_t *pixels, int64_t count, uint32_t color) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i color8 = _mm256_set1_epi32((int32_t)color);
    const __m256i colorLow = _mm256_unpacklo_epi8(color8, zero), colorHigh = _mm256_unpackhi_epi8(color8, zero);
    const __m256 scale = _mm256_set1_ps(255.0f), halfLevel = _mm256_set1_ps(0.5f);
    const __m256 floor = _mm256_setzero_ps(), ceiling = _mm256_set1_ps(255.0f);
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 rounded = _mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(values + i), scale), halfLevel);
        // max(x, 0) then min(x, 255), as the Swift clamp; finite inputs, so the NaN rules of
        // maxps/minps do not arise.
        rounded = _mm256_min_ps(_mm256_max_ps(rounded, floor), ceiling);
        __m256i coverage = _mm256_cvttps_epi32(rounded);
        if (_mm256_testz_si256(coverage, coverage)) continue;
        // Each pixel's coverage in its four bytes, then in 16-bit lanes like the pixels.
        __m256i coverage8 = _mm256_mullo_epi32(coverage, _mm256_set1_epi32(0x01010101));
        __m256i pixel8 = _mm256_loadu_si256((const __m256i *)(pixels + i));
        __m256i low = paint_half(colorLow, _mm256_unpacklo_epi8(coverage8, zero), _mm256_unpacklo_epi8(pixel8, zero));
        __m256i high = paint_half(colorHigh, _mm256_unpackhi_epi8(coverage8, zero), _mm256_unpackhi_epi8(pixel8, zero));
        // Coverage 0 leaves a pixel as it was (the rounded division by 255 of 255 × p is p).
        _mm256_storeu_si256((__m256i *)(pixels + i), _mm256_packus_epi16(low, high));
    }
    kinema_shadow_row_paint_portable(values + i, pixels + i, count - i, color);
}

__attribute__((target("avx2")))
static void shift_avx2(const float *line, float *out, int64_t count, float fx, int first_has_left) {
    const float keep = 1.0f - fx;
    int64_t i = 0;
    if (count > 0 && !first_has_left) {
        out[0] = line[0] * keep;
        i = 1;
    }
    const __m256 keep8 = _mm256_set1_ps(keep), fx8 = _mm256_set1_ps(fx);
    for (; i + 8 <= count; i += 8) {
        __m256 own = _mm256_mul_ps(_mm256_loadu_ps(line + i), keep8);
        __m256 left = _mm256_mul_ps(_mm256_loadu_ps(line + i - 1), fx8);
        _mm256_storeu_ps(out + i, _mm256_add_ps(own, left));
    }
    // The rest, every one of which has a left neighbour (pixel 0 was done above or has one).
    shift_portable(line + i, out + i, count - i, fx, 1);
}

__attribute__((target("avx2")))
static void mix_avx2(const float *row, const float *above, float *out, int64_t count, float fy) {
    if (above == 0) {
        mix_portable(row, above, out, count, fy);
        return;
    }
    const float keep = 1.0f - fy;
    const __m256 keep8 = _mm256_set1_ps(keep), fy8 = _mm256_set1_ps(fy);
    int64_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 own = _mm256_mul_ps(_mm256_loadu_ps(row + i), keep8);
        __m256 up = _mm256_mul_ps(_mm256_loadu_ps(above + i), fy8);
        _mm256_storeu_ps(out + i, _mm256_add_ps(own, up));
    }
    mix_portable(row + i, above + i, out + i, count - i, fy);
}

#endif

void kinema_shadow_row_shift(const float *line, float *out, int64_t count, float fx, int first_has_left) {
#if KINEMA_SHADOW_ROW_X86
    if (kinema_image_span_has_avx2()) {
        shift_avx2(line, out, count, fx, first_has_left);
        return;
    }
#endif
    shift_portable(line, out, count, fx, first_has_left);
}

void kinema_shadow_row_mix(const float *row, const float *above, float *out, int64_t count, float fy) {
#if KINEMA_SHADOW_ROW_X86
    if (kinema_image_span_has_avx2()) {
        mix_avx2(row, above, out, count, fy);
        return;
    }
#endif
    mix_portable(row, above, out, count, fy);
}

void kinema_shadow_row_paint(const float *values, uint32_t *pixels, int64_t count, uint32_t color) {
#if KINEMA_SHADOW_ROW_X86
    if (kinema_image_span_has_avx2()) {
        paint_avx2(values, pixels, count, color);
        return;
    }
#endif
    kinema_shadow_row_paint_portable(values, pixels, count, color);
}
