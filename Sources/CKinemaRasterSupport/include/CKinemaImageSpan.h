// The affine image span kernel in C: one span of an image drawn source-over under an affine
// transform (KinemaRaster's AffineImageBlitter hands it each span), bilinear or nearest, any
// tiling, in AVX2 (8 pixels a step, chosen at run time) or portable C.
// Audited against: KinemaRaster's AffineImageBlitter / TexelSource (the Swift span walk), whose
// integers it reproduces exactly. Status: complete for every sampling, tiling and factor the
// Swift walk takes; no NEON version (aarch64 takes the portable one).
#ifndef CKINEMA_IMAGE_SPAN_H
#define CKINEMA_IMAGE_SPAN_H

#include <stdint.h>

/// One span for the kernel. Coordinates are image texels in 32.32 fixed point (already shifted by
/// −½ texel and rounded up by half a weight step for bilinear sampling, as the Swift blitter does);
/// every pixel's coordinates must lie within ±2^30 texels (the caller checks both ends).
typedef struct kinema_image_span {
    /// The span's first destination pixel; `count` packed premultiplied RGBA8 pixels follow.
    uint32_t *_Nonnull destination;
    /// `width × height` packed premultiplied RGBA8 texels, rows without padding.
    const uint32_t *_Nonnull texels;
    int64_t count;
    int64_t u, v;
    /// One destination pixel to the right, in 32.32.
    int64_t du, dv;
    /// Image size in texels: 1 ... 2^28 each, width × height ≤ 2^28.
    int64_t width, height;
    /// Coverage × global alpha in units of 2^-14: 1 ... 2^14 (2^14 is full).
    int32_t factor;
    /// `KINEMA_TILING_*`.
    int32_t tiling;
    /// Nonzero for bilinear sampling, zero for nearest.
    int32_t bilinear;
} kinema_image_span;

/// Transparent beyond the image.
#define KINEMA_TILING_DECAL 0
/// The edge texels continue outward.
#define KINEMA_TILING_CLAMP 1
/// The image repeats.
#define KINEMA_TILING_REPEAT 2

/// Composites the span with the AVX2 kernel, 8 pixels a step, where the processor and the OS
/// support AVX2 (checked once); with the portable kernel elsewhere. Returns the number of pixels
/// done by the 8-wide vector loop (the rest went pixel by pixel).
int64_t kinema_image_span_blend_avx2(const kinema_image_span *_Nonnull span);

/// The portable kernel: one pixel at a time, in C (any processor). Returns 0.
int64_t kinema_image_span_blend_portable(const kinema_image_span *_Nonnull span);

/// 1 when this machine runs the AVX2 kernel (checked once, then cached), else 0.
int kinema_image_span_has_avx2(void);

/// The kernel the environment variable `KINEMA_IMAGE_KERNEL` asks for, for comparing kernels in
/// one build: 1 `swift`, 2 `portable`, 3 `avx2`; 0 when unset or anything else.
int kinema_image_span_kernel_override(void);

#endif
