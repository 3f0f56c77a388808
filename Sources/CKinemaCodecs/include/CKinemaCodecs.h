// CKinemaCodecs: the C side of KinemaImageIO.
//
// libpng and libjpeg report fatal errors by longjmp, which Swift cannot host: a longjmp across
// Swift frames skips their cleanup and is undefined behaviour. Every call into those libraries
// therefore happens here, under a setjmp taken in C, and comes back to Swift as a status code
// plus a message. Nothing in this file prints, exits or aborts.
//
// Pixel buffers are 8-bit RGBA, rows `stride` bytes apart, top row first. Readers write straight
// (non-premultiplied) alpha; KinemaImageIO premultiplies afterwards (kc_premultiply_rgba).
#ifndef CKINEMACODECS_H
#define CKINEMACODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Outcome of a codec call. Anything but KC_OK leaves a message in the reader or writer.
typedef enum kc_status {
    KC_OK = 0,
    /// The library rejected the data; the message says why.
    KC_ERR_DECODER = 1,
    /// The data ended before the image did.
    KC_ERR_TRUNCATED = 2,
    /// A colour model or feature the reader does not handle.
    KC_ERR_UNSUPPORTED = 3,
    /// malloc failed or a memory cap was hit.
    KC_ERR_OUT_OF_MEMORY = 4,
    /// A call made out of order or with bad arguments (a bug on the Swift side).
    KC_ERR_USAGE = 5,
    /// The image is larger than the library handles (libjpeg: over 65500 pixels a side).
    KC_ERR_TOO_LARGE = 6,
} kc_status;

// MARK: - Pixels

/// In place: c = round(c × a / 255) for each of R, G, B; `count` pixels.
void kc_premultiply_rgba(uint8_t *pixels, size_t count);
/// `dst` = straight alpha of premultiplied `src`: c = min(255, round(c × 255 / a)), 0 when a = 0.
void kc_unpremultiply_rgba(const uint8_t *src, uint8_t *dst, size_t count);

/// CRC-32 as PNG uses it (the chunk type and data of one chunk).
uint32_t kc_crc32(const uint8_t *bytes, size_t count);

// MARK: - PNG (libpng full API)

typedef struct kc_png_reader kc_png_reader;

/// A reader over `size` bytes at `data`, which must outlive it. NULL if out of memory.
kc_png_reader *kc_png_reader_create(const uint8_t *data, size_t size);
void kc_png_reader_destroy(kc_png_reader *reader);
/// Reads the header and sets up the transformations to 8-bit RGBA.
/// `max_width`/`max_height` become libpng's user limits; width and height are reported either way.
kc_status kc_png_read_header(kc_png_reader *reader, uint32_t max_width, uint32_t max_height,
                             uint32_t *width, uint32_t *height);
/// Decodes the whole image (any interlacing) into `rgba`, straight alpha. Stops once the last
/// row is delivered: zlib data after it is neither read nor inflated.
kc_status kc_png_read_pixels(kc_png_reader *reader, uint8_t *rgba, size_t stride);
/// How many bytes of the file libpng has been handed so far (a work counter for tests).
size_t kc_png_reader_bytes_read(const kc_png_reader *reader);
/// The last error message, or "" (owned by the reader).
const char *kc_png_reader_message(const kc_png_reader *reader);

/// Encodes straight-alpha RGBA as PNG. `drop_alpha` writes colour type RGB (alpha must be all 255).
/// On KC_OK, `*out` is a malloc'd buffer of `*out_size` bytes the caller frees with kc_free.
/// `message` receives up to `message_capacity` bytes of error text.
kc_status kc_png_write(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int drop_alpha, int compression_level,
                       uint8_t **out, size_t *out_size, char *message, size_t message_capacity);

// MARK: - JPEG (libjpeg-turbo, libjpeg API)

typedef struct kc_jpeg_reader kc_jpeg_reader;

/// What the JPEG header says about the stored image.
typedef struct kc_jpeg_info {
    uint32_t width;
    uint32_t height;
    /// 1 gray, 3 YCbCr or RGB, 4 CMYK or YCCK.
    int components;
    /// libjpeg's J_COLOR_SPACE of the file.
    int color_space;
    int progressive;
    /// An Adobe APP14 marker was present (CMYK is then stored inverted).
    int adobe_marker;
} kc_jpeg_info;

kc_jpeg_reader *kc_jpeg_reader_create(const uint8_t *data, size_t size);
void kc_jpeg_reader_destroy(kc_jpeg_reader *reader);
/// Reads the markers up to the first scan. Allocates nothing proportional to the image. On
/// KC_ERR_TOO_LARGE, `info` still holds the claimed width and height.
kc_status kc_jpeg_read_header(kc_jpeg_reader *reader, kc_jpeg_info *info);
/// Starts decompression to RGBA (alpha 255). `max_memory` caps libjpeg's own allocations
/// (coefficient buffers of multi-scan files); `max_scans` caps the scan count. Sets
/// `*input_complete` to 1 when the file has several scans: those are all read (and a cut file
/// found) before this returns.
kc_status kc_jpeg_start(kc_jpeg_reader *reader, size_t max_memory, int max_scans, int *input_complete);
/// Decodes up to `max_rows` further rows into `rgba` (rows `stride` bytes apart from its start),
/// setting `*rows_read`. Gray, YCbCr and RGB go through libjpeg's RGBA output; CMYK and YCCK
/// are converted here (see the implementation). After the last row the decode is finished.
kc_status kc_jpeg_read_rows(kc_jpeg_reader *reader, uint8_t *rgba, size_t stride, uint32_t max_rows,
                            uint32_t *rows_read);
/// Warnings libjpeg recovered from (corrupt data it skipped), and the first one's text.
int kc_jpeg_reader_warning_count(const kc_jpeg_reader *reader);
const char *kc_jpeg_reader_first_warning(const kc_jpeg_reader *reader);
const char *kc_jpeg_reader_message(const kc_jpeg_reader *reader);

/// Encodes the RGB of RGBA (the alpha byte is ignored) as baseline YCbCr 4:2:0 JPEG.
/// Same output convention as kc_png_write.
kc_status kc_jpeg_write(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                        int quality, uint8_t **out, size_t *out_size,
                        char *message, size_t message_capacity);

/// Frees a buffer returned by a writer.
void kc_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
