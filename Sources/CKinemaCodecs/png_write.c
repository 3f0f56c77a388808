// PNG writing through libpng's full API, under setjmp, into a growing memory buffer.
#include "CKinemaCodecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct kc_png_sink {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    char *message;
    size_t message_capacity;
} kc_png_sink;

static void kc_png_sink_message(kc_png_sink *sink, const char *text) {
    if (!sink->message || sink->message_capacity == 0) return;
    strncpy(sink->message, text, sink->message_capacity - 1);
    sink->message[sink->message_capacity - 1] = 0;
}

static void kc_png_write_error(png_structp png, png_const_charp text) {
    kc_png_sink_message((kc_png_sink *)png_get_error_ptr(png), text);
    png_longjmp(png, 1);
}

static void kc_png_write_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

static void kc_png_write_data(png_structp png, png_bytep data, size_t length) {
    kc_png_sink *sink = (kc_png_sink *)png_get_io_ptr(png);
    if (length > SIZE_MAX / 2 - sink->size) png_error(png, "PNG output too large");
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->size + length) capacity *= 2;
        uint8_t *bytes = realloc(sink->bytes, capacity);
        if (!bytes) png_error(png, "Out of memory");
        sink->bytes = bytes;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void kc_png_flush(png_structp png) { (void)png; }

kc_status kc_png_write(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                       int drop_alpha, int compression_level,
                       uint8_t **out, size_t *out_size, char *message, size_t message_capacity) {
    if (!rgba || !out || !out_size || width == 0 || height == 0 || stride < (size_t)width * 4)
        return KC_ERR_USAGE;
    *out = NULL;
    *out_size = 0;
    // The sink is on the heap: the write callback changes it between setjmp and a possible
    // longjmp, and a local changed that way would be indeterminate after the jump (C11 7.13.2.1).
    kc_png_sink *sink = calloc(1, sizeof *sink);
    png_bytep *rows = malloc(sizeof(png_bytep) * height);
    if (!sink || !rows) { free(sink); free(rows); return KC_ERR_OUT_OF_MEMORY; }
    sink->message = message;
    sink->message_capacity = message_capacity;
    for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * stride);

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink,
                                              kc_png_write_error, kc_png_write_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_write_struct(&png, NULL);
        free(rows);
        kc_png_sink_message(sink, "Out of memory");
        free(sink);
        return KC_ERR_OUT_OF_MEMORY;
    }
    // `png`, `info`, `rows` and `sink` themselves are not changed after setjmp.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(rows);
        free(sink->bytes);
        free(sink);
        return KC_ERR_DECODER;
    }
    png_set_write_fn(png, sink, kc_png_write_data, kc_png_flush);
    png_set_compression_level(png, compression_level);
    png_set_IHDR(png, info, width, height, 8,
                 drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);   // on write: strips the 4th byte
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    *out = sink->bytes;
    *out_size = sink->size;
    free(sink);
    return KC_OK;
}
