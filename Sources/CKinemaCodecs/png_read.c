// PNG reading through libpng's full API, under setjmp.
//
// Transformations to 8-bit RGBA, in libpng's order: palette → RGB, tRNS → alpha, gray 1/2/4 → 8
// bits (scaled: 1 → 255, 2-bit × 85, 4-bit × 17), 16 → 8 bits by keeping the high byte
// (png_set_strip_16, as Pillow does), gray → RGB, opaque alpha filler. Interlaced files are
// de-interlaced by png_read_image. Gamma, chromaticity, sRGB and ICC chunks are skipped without
// being parsed: samples are taken as sRGB as stored.
//
// Work bound: libpng's png_read_image, after the last row, goes on inflating the rest of the
// IDAT data to check that it ends (png_read_finish_IDAT): zlib data after the image is inflated
// to the end, whatever its size (1 MB of it can inflate to 1 GB, 2 s of CPU). The read callback
// therefore watches libpng's row position: once every row of every pass has been delivered
// (png_read_row writes a row before it advances the position), a request for more data ends the
// decode there, as a success, without feeding zlib another byte.
#include "CKinemaCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct kc_png_reader {
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int header_read;
    int rows_started;    // png_read_image was called
    int rows_complete;   // every row was delivered; the decode was stopped on purpose
    size_t bytes_read;   // bytes handed to libpng (a work counter for the tests)
    png_bytep *rows;
    char message[256];
};

static void kc_png_set_message(kc_png_reader *r, const char *text) {
    strncpy(r->message, text ? text : "", sizeof r->message - 1);
    r->message[sizeof r->message - 1] = 0;
}

static void kc_png_error(png_structp png, png_const_charp text) {
    kc_png_reader *r = (kc_png_reader *)png_get_error_ptr(png);
    kc_png_set_message(r, text);
    png_longjmp(png, 1);
}

static void kc_png_warning(png_structp png, png_const_charp text) {
    (void)png; (void)text;   // warnings (bad ancillary CRCs, unknown chunks) are not reported
}

// Whether libpng has delivered every row: past the last row of a non-interlaced image, or past
// the seventh pass of an interlaced one (png_read_finish_row advances the position after
// writing the row, then reads on to the end of the zlib stream).
static int kc_png_rows_done(kc_png_reader *r) {
    png_structp png = r->png;
    if (png_get_interlace_type(png, r->info) != PNG_INTERLACE_NONE) {
        return png_get_current_pass_number(png) >= 7;
    }
    return png_get_current_row_number(png) >= png_get_image_height(png, r->info);
}

static void kc_png_read_data(png_structp png, png_bytep out, size_t length) {
    kc_png_reader *r = (kc_png_reader *)png_get_io_ptr(png);
    if (r->rows_started && kc_png_rows_done(r)) {
        r->rows_complete = 1;
        png_error(png, "Image complete; data after the last row is not read");
    }
    r->bytes_read += length;
    if (length > r->size - r->offset) {
        png_error(png, "Read past the end of the data (truncated file)");
    }
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

kc_png_reader *kc_png_reader_create(const uint8_t *data, size_t size) {
    kc_png_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->data = data;
    r->size = size;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, kc_png_error, kc_png_warning);
    if (!r->png) { free(r); return NULL; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) {
        png_destroy_read_struct(&r->png, NULL, NULL);
        free(r);
        return NULL;
    }
    png_set_read_fn(r->png, r, kc_png_read_data);
    return r;
}

void kc_png_reader_destroy(kc_png_reader *r) {
    if (!r) return;
    png_destroy_read_struct(&r->png, &r->info, NULL);
    free(r->rows);
    free(r);
}

const char *kc_png_reader_message(const kc_png_reader *r) { return r ? r->message : ""; }
size_t kc_png_reader_bytes_read(const kc_png_reader *r) { return r ? r->bytes_read : 0; }

// Chunks libpng knows but KinemaImageIO ignores (pixels are sRGB as stored). Skipping them as
// unknown chunks also avoids inflating iCCP / zTXt / iTXt payloads at all.
static const png_byte kc_png_ignored_chunks[] =
    "gAMA\0" "cHRM\0" "sRGB\0" "iCCP\0" "sBIT\0" "tEXt\0" "zTXt\0" "iTXt\0" "eXIf\0" "hIST\0"
    "sPLT\0" "tIME\0" "pHYs\0" "oFFs\0" "pCAL\0" "sCAL\0" "bKGD\0";

kc_status kc_png_read_header(kc_png_reader *r, uint32_t max_width, uint32_t max_height,
                             uint32_t *width, uint32_t *height) {
    if (!r || r->header_read) return KC_ERR_USAGE;
    png_structp png = r->png;
    png_infop info = r->info;
    if (setjmp(png_jmpbuf(png))) return KC_ERR_DECODER;

    png_set_user_limits(png, max_width, max_height);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, kc_png_ignored_chunks,
                                (int)(sizeof kc_png_ignored_chunks / 5));
    png_read_info(png, info);
    r->header_read = 1;

    png_uint_32 w = 0, h = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(png, info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    *width = w;
    *height = h;

    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_strip_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);   // no-op when alpha is already there
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        kc_png_set_message(r, "Internal error: transformations did not give 8-bit RGBA");
        return KC_ERR_DECODER;
    }
    return KC_OK;
}

kc_status kc_png_read_pixels(kc_png_reader *r, uint8_t *rgba, size_t stride) {
    if (!r || r->header_read != 1 || !rgba) return KC_ERR_USAGE;
    r->header_read = 2;
    png_structp png = r->png;
    png_uint_32 h = png_get_image_height(png, r->info);
    if (stride < (size_t)png_get_image_width(png, r->info) * 4) return KC_ERR_USAGE;
    r->rows = malloc(sizeof(png_bytep) * (h ? h : 1));
    if (!r->rows) { kc_png_set_message(r, "Out of memory"); return KC_ERR_OUT_OF_MEMORY; }
    for (png_uint_32 y = 0; y < h; y++) r->rows[y] = rgba + (size_t)y * stride;

    if (setjmp(png_jmpbuf(png))) return r->rows_complete ? KC_OK : KC_ERR_DECODER;
    r->rows_started = 1;
    png_read_image(png, r->rows);
    // The chunks after the image data are not needed; a file cut after its last IDAT is
    // already caught by the Swift-side chunk scan.
    return KC_OK;
}
